// The fit engines' registry as choices (fit_engine_choice.h).
#include "core/api/fit_engine_choice.h"

#include "core/fit/fit_engine_kinds.h"

namespace streamsynth::api {

std::vector<FitEngineChoice> fitEngineChoices() {
    std::vector<FitEngineChoice> out;
    for (const fit::FitEngineKind& k : fit::fitEngineKinds()) out.push_back({k.name, k.title, k.about});
    return out;
}

std::string fitEngineHelp() {
    std::string out;
    for (const fit::FitEngineKind& k : fit::fitEngineKinds())
        out += (out.empty() ? k.name + " (default): " : "; " + k.name + ": ") + k.about;
    return out;
}

}  // namespace streamsynth::api
