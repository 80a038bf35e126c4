// The pre-run support check's settings and findings (stream::checkSupport):
// which attributes a series cannot support per step at its budget. Uses the
// rows per step of the private data: for the data steward only, never
// exported. core/api/support.h adds the check of what `inspect` saw.
#pragma once

#include <string>
#include <vector>

#include "core/values/support_noise.h"
#include "core/values/workload_set.h"

namespace streamsynth::api {

// A baseline series of the run (stream::checkBaselineSupport).
struct BaselineSupportCheck {
    std::string series;      // its name in the warning ("baseline", "baseline:carried")
    double oneWayShare = 0;  // its 1-way share (AccuracyOptions::baselineOneWayShare or kCarriedOneWayShare)
    bool carriesModel = false;  // each step starts from the previous step's model
    double budget = 1;          // its budget: ε, or ρ under zCDP
};

struct SupportSettings {
    // The proposed streamer's noise: its budget (ε, or ρ under zCDP), the
    // rounds and the shares (default: a pure ε = 1 run of 5 rounds with the
    // default accuracy options).
    stream::SupportNoise noise =
        stream::supportNoise(privacy::PrivacyModel::Pure, 5, stream::AccuracyOptions{});
    // Which streamers to check: the proposed streamer's accumulating counters
    // (as above) and each baseline series. With baselines, the proposed
    // streamer's lines start with "proposed streamer: ".
    bool proposed = true;
    std::vector<BaselineSupportCheck> baselines;
};

// One attribute that a series cannot support per step, as figures (the GUI
// words them for people; supportWarnings words them for the CLI).
struct SupportFinding {
    std::string series;          // "" = the proposed streamer; else a baseline's name
    bool fittedPerStep = false;  // a baseline with a uniform start: each step from its own rows only
    std::string attribute;
    double cells = 0;         // of the cheapest measurement of it
    double rowsPerCell = 0;   // expected rows per cell per step (PRIVATE)
    double noisePerCell = 0;  // E|noise| per cell of one measurement
    double stepsNeeded = 0;   // steps until it emerges from the noise
    bool overStream = false;  // the stream as a whole supports it
    long long steps = 0;      // the stream's steps
    int blockSteps = 1;       // its counter is fed once per block of this many steps (1: every step)
};
std::vector<SupportFinding> supportFindings(const marginals::WorkloadSet& workloads, long long rowsInSteps,
                                            int steps, const SupportSettings& settings);

// One warning per attribute drowned by the noise per step for the proposed
// streamer, then one line per baseline naming what no step can measure
// (empty when every attribute is supported, or without steps/workloads).
std::vector<std::string> supportWarnings(const marginals::WorkloadSet& workloads, long long rowsInSteps,
                                         int steps, const SupportSettings& settings);

}  // namespace streamsynth::api
