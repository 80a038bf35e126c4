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
// zCDP runs (privacy_model.h) account in ρ with the same argument:
//  - zCDP composes additively (Bun & Steinke 2016, Lemma 2.3): the k
//    selections (each the exponential mechanism at ε = √(8ρ_sel), which is
//    ρ_sel-zCDP, Cesar & Rogers 2021) and the k measurements (Gaussian, ρ =
//    Δ₂²/(2σ²)) that read a row of step t sum to the step's charges.
//  - Steps read disjoint rows (event-level neighbours), so a row's loss is
//    that of its own step (parallel composition holds for zCDP as for ε-DP;
//    later steps only post-process earlier releases).
//  - A Gaussian counter is ρ'-zCDP for its whole input stream: its release
//    vector is a linear map of Rx + z with z ~ N(0, σ²I), and one increment
//    changed by ±1 moves Rx by one column of R, whose L2 norm is at most the
//    largest column norm of R (the counter's factorisation: tree nodes, the
//    square-root Toeplitz matrix, …); σ² = that norm² /(2ρ') (counter.h). The
//    cells of a vector counter compose in parallel as under ε-DP.
// So a zCDP series' guarantee is maxStepSpent(series) ≤ ρ, and (ε, δ)-DP for
// every δ via zcdpEpsilon(ρ, δ) (zcdp_conversion.h; shown beside ρ).
//
// Unit level (issue 49; docs/privacy-models.md "Person-level privacy").
// Neighbouring streams differ in all the rows of one privacy unit: r_t rows
// at step t, Σ_t r_t ≤ m, r_t ≤ K (the bound core/steps/unit_steps.h applies
// before any count). The ledger's charges stay what the split says; every
// mechanism is calibrated so that those charges pay for a unit
// (core/stream/unit_noise.h), and then the same check, largest per-step sum
// ≤ B, bounds a unit's loss:
//  - Pure ε. Each mechanism of step t is calibrated to m times its row
//    sensitivity, so it loses at most (r_t/m)·(its charge) on the unit; a
//    counter calibrated to m·Δ loses at most (m_j/m)·ε_j on the m_j ≤ m of
//    the unit's rows it is fed, and a row is fed at its own step to the
//    counters charged there. Summed: loss ≤ Σ_t (r_t/m)·spent(t) ≤ max_t spent(t).
//  - zCDP. A fresh Gaussian or a selection of step t calibrated with m·K
//    loses (r_t²/(m·K))·(its charge), and Σ_t r_t² ≤ K·Σ_t r_t ≤ m·K.
//    A counter is calibrated to F ≥ max over placements d of ‖R d‖₂²/N₂²
//    (unit_sensitivity.h: m·K simple, the trees' exact programme, m²
//    otherwise) and loses ρ_j·‖R d_j‖₂²/(F·N₂²) on the rows d_j ≤ d it is
//    fed. The k workload counters share one ρ_c and a row feeds at most the
//    k of its step, so the m_j rows they hold sum to Σ_j m_j ≤ k·m. Each is
//    fed only when its workload is selected, so its tree runs over its own
//    feeds: it is calibrated to F' = m·max_x g(x)/x (g(x): the most
//    ‖R d‖₂²/N₂² of x rows in one counter; a review of 2026-12-01 found a
//    split over counters that passes k·F), so g(m_j) ≤ (m_j/m)·F' and
//    Σ_j g(m_j) ≤ k·F' (simple: g(x) ≤ K·x, F' = m·K; m²: g(x) ≤ x²,
//    F' = m²). Either way the workload counters lose at most k·ρ_c, and each
//    1-way or small counter (fed every row, at every step: F) at most its own ρ_a.
//   Summed: a unit loses at most the step's selection and fresh shares plus
//   the counters' shares, the budget B the split makes a full step spend.
// Whole-stream mechanisms (the coarsening's choice) read all m of a unit's
// rows at once and are calibrated to m·Δ in both models.
//
// Whole-stream charges (step kWholeStreamStep = 0). A mechanism run once
// before step 1 on the rows of every step (the DP choice of a coarsened
// domain, top_m_selection.h) reads each row once more, whatever its step;
// so its charge counts toward every step's sum: spent(series, t) is step
// t's own charges plus the whole-stream ones, and the guarantee (largest
// per-step sum) includes it. The streamers then spend B − s per step.
//
// No tolerance (a step never spends more than its budget): a charge is refused as soon as the
// floating-point sum of the step's charges would exceed the budget by any
// amount. BudgetSplit (budget_split.h) makes a full step sum to the budget
// exactly, in the order the charges are recorded, so legitimate runs never
// hit the limit.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/privacy/budget_split.h"
#include "core/privacy/saved_charges.h"
#include "core/values/budget.h"
#include "core/values/charge.h"
#include "core/values/privacy_model.h"

