// The privacy model a user chose and the budgets it gives a run (the GUI's
// experiment panel and counter view; the CLI's --privacy/--rho/--epsilon/
// --delta follow the same rules): pure ε-DP, or ρ-zCDP with ρ typed or with
// (ε, δ) converted to the largest ρ that implies it (privacy/zcdp_conversion.h).
// Also which counters a model admits and the counter each model defaults to.
#pragma once

#include <string>
#include <vector>

#include "core/privacy/privacy_model.h"

namespace streamsynth::api {

struct PrivacyChoice {
    privacy::PrivacyModel model = privacy::PrivacyModel::Pure;
    bool fromEpsilonDelta = false;  // zCDP only: `values` are ε's, converted at `delta`
    std::vector<double> values;     // as typed: ε (pure; zCDP from (ε, δ)) or ρ
    double delta = 1e-6;            // zCDP: δ of the conversion or of the display (public)
};

struct PrivacyBudgets {
    privacy::PrivacyModel model = privacy::PrivacyModel::Pure;
    std::vector<double> budgets;   // per stream, in the model: ε or ρ (RunConfig series budgets)
    double delta = 0;              // RunConfig::delta (0 under pure)
    std::vector<double> epsilons;  // zCDP: the ε each ρ implies at δ (never above a typed ε)
};

// Setting Error named "epsilon", "rho" or "delta" on an empty list, a value
// outside the range a user may ask for (privacy/epsilon_range.h), or δ
// outside (0, 1) under zCDP.
PrivacyBudgets resolvePrivacy(const PrivacyChoice& choice);

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
