// Whether a saved stream may continue with a grown table (the digest check
// of its released steps): the answer the GUI words and the CLI prints.
#pragma once

#include <string>
#include <vector>

#include "core/values/problem.h"

namespace streamsynth::api {

// The result of checking a grown table against a session.
struct ContinueCheck {
    bool accepted = false;
    int releasedSteps = 0;  // steps 1..releasedSteps were released before
    int stepsVerified = 0;  // released steps whose rows are unchanged (== releasedSteps when accepted)
    int newSteps = 0;       // steps to run, releasedSteps+1 .. stepCount (> 0 when accepted)
    int stepCount = 0;      // steps the grown table gives (0 when it could not be planned)
    std::string refusal;    // plain words why not (empty when accepted)
    std::vector<data::Problem> problems;  // notes from reading/encoding the grown table
    // Refused only because nothing is new: every released step verified.
    // continueSession(…, resumeWhenUpToDate = true) still resumes the run
    // then (never to be run), so that exports due at the last step can be
    // finished.
    bool upToDate = false;
};

}  // namespace streamsynth::api
