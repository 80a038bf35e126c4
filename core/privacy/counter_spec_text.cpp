// Counter specs in words: parsing "elders:7:1024+discrete" by the registered
// kind's grammar, printing a spec back, and validating its parameters (the
// grammar's limits, the kind's own checks, the privacy model).
#include <algorithm>
#include <cctype>
#include <string>

#include "core/privacy/counter.h"
#include "core/privacy/counter_kinds.h"
#include "core/values/error.h"

namespace streamsynth::privacy {

namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

long long parsePositive(const std::string& text, const std::string& what) {
    std::size_t used = 0;
    long long v = 0;
    try {
        v = std::stoll(text, &used);
    } catch (...) {
        used = 0;
    }
    if (used != text.size() || text.empty() || v < 1)
        throw settingError("counter", what + " must be a whole number >= 1, got '" + text + "'");
    return v;
}

Error unknownCounter(const std::string& input) {
    return settingError("counter", "unknown counter '" + input + "' (expected " + counterGrammarList() + ")");
}

// The parameters after the name, by the kind's grammar.
void readArgs(const CounterKind& kind, const std::string& input, bool hasArg, const std::string& arg,
              CounterSpec& spec) {
    if ((kind.args == CounterArgs::None) == hasArg) throw unknownCounter(input);
    switch (kind.args) {
        case CounterArgs::None:
            return;
        case CounterArgs::BlockSize:
            spec.blockSize = parsePositive(arg, "block size B");
            return;
        case CounterArgs::Horizon:
            spec.horizon = parsePositive(arg, "horizon T");
            return;
        case CounterArgs::ArityHorizon: {
            const auto second = arg.find(':');
            if (second == std::string::npos)
                throw settingError("counter", kind.name + " needs its horizon: " + counterGrammar(kind) +
                                                  " (e.g. " + kind.name +
                                                  ":7:1024); the noise scale grows with the tree height, "
                                                  "which T fixes");
            spec.arity =
                static_cast<int>(std::min<long long>(parsePositive(arg.substr(0, second), "arity K"), 1000));
            spec.horizon = parsePositive(arg.substr(second + 1), "horizon T");
            return;
        }
    }
}

}  // namespace

bool hasHorizon(const CounterSpec& spec) {
    const CounterArgs args = kindOf(spec).args;
    return args == CounterArgs::Horizon || args == CounterArgs::ArityHorizon;
}

bool supportsModel(const CounterSpec& spec, PrivacyModel model) {
    // The square roots' L1 column norms grow without bound (like √T): no pure form.
    return kindOf(spec).pure || model == PrivacyModel::ZCdp;
}

void validateCounterSpec(const CounterSpec& spec) {
    const CounterKind& kind = kindOf(spec);
    if (kind.args == CounterArgs::BlockSize && spec.blockSize < 1)
        throw settingError("counter", "block size must be >= 1");
    if (hasHorizon(spec) && (spec.horizon < 1 || spec.horizon > (1LL << 40)))
        throw settingError("counter", "counter horizon must be between 1 and 2^40");
    if (kind.args == CounterArgs::ArityHorizon && (spec.arity < 3 || spec.arity > 63 || spec.arity % 2 == 0))
        throw settingError("counter", counterGrammar(kind) + " needs an odd arity K between 3 and 63");
    if (kind.check) kind.check(spec);
    if (!supportsModel(spec, privacyModelOf(spec.noise)))
        throw settingError("counter",
                           "counter " + counterSpecToString(spec) +
                               " needs Gaussian noise: use it with the zcdp privacy model (--privacy zcdp)");
}

CounterSpec parseCounterSpec(const std::string& input, PrivacyModel model) {
    std::string text = lower(input);
    CounterSpec spec;
    bool discrete = false;
    const std::string discreteSuffix = "+discrete";
    if (text.size() > discreteSuffix.size() &&
        text.compare(text.size() - discreteSuffix.size(), discreteSuffix.size(), discreteSuffix) == 0) {
        discrete = true;
        text.resize(text.size() - discreteSuffix.size());
    }
    spec.noise = noiseKindFor(model, discrete);
    const auto colon = text.find(':');
    const CounterKind* kind = findCounterKind(text.substr(0, colon));
    if (!kind) throw unknownCounter(input);
    spec.kind = kind->name;
    readArgs(*kind, input, colon != std::string::npos,
             colon == std::string::npos ? std::string() : text.substr(colon + 1), spec);
    validateCounterSpec(spec);
    return spec;
}

std::string counterSpecToString(const CounterSpec& spec) {
    std::string s = counterText(kindOf(spec), spec.blockSize, spec.arity, spec.horizon);
    if (isDiscrete(spec.noise)) s += "+discrete";
    return s;
}

}  // namespace streamsynth::privacy
