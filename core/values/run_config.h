// What a run is asked to do: the series to run over one stream and the
// settings they share. Plain values, validated by validateRunConfig() before
// any private data is touched (SPEC §5, §8 "Experiment setup").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/values/accuracy_options.h"
#include "core/values/budget.h"
#include "core/values/privacy_model.h"
#include "core/values/privacy_unit.h"
#include "core/values/stream_settings.h"

namespace streamsynth::stream {

enum class StreamerKind { Baseline, Proposed };
// SPEC §5.2 selection scores; L1MinusSize is MWEM+PGM's (McKenna et al. 2019),
// L1 is MWEM's unpenalised worst-approximated score (Hardt et al. 2012).
enum class ScoreKind { L1MinusNoise, Paper, L1MinusSize, L1 };
enum class ScoreNoise { SinceReset, Full };     // variance used by the score penalty (SPEC §5.2)
enum class ReleaseFrom { LastModel, Mixture };  // g_t from h_{t,k} or the mixture of h_{t,1..k}
enum class SelectionMechanism { Exponential, PermuteAndFlip };
// The proposed streamer's q_i(g_t): the release models' expected answers
// (default; a step's work does not grow with |g_t|) or the paper's counts of
// a table sampled at every step (O(|g_t|) per step; the rule of the figures
// in docs/history.md). docs/streamers.md "Releases kept as models".
enum class ReleaseAnswers { Model, Sampled };

// What one series is: the streamer, its counter and its budget. Parsed and
// validated once (stream/series_spec.h), named by one portable id.
struct SeriesSpec {
    StreamerKind streamer = StreamerKind::Proposed;
    std::string counter =
        "simple";  // privacy::parseCounterSpec text; a baseline's: "carried" (isCarriedBaseline) or ignored
    // The series' budget per stream (SPEC §3 Accounting), as the user gave
    // it (privacy/budget.h): ε under `pure`, ρ stated at δ under `zcdp`;
    // in the run's model (validateRunConfig).
    privacy::Budget budget;
};

// A series of a run: its spec and its id within the run (series_spec.h's
// planSeries), which seeds the series' own Rng stream and names its folders,
// spool files, charts and ledger lines ("baseline", "proposed-tree-16-eps0.5").
struct SeriesConfig : SeriesSpec {
    std::string id;
};

// A charge made once for the whole stream before step 1 by a mechanism the
// api runs on the rows of every step: the DP choice of a coarsened domain
// (api/coarsening.h, docs/streamers.md "Coarsening large domains"). Every
// series' ledger records it at privacy::kWholeStreamStep and its streamer
// spends its budget minus this amount per step, so the ledger's per-step
// sum stays the steward's budget. amount 0: none. Not in the session
// format: the run record's settings keep it (api::kStreamChargeSetting).
struct StreamCharge {
    std::string mechanism;  // "gumbel-top-m"
    std::string workload;   // what it chose, e.g. "Director:5,Distributor:8"
    double amount = 0;      // ε (pure) or ρ (zCDP), in the run's model
};

struct RunConfig {
    std::vector<SeriesConfig> series;
    // Pure ε-DP (Laplace kinds) or ρ-zCDP (Gaussian kinds); every
    // series' budget, ledger and counter is in this model (the model of
    // its series' budgets: validateRunConfig refuses a mix).
    privacy::PrivacyModel privacy = privacy::PrivacyModel::Pure;
    // zCDP only: the δ at which (ε, δ) is shown beside ρ (public, display
    // only; 0 = not shown): the δ of its series' budgets.
    double delta = 0;
    int rounds = 5;                 // k, 1 <= k <= |Q|
    std::string fitEngine = "pgm";  // "pgm" | "mw"
    int fitIterations = 100;        // mirror-descent cap per fit
    double fitTolerance = 1e-4;     // relative loss change; <= 0: run the cap
    // Bound on one PGM fit's work in cell-iterations (iterations × model
    // cells; docs/streamers.md "The fit's work bound"): a step's cost stops
    // growing with the persistent model. 0 = none (sessions before format 5).
    double fitWork = 1.5e6;
    double maxModelCells = 1e5;             // model-size cap (SPEC §4)
    long long maxReleaseRows = 10'000'000;  // public cap on |g_t| (post-processing: a huge noisy total at
                                            // small ε must not exhaust memory)
    ScoreKind score = ScoreKind::L1MinusNoise;
    ScoreNoise scoreNoise = ScoreNoise::SinceReset;
    ReleaseFrom releaseFrom = ReleaseFrom::LastModel;
    ReleaseAnswers releaseAnswers = ReleaseAnswers::Model;
    SelectionMechanism selection = SelectionMechanism::Exponential;
    bool discreteNoise = false;  // the model's discrete noise for counts (release mode default)
    bool secureRandom = false;   // OS entropy instead of the seed (real releases)
    std::uint64_t seed = 1;
    int threads = 1;  // threads (0 = automatic: run_engine.cpp; at most the cores); no result depends on it
    AccuracyOptions accuracy;   // accuracy_options.h; defaults = the paper's streamers
    StreamCharge streamCharge;  // a whole-stream charge before step 1 (none by default)
    // R, the stream's rows per step when they are public (a batched
    // stream's batch size), for the 1-way share's rule (one_way_share.h);
    // 0 = not public (time steps). Not in the session format: api::Run sets
    // it from the stream settings of the run's schema, as a session keeps them.
    double publicRowsPerStep = 0;
    // A recovery stream of new rows only (a batched stream started from a
    // lost stream's release g_0; docs/privacy-models.md, "A lost session"):
    // the lost stream's steps that g_0 stands for, counted by the release row
    // cap (g_t holds g_0's rows too). 0 otherwise. Not in the session format:
    // api::Run sets it from the run record's settings.
    int stepsBefore = 0;
    // Who is protected (issue 49): event level by default; a privacy unit's
    // public bound (m rows over the stream, K in one step) otherwise, and its
    // key column's name for the statements (never a key). Not in the session
    // format: api::Run sets both from the stream settings of the run's schema,
    // which a session keeps, so a stream's unit never changes on continue.
    privacy::UnitBound unit;
    std::string unitColumn;
};

// What a series' streamer may spend per step after the run's whole-stream
// charge: its budget minus the charge, lowered by ulps until the charge plus
// it is not above the budget in floating point (so the ledger's per-step
// sums, step charges first, never exceed the budget). The budget itself
// without a charge; a setting Error naming the setting "coarsen-share" when
// the charge leaves nothing.
privacy::Budget runBudgetAfter(const privacy::Budget& budget, double wholeStreamCharge);

// config.unit and config.unitColumn from a stream's settings (event level
// when it names no unit).
void setUnitFromStream(RunConfig& config, const data::StreamSettings& stream);

// Throws a setting Error naming the setting (a series budget in another
// model or at another δ than the run's, k = 0 or k > workloadCount,
// duplicate series ids, unknown counter text, ...). A budget's range was
// checked where the user gave it (privacy::Budget::requested).
void validateRunConfig(const RunConfig& config, std::size_t workloadCount);

std::string toString(StreamerKind kind);
std::string toString(ScoreKind kind);
std::string toString(ScoreNoise kind);          // "since-reset" | "full"
std::string toString(ReleaseFrom kind);         // "last-model" | "mixture"
std::string toString(SelectionMechanism kind);  // "exponential" | "permute-and-flip"
std::string toString(ReleaseAnswers kind);      // "model" | "sampled"

}  // namespace streamsynth::stream
