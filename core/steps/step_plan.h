// Which rows form each time step ∇f_t: by a time attribute and a release
// period (step = period number counted from the first period; empty periods
// are real steps) or by batches of B rows in random or sorted order (SPEC §1).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/privacy/rng.h"
#include "core/values/problem.h"
#include "core/values/step_sizes.h"
#include "core/values/stream_settings.h"
#include "core/values/table.h"

namespace streamsynth::stream {

struct StepPlan {
    std::vector<std::vector<std::size_t>>
        rows;  // rows[t-1]: table row indices of step t, in file order (time) or stream order (batch)
    std::vector<std::string> periods;     // periods[t-1]: "2019-03 (month)", "week of 2019-03-04", "batch 7"
    std::vector<data::Problem> problems;  // excluded rows, single-value time column, ...
    // By time only: the first period is the earliest time found in the data
    // (no public start in the settings). That date is read from the private
    // data, so callers require the user's confirmation (timeSpanProblem()).
    bool startFromData = false;
    std::string derivedStart;  // then: the earliest time's text, saved as the start once confirmed
    // By time only: the last period is the latest time found in the data (no
    // public end or step count in the settings). Private like the start:
    // callers require a confirmation that the data's last period is public.
    bool endFromData = false;
    std::string derivedEnd;  // then: the latest time's text, saved as the end once confirmed
    // A privacy unit's bound was applied (unit_steps.h): rows holds the kept
    // rows only, and unitDropped[t-1] the rows of step t the bound dropped (a
    // private diagnostic, like the metrics; never in a manifest or log).
    bool unitBounded = false;
    std::vector<long long> unitDropped;

    std::size_t stepCount() const noexcept { return rows.size(); }
    // Rows over all steps (excluded rows are not counted).
    std::size_t rowCount() const noexcept;
};

// Upper bound on the number of steps, so that a stray far-future date with a
// daily period cannot exhaust memory.
inline constexpr std::size_t kMaxSteps = 1'000'000;
// More steps than this are reported (problem "many-steps"): a day period
// from the year 1000, or a far-future end, is almost always a mistake.
inline constexpr std::size_t kManyStepsWarning = 10'000;

// timeValues[i] is the raw time text of table row i; lines[i] its line in
// `file` (for examples; may be empty). Unparsable times are excluded and
// reported ("unparsable-time"); one distinct period gives one step and a
// "single-time-value" warning. The first step is the period of
// settings.start (else the earliest time: plan.startFromData), the last the
// period of settings.end or step settings.steps (else the latest time:
// plan.endFromData); rows before the start or after the end are excluded
// and reported ("before-start", "after-end"); more than kManyStepsWarning
// steps are reported ("many-steps"). Throws an input Error when no time
// parses, and a setting Error (naming "period") beyond kMaxSteps steps or on
// an unreadable start or end, an end before the start, or both an end and a
// step count.
StepPlan planByTime(const std::vector<std::string>& timeValues, const std::vector<long long>& lines,
                    const data::TimeSettings& settings, const std::string& file);

// ceil(N/B) steps of B rows (the last may be shorter). Random: a Fisher–Yates
// shuffle drawn from rng; sorted: rows ordered lexicographically by their
// codes in attribute order (stable, so ties keep file order; rng unused).
// Throws a setting Error (naming "batch") when B < 1.
StepPlan planByBatch(const data::Table& table, const data::BatchSettings& settings, privacy::Rng& rng);

// The notice shown when plan.startFromData: the start was read from the data.
data::Problem timeSpanProblem(const data::TimeSettings& settings);
// The notice shown when plan.endFromData: the end is read from the data
// (confirmed: it became the public end; else it still needs a confirmation).
data::Problem timeEndProblem(const data::TimeSettings& settings, bool confirmed);
// The "many-steps" warning for a stream of `steps` steps.
data::Problem manyStepsProblem(const data::TimeSettings& settings, std::size_t steps);

StepSizeStats stepSizeStats(const StepPlan& plan);

}  // namespace streamsynth::stream
