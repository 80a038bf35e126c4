// The counters the front ends list (read from the counter registry,
// core/privacy/counter_kinds.h), which a privacy model admits and the counter
// each model defaults to (the GUI's series chooser and counter view, the
// CLI's help). The budgets a user gives
// are read by api::parseBudgets (budget_input.h).
#pragma once

#include <string>
#include <vector>

#include "core/values/privacy_choice.h"
#include "core/values/privacy_model.h"

namespace streamsynth::api {

std::vector<CounterChoice> counterChoices();

// The counter text for a choice's parameters: "block:16", "elders:7:977".
std::string counterChoiceText(const CounterChoice& choice, long long blockSize, int arity, long long horizon);

// Every kind's grammar for the CLI's help: "simple, block:B, …, optionally +discrete".
std::string counterGrammarList();

// Whether a counter text (privacy::parseCounterSpec, e.g. "sqrt:100") exists in
// the model: sqrt:T and sqrt-unbounded only under zCDP. False for unknown text.
bool counterSupportsModel(const std::string& counter, privacy::PrivacyModel model);

// The counter a model's proposed series defaults to for a stream of `steps`
// steps (docs/privacy-models.md "Defaults"; measured on the paper grid, not
// assumed): `simple` in both models. The proposed streamer measures each
// workload by the counter's change since its last reset, where the simple
// counter adds one noise term of the smallest scale; the factorisation and
// tree counters pay their structural noise there and lose on every cell.
std::string defaultCounter(privacy::PrivacyModel model, long long steps);

// The counter whose full running count has the lowest error at every t ≤ T in
// the model (the Counters tab's pick; the counter comparison in
// docs/privacy-models.md): elders:7:T under pure ε-DP, sqrt:T under zCDP.
std::string bestRunningCounter(privacy::PrivacyModel model, long long steps);

}  // namespace streamsynth::api
