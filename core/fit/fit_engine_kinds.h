// The registry of fit engines (issue 48, "variation points register
// themselves"): each engine's name (what a run's config, a session and a
// manifest record), the words the GUI and the CLI show, and its maker. The
// run engine, the config check, the model-size cap, the release spool's
// recipes, the measurement fit and the GUI's and CLI's lists read this one
// list, so a new engine is its own file plus one line in the built-ins.
// Kinds are registered before any run starts (registration is not
// synchronised with readers); the built-ins are there from the first call.
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <string>

#include "core/fit/fit_engine.h"

namespace streamsynth::fit {

struct FitEngineKind {
    std::string name;  // lower case, as recorded: "pgm"
    // English words (the GUI translates them in the context "FitEngineKind"):
    // the chooser's label and a one-line explanation for tooltips and help.
    std::string title, about;
    std::function<std::unique_ptr<FitEngine>()> make;
};

// Adds a kind after the built-ins. Error(Setting) when the name is taken or
// empty, or the maker is missing.
void registerFitEngineKind(FitEngineKind kind);
// Every kind: the built-ins ("pgm" first: the default), then the registered.
// A deque: a registration never moves the kinds already listed.
const std::deque<FitEngineKind>& fitEngineKinds();
// The kind of a name; nullptr when there is none.
const FitEngineKind* findFitEngineKind(const std::string& name);
// A new engine of that kind. Error(Setting) naming "engine" and the known
// names when there is none.
std::unique_ptr<FitEngine> makeFitEngine(const std::string& name);
// "pgm or mw": every kind's name, for messages.
std::string fitEngineNameList();

}  // namespace streamsynth::fit
