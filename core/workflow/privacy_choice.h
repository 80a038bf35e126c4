// The workflow behind core/api/privacy_choice.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <string>
#include <vector>

#include "core/values/privacy_choice.h"
#include "core/values/privacy_model.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

std::vector<CounterChoice> counterChoices();
std::string counterChoiceText(const CounterChoice& choice, long long blockSize, int arity, long long horizon);
std::string counterGrammarList();
bool counterSupportsModel(const std::string& counter, privacy::PrivacyModel model);
std::string defaultCounter(privacy::PrivacyModel model, long long steps);
std::string bestRunningCounter(privacy::PrivacyModel model, long long steps);

}  // namespace streamsynth::workflow
