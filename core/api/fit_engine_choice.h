// The fit engines a run may use, as the GUI's chooser and the CLI's help list
// them: read from the engines' registry (core/fit/fit_engine_kinds.h), so an
// engine registered there appears in both without a change here.
#pragma once

#include <string>
#include <vector>

namespace streamsynth::api {

struct FitEngineChoice {
    std::string name;  // what RunConfig::fitEngine takes: "pgm"
    // English words; the GUI translates them in the context "FitEngineKind".
    std::string title, about;
};

// Every registered engine, the default ("pgm") first.
std::vector<FitEngineChoice> fitEngineChoices();
// "pgm (default): …; mw: …", for the CLI's help of --engine.
std::string fitEngineHelp();

}  // namespace streamsynth::api
