// Which counters a privacy model admits and the counter each model defaults
// to (the GUI's series chooser and counter view). The budgets a user gives
// are read by api::parseBudgets (budget_input.h).
#pragma once

#include <string>

#include "core/privacy/privacy_model.h"

namespace streamsynth::api {

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
