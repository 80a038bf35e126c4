// The public settings that make a step's noise in the pre-run support check
// (core/planning/support_check.h): the series' budget, its rounds and the
// proposed streamer's shares. A value the api exposes (api::SupportSettings,
// core/api/support.h) and the support check extends (stream::SupportInput).
#pragma once

#include "core/values/accuracy_options.h"
#include "core/values/privacy_model.h"
#include "core/values/privacy_unit.h"

namespace streamsynth::stream {

// The public settings that make a step's noise (the series' budget, its
// rounds and the proposed streamer's shares).
struct SupportNoise {
    privacy::PrivacyModel privacy = privacy::PrivacyModel::Pure;
    double budget = 1;  // the series' budget per step: ε, or ρ under zCDP
    int rounds = 5;
    // The 1-way share as the run resolves it (stream/one_way_share.h,
    // oneWayShareFor): oneWayShare under Fixed; under Auto chosen from the
    // budget and the public rows per step (0: not public). The check uses
    // the share the run's series at this budget would spend.
    OneWayShareRule oneWayShareRule = OneWayShareRule::Fixed;
    double oneWayShare = 0;
    double publicRowsPerStep = 0;
    double oneWaySplit = 0.5;  // AccuracyOptions::oneWaySplit
    double smallShare = 0;     // spent only when a workload has at most smallCells cells
    int smallCells = 0;
    double smallFromOneWay = 0;  // AccuracyOptions::smallFromOneWay
    // K of the tracked counters' blocks (AccuracyOptions::trackedBlocks,
    // stream/tracked_blocks.h): a 1-way counter fed once per block of B steps
    // sums a B-th of the draws. 0: every counter fed at every step; by
    // default the run's default.
    double trackedBlocks = AccuracyOptions{}.trackedBlocks;
    // Who is protected (issue 49): a unit's m and K scale every
    // measurement's noise (the fresh factor: m under ε, m·K under zCDP).
    privacy::UnitBound unit;
};

// A run's noise settings: its privacy model and rounds, the shares of its
// accuracy options and the public rows per step (budget 1: the caller sets
// the series'). Inline: the GUI and the CLI make one through
// api::SupportSettings, and the sealed api library exports no planning function.
inline SupportNoise supportNoise(privacy::PrivacyModel privacy, int rounds, const AccuracyOptions& accuracy,
                                 double publicRowsPerStep = 0) {
    SupportNoise out;
    out.privacy = privacy;
    out.budget = 1;
    out.rounds = rounds;
    out.oneWayShareRule = accuracy.oneWayShareRule;
    out.oneWayShare = accuracy.oneWayShare;
    out.publicRowsPerStep = publicRowsPerStep;
    out.oneWaySplit = accuracy.oneWaySplit;
    out.smallShare = accuracy.smallShare;
    out.smallCells = accuracy.smallCells;
    out.smallFromOneWay = accuracy.smallFromOneWay;
    out.trackedBlocks = accuracy.trackedBlocks;
    return out;
}

}  // namespace streamsynth::stream
