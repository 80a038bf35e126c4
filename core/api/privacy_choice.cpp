// core/api/privacy_choice.h over the workflow of core/workflow/privacy_choice.h.
#include "core/api/privacy_choice.h"

#include <utility>

#include "core/workflow/privacy_choice.h"

namespace streamsynth::api {

std::vector<CounterChoice> counterChoices() {
    return workflow::counterChoices();
}

std::string counterChoiceText(const CounterChoice& choice, long long blockSize, int arity,
                              long long horizon) {
    return workflow::counterChoiceText(choice, blockSize, arity, horizon);
}

std::string counterGrammarList() {
    return workflow::counterGrammarList();
}

bool counterSupportsModel(const std::string& counter, privacy::PrivacyModel model) {
    return workflow::counterSupportsModel(counter, std::move(model));
}

std::string defaultCounter(privacy::PrivacyModel model, long long steps) {
    return workflow::defaultCounter(std::move(model), steps);
}

std::string bestRunningCounter(privacy::PrivacyModel model, long long steps) {
    return workflow::bestRunningCounter(std::move(model), steps);
}

}  // namespace streamsynth::api