class QJsonObject;

namespace streamsynth::privacy {

class PrivacyLedger {
public:
    // budgetPerStep: the stream's ε (pure) or ρ (zcdp), finite > 0
    // (settingError naming epsilon or rho).
    explicit PrivacyLedger(double budgetPerStep, PrivacyModel model = PrivacyModel::Pure);
    // A series' budget as the user gave it: its amount per step, its model
    // and (zCDP) the δ at which guarantees are stated.
    explicit PrivacyLedger(const Budget& budget);

    PrivacyModel model() const { return model_; }
    // zCDP only: the δ at which toJson/toTable show the (ε, δ) conversion of
    // each series' guarantee (0 = not shown). Public, display only.
    void setConversionDelta(double delta);
    double conversionDelta() const { return delta_; }
    // Who the guarantee protects, as protectionClause() words it (public,
    // display only, not part of save(): the run sets it from its settings).
    // Empty: event level.
    void setProtection(std::string clause) { protection_ = std::move(clause); }
    const std::string& protection() const { return protection_; }

    // Records c, or throws Error(ErrorKind::Privacy, …) naming series and step
    // if spent(c.series, c.step) + c.amount > budget (no slack); nothing is
    // recorded then. c.amount <= 0, NaN or inf -> settingError.
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
    // The combined view (RunEngine::ledger()): adds the charges of one
    // series' own ledger, which already proved them against that series'
    // budget, after setSeriesBudget(series, its budget). Same model required.
    void absorb(const std::string& series, const PrivacyLedger& seriesLedger);
    // A step's own charges plus the whole-stream ones (step 0: those alone).
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
    // {"privacy_model":"pure"|"zcdp", "budget_unit":"epsilon"|"rho",
    //  "budget_per_step":…, ["conversion_delta":δ,]
    //  "charges":[{"series","kind","mechanism",<unit>,"step","round","workload"}],
    //  "series":[{"name","budget_per_step","max_step_spent" (the guarantee),"guarantee" (in words),
    //             "sum_over_steps_bookkeeping","steps"
    //             [,"epsilon_at_delta"]}]}
    // One line, written by QJsonDocument: each object's keys in sorted order,
    // numbers in their shortest round-trip form; the series' max_step_spent
    // and sum_over_steps_bookkeeping are sums, written as budgetFigure says
    // (core/values/number_text.h: 1, not 0.9999999999999997).
    std::string toJson() const;
    // The same object, for a writer that adds to it before writing (the
    // stream ledger: no write and read back of a 10 MB text; include
    // <QJsonObject> to call it).
    QJsonObject toJsonObject() const;
    // Boost binary archive (sessions; version 2 adds the model, δ and the
    // charge kinds; version 1 files load as pure ε with kinds read from the
    // mechanism names); load throws Error(Session) when damaged or when the
    // charges break the budget.
    std::string save() const;
    static PrivacyLedger load(const std::string& bytes);

private:
    double stepSum(const std::string& series, int step) const;  // that step's own charges, in record order
    double largestAfter(const Charge& c) const;                 // the largest per-step sum once c is recorded
    std::vector<int> steps(const std::string& series) const;    // steps with charges, in first-charge order
    void record(const Charge& c);                               // appends c and adds it to its step's sum

    PrivacyModel model_;
    double delta_ = 0;
    std::string protection_;
    double budget_;
    std::vector<Charge> charges_;
    // Each (series, step)'s own charges summed as they are recorded: the
    // same additions in the same (record) order as summing charges_ again,
    // so the same bits, without a scan of every charge per charge (a
    // quadratic cost on long streams).
    std::map<std::pair<std::string, int>, double> stepSums_;
    std::map<std::string, double> seriesBudget_;
    SavedCharges saved_;  // save()'s bytes of the charges seen so far
};

}  // namespace streamsynth::privacy
