// A charge of the privacy ledger as a value (core/privacy/ledger.h keeps
// the ledger itself): what it pays for, how much, which step and round, and
// the guarantee statement in words. Implemented in core/privacy.
#pragma once

#include <string>

#include "core/values/privacy_model.h"

namespace streamsynth::privacy {

// What a ledger charge pays for (typed, never matched by name).
enum class ChargeKind { Selection, Measurement };
const char* chargeKindName(ChargeKind kind);  // "selection" | "measurement"

// The step of a charge made once for the whole stream before step 1.
inline constexpr int kWholeStreamStep = 0;

struct Charge {
    std::string series;                         // which streamer run ("baseline", "proposed", …)
    ChargeKind kind = ChargeKind::Measurement;  // what the charge pays for (typed)
    std::string mechanism;  // what drew the noise, for people: "exponential", "laplace", "counter:tree:64", …
    double amount = 0;      // ε (pure) or ρ (zcdp) in the ledger's model; > 0, finite
    int step = 0;           // 1-based time step whose rows this charge reads; kWholeStreamStep: every step's
    int round = 0;          // 1-based round within the step
    std::string workload;  // workload id/name ("" when not applicable)
};

// "epsilon = 1 for the whole stream (event level: each row is counted at one
// step; the largest per-step charge is 1)", with "; that implies (ε, δ)-DP"
// under zCDP when delta > 0. The budget in the shortest round-trip
// form, the largest charge and the implied ε rounded to 6 significant digits.
// protection: who is protected (protectionClause(), privacy_unit.h); empty:
// event level.
std::string guaranteeStatement(PrivacyModel model, double budget, double largestStepCharge, double delta,
                               const std::string& protection = {});

}  // namespace streamsynth::privacy
