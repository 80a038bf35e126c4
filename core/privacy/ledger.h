// The privacy ledger: every ε spent, and the proof that a stream stays ε-DP.
//
// What "per-stream total" means (SPEC §3 Accounting, §5). Neighbouring streams
// differ in one row, which arrives at one step t. The ledger checks, per
// series and per step, that the charges made at that step sum to at most the
// stream's ε (budgetPerStep). That per-step sum bounds the privacy loss of
// every row of that step over the WHOLE stream, because:
//  - Baseline: step t's mechanisms read only ∇f_t (rows disjoint across steps);
//    later steps read earlier releases only (post-processing). Parallel
//    composition over steps: ε for the stream.
//  - Proposed: at step t the row enters (a) k selections with ε/(2k) each
//    (they read ∇f_t + g_{t−1}, and g_{t−1} is post-processing) and (b) the
//    feeds of the ≤ k counters selected at t, one feed each. Each counter is
//    ε/(2k)-DP for its whole input stream under continual observation (one
//    increment of one cell changes by 1; cells compose in parallel), so the
//    "measurement" charge of ε/(2k) made at step t already pays for every
//    later release of that counter that still contains the row. Later charges
//    of the same counter pay for later steps' rows, not again for this one.
//    Total for the row: k·ε/(2k) + k·ε/(2k) = ε.
// Hence the guarantee of a series is maxStepSpent(series) ≤ ε; totalSpent()
// (the sum over all steps) is bookkeeping, NOT a privacy loss. Skipped rounds
// charge nothing, so a step may show less than ε, never more.
//
// The comparison allows a relative 1e-9 so that k charges of ε/k that do not
// add up exactly in floating point never block a legitimate run (the failure
// mode of opendp issue 2789); that slack is ~1e-9·ε, far below any meaningful ε.
#pragma once

#include <string>
#include <map>
#include <vector>

namespace streamsynth::privacy {

struct Charge {
    std::string series;     // which streamer run ("baseline", "proposed", …)
    std::string mechanism;  // "selection" | "measurement"
    double epsilon = 0;     // > 0, finite
    int step = 0;           // 1-based time step whose rows this charge reads
    int round = 0;          // 1-based round within the step
    std::string workload;   // workload id/name ("" when not applicable)
};

class PrivacyLedger {
public:
    // budgetPerStep: the stream's ε, finite > 0 (settingError("epsilon")).
    explicit PrivacyLedger(double budgetPerStep);

    // Records c, or throws Error(ErrorKind::Privacy, …) naming series and step
    // if spent(c.series, c.step) + c.epsilon > budget·(1 + 1e-9); nothing is
    // recorded then. c.epsilon <= 0, NaN or inf -> settingError("epsilon").
    void charge(const Charge& c);
    // Would charge(c) succeed? (no side effects)
    bool canCharge(const Charge& c) const;

    double budgetPerStep() const { return budget_; }
    // A smaller budget for one series (a run whose series have different ε:
    // the combined view of RunEngine::ledger()). budgetPerStep ≤ the ledger's
    // budget, finite > 0 (settingError); Error(Privacy) if the series already
    // spent more at one step. Not part of save().
    void setSeriesBudget(const std::string& series, double budgetPerStep);
    double budgetPerStep(const std::string& series) const;  // its own, else the ledger's
    double spent(const std::string& series, int step) const;
    double remaining(const std::string& series, int step) const;  // ≥ 0
    // Sum over every step (bookkeeping; not the privacy loss, see above).
    double totalSpent(const std::string& series) const;
    // The series' actual guarantee: the largest per-step sum (≤ budget).
    double maxStepSpent(const std::string& series) const;
    std::vector<std::string> series() const;  // in order of first charge

    const std::vector<Charge>& charges() const { return charges_; }
    // Fixed-width text table: one line per charge, then per-series summaries.
    std::string toTable() const;
    // {"budget_per_step":…, "charges":[{…}],
    //  "series":[{"name","budget_per_step","max_step_spent","total_spent","steps"}]}
    std::string toJson() const;
    // Boost binary archive (sessions); load throws Error(Session) when damaged
    // or when the charges break the budget.
    std::string save() const;
    static PrivacyLedger load(const std::string& bytes);

private:
    double budget_;
    std::vector<Charge> charges_;
    std::map<std::string, double> seriesBudget_;
};

}  // namespace streamsynth::privacy
