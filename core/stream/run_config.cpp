// Validation and names of the run settings (SPEC §5, §9 "Bad input"): every
// refusal is a setting Error naming the setting, raised before any private
// data is touched.
#include "core/values/run_config.h"

#include <cmath>
#include <set>

#include "core/fit/fit_engine_kinds.h"
#include "core/privacy/budget_split.h"
#include "core/privacy/counter.h"
#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/number_text.h"
#include "core/values/series_spec.h"

namespace streamsynth::stream {

namespace {

// The accuracy options and the public rows per step (after the series: each
// series' resolved 1-way share needs its budget after the whole-stream charge).
void validateAccuracy(const RunConfig& config) {
    const double share = config.accuracy.oneWayShare;
    if (!(share >= 0 && share <= 0.5))
        throw settingError("one-way-share", "the 1-way share of epsilon must be between 0 and 0.5");
    if (!(config.publicRowsPerStep >= 0) || !std::isfinite(config.publicRowsPerStep))
        throw settingError("batch", "the public rows per step must be a finite number >= 0 (0: not public)");
    const double baselineShare = config.accuracy.baselineOneWayShare;
    if (!(baselineShare >= 0 && baselineShare <= 0.9))
        throw settingError(
            "baseline-one-way-share",
            "the baseline's 1-way share of epsilon must be between 0 and 0.9 (the rounds keep the rest)");
    const double split = config.accuracy.oneWaySplit;
    if (!(split >= 0 && split <= 1))
        throw settingError("one-way-split", "the 1-way split's power must be between 0 and 1");
    const double small = config.accuracy.smallShare;
    if (!(small >= 0 && small <= 0.5))
        throw settingError("small-share", "the small workloads' share of epsilon must be between 0 and 0.5");
    // Each series' own 1-way share (the rule resolved for its per-step budget).
    for (const SeriesConfig& s : config.series)
        if (seriesAccuracy(config, s).oneWayShare + small > 0.75)
            throw settingError("small-share",
                               "the 1-way and small-workload shares together must leave the rounds at "
                               "least a quarter of epsilon (series " +
                                   quotedText(s.id) + ")");
    const double blocks = config.accuracy.trackedBlocks;
    if (!(blocks >= 0 && blocks <= 1e6))
        throw settingError("tracked-blocks",
                           "the tracked counters' block rule must be between 0 (every step) and 1000000");
    if (config.accuracy.smallCells < 1 || config.accuracy.smallCells > 1000000)
        throw settingError("small-cells",
                           "the small workloads' size limit must be between 1 and 1000000 cells");
}

}  // namespace

void validateRunConfig(const RunConfig& config, std::size_t workloadCount) {
    if (config.series.empty())
        throw settingError("series", "no series to run: name at least one (e.g. baseline, proposed:simple)");
    std::set<std::string> ids;
    for (const SeriesConfig& s : config.series) {
        if (s.id.empty()) throw settingError("series", "a series has an empty id");
        if (!ids.insert(s.id).second)
            throw settingError("series", "series id " + quotedText(s.id) + " is listed twice");
        // The budget was validated where the user gave it (api::parseBudgets);
        // here only that every series runs in the run's model and δ.
        if (s.budget.model() != config.privacy)
            throw settingError("privacy", "series " + quotedText(s.id) + " has a " +
                                              privacy::privacyModelName(s.budget.model()) + " budget in a " +
                                              privacy::privacyModelName(config.privacy) + " run");
        if (s.budget.delta() != config.delta)
            throw settingError(
                "delta", "series " + quotedText(s.id) + " states its budget at another delta than the run");
        if (s.streamer == StreamerKind::Proposed)
            (void)privacy::parseCounterSpec(s.counter,
                                            config.privacy);  // throws on unknown text or a wrong model
    }
    if (config.rounds < 1) throw settingError("rounds", "k (rounds per step) must be at least 1");
    const double whole = config.streamCharge.amount;
    if (!(whole >= 0 && std::isfinite(whole)))
        throw settingError("coarsen-share", "the whole-stream charge must be a finite number >= 0");
    for (const SeriesConfig& s : config.series)
        (void)privacy::BudgetSplit(runBudgetAfter(s.budget, whole), config.rounds);
    if (static_cast<std::size_t>(config.rounds) > workloadCount)
        throw settingError("rounds",
                           "k = " + std::to_string(config.rounds) + " exceeds the number of workloads (" +
                               std::to_string(workloadCount) + "): each round measures a different workload");
    if (!fit::findFitEngineKind(config.fitEngine))
        throw settingError("engine", "unknown fit engine " + quotedText(config.fitEngine) + " (" +
                                         fit::fitEngineNameList() + ")");
    if (config.fitIterations < 1) throw settingError("iters", "the fit iteration cap must be at least 1");
    if (std::isnan(config.fitTolerance)) throw settingError("tol", "the fit tolerance is not a number");
    if (!(config.fitWork >= 0) || !std::isfinite(config.fitWork))
        throw settingError("fit-work", "the fit's work bound must be a finite number >= 0 (0: no bound)");
    if (!(config.maxModelCells > 0))
        throw settingError("max-model-cells", "the model-size cap must be > 0 cells");
    if (config.maxReleaseRows < 1)
        throw settingError("max-release-rows", "the cap on released rows must be >= 1");
    if (config.threads < 0) throw settingError("threads", "threads must be >= 0");
    validateAccuracy(config);
    privacy::validateUnitBound(config.unit);
    if (!config.unit.isEventLevel() && config.publicRowsPerStep > 0)
        throw settingError(
            "privacy-unit",
            "a privacy unit needs steps by a time column: with batches, adding or removing one "
            "unit's rows shifts every later batch boundary");
}

void setUnitFromStream(RunConfig& config, const data::StreamSettings& stream) {
    config.unit = {};
    config.unitColumn.clear();
    if (!stream.unit) return;
    config.unit = {stream.unit->maxRows, stream.unit->maxRowsPerStep};
    config.unitColumn = stream.unit->column;
}

privacy::Budget runBudgetAfter(const privacy::Budget& budget, double wholeStreamCharge) {
    if (wholeStreamCharge == 0) return budget;
    double rest = budget.amount() - wholeStreamCharge;
    while (rest > 0 && rest + wholeStreamCharge > budget.amount()) rest = std::nextafter(rest, 0.0);
    if (!(rest > 0))
        throw settingError("coarsen-share", "the coarsening's charge of " +
                                                std::string(privacy::budgetName(budget.model())) + " " +
                                                shortestNumberText(wholeStreamCharge) +
                                                " leaves nothing of the series' budget of " +
                                                shortestNumberText(budget.amount()));
    return privacy::Budget::of(budget.model(), rest, budget.delta());
}

std::string toString(StreamerKind kind) {
    return kind == StreamerKind::Baseline ? "baseline" : "proposed";
}
std::string toString(ScoreKind kind) {
    if (kind == ScoreKind::Paper) return "paper";
    if (kind == ScoreKind::L1) return "l1";
    return kind == ScoreKind::L1MinusSize ? "l1-minus-size" : "l1-minus-noise";
}
std::string toString(ScoreNoise kind) {
    return kind == ScoreNoise::Full ? "full" : "since-reset";
}
std::string toString(ReleaseFrom kind) {
    return kind == ReleaseFrom::Mixture ? "mixture" : "last-model";
}
std::string toString(ReleaseAnswers kind) {
    return kind == ReleaseAnswers::Sampled ? "sampled" : "model";
}
std::string toString(SelectionMechanism kind) {
    return kind == SelectionMechanism::PermuteAndFlip ? "permute-and-flip" : "exponential";
}

}  // namespace streamsynth::stream
