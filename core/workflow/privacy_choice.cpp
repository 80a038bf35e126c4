// Counters and privacy models (privacy_choice.h).
#include "core/workflow/privacy_choice.h"

#include <algorithm>

#include "core/privacy/counter.h"
#include "core/privacy/counter_kinds.h"
#include "core/values/error.h"

namespace streamsynth::workflow {

bool counterSupportsModel(const std::string& counter, privacy::PrivacyModel model) {
    try {
        // Parsed under zCDP, where every type exists, then asked about the model.
        return privacy::supportsModel(privacy::parseCounterSpec(counter, privacy::PrivacyModel::ZCdp), model);
    } catch (const Error&) {
        return false;
    }
}

// The api's copy of the grammar kinds, in the same order.
static_assert(static_cast<int>(CounterChoice::Args::ArityHorizon) ==
              static_cast<int>(privacy::CounterArgs::ArityHorizon));
static_assert(static_cast<int>(CounterChoice::Args::Horizon) ==
              static_cast<int>(privacy::CounterArgs::Horizon));

std::vector<CounterChoice> counterChoices() {
    std::vector<CounterChoice> choices;
    for (const privacy::CounterKind& k : privacy::counterKinds())
        choices.push_back({k.name, static_cast<CounterChoice::Args>(k.args), k.pure, k.title, k.about});
    return choices;
}

std::string counterChoiceText(const CounterChoice& choice, long long blockSize, int arity,
                              long long horizon) {
    const privacy::CounterKind* kind = privacy::findCounterKind(choice.name);
    if (!kind) throw settingError("counter", "unknown counter '" + choice.name + "'");
    return privacy::counterText(*kind, blockSize, arity, horizon);
}

std::string counterGrammarList() {
    return privacy::counterGrammarList();
}

std::string defaultCounter(privacy::PrivacyModel, long long) {
    return "simple";
}

std::string bestRunningCounter(privacy::PrivacyModel model, long long steps) {
    const std::string t = std::to_string(std::max(1LL, steps));
    return model == privacy::PrivacyModel::ZCdp ? "sqrt:" + t : "elders:7:" + t;
}

}  // namespace streamsynth::workflow
