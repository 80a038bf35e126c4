// Each session format version's writer (session_formats.h): version n's
// layout is version n-1's followed by the fields version n added.
#include <string>
#include <vector>

#include "core/io/session_formats.h"
#include "core/values/error.h"

namespace streamsynth::io {

// Version 1 layout: every SessionData field in declaration order. Still
// written on request (tests of the upgrade path), for pure-ε sessions only.
void writeV1(boost::archive::binary_oarchive& ar, const SessionData& d) {
    if (d.config.privacy != privacy::PrivacyModel::Pure)
        throw settingError("version", "session format 1 cannot hold a zcdp run");
    SessionData c = d;  // serialize() takes non-const references
    ar& c.schemaJson& c.workloads& c.config& c.batchSeed& c.segments& c.stepDigests& c.stepRows& c
        .stepPeriods& c.engine& c.exportRngs& c.settings;
}

// Version 2: version 1 with the privacy model and δ right after the config.
void writeV2(boost::archive::binary_oarchive& ar, const SessionData& d) {
    SessionData c = d;  // serialize() takes non-const references
    int model = static_cast<int>(c.config.privacy);
    ar& c.schemaJson& c.workloads& c.config& model& c.config.delta& c.batchSeed& c.segments& c.stepDigests& c
        .stepRows& c.stepPeriods& c.engine& c.exportRngs& c.settings;
}

// Version 3 = version 2, then the run's accuracy options, the
// 1-way distances of every recorded step (per series, per step) and the
// proposed streamers' continual 1-way counters. Versions 1 and 2 read with
// the paper's streamers (share 0, uniform baseline start) and no distances.
void writeV3(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV2(ar, d);
    int init = static_cast<int>(d.config.accuracy.baselineInit);
    double share = d.config.accuracy.oneWayShare;
    std::vector<std::vector<std::vector<double>>> oneWay;
    std::vector<std::vector<std::string>> oneWayCounters;
    for (const stream::SeriesState& s : d.engine.series) {
        oneWay.emplace_back();
        for (const stream::SeriesStepResult& r : s.history) oneWay.back().push_back(r.oneWayTV);
        oneWayCounters.push_back(s.streamer.oneWayCounters);
    }
    ar& init& share& oneWay& oneWayCounters;
}

// Version 4 = version 3, then per series (in engine.series order)
// the proposed streamer's release recipe (StreamerState::releaseParts,
// releaseRows, releaseSeed; empty for the baseline), then
// RunConfig::releaseAnswers. Older files have no recipe: their proposed
// releases are the rows in releaseColumns, and their streams keep the
// sampled rule.
void writeV4(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV3(ar, d);
    SessionData c = d;
    for (stream::SeriesState& s : c.engine.series)
        ar& s.streamer.releaseParts& s.streamer.releaseRows& s.streamer.releaseSeed;
    stream::enumField(ar, c.config.releaseAnswers);
}

// Version 5 = version 4, then RunConfig::fitWork (the fit's work bound).
// Older files read with no bound: a continued stream fits as it did.
void writeV5(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV4(ar, d);
    double work = d.config.fitWork;
    ar& work;
}

// Version 6 = version 5, then AccuracyOptions::oneWayTarget. Older files
// read with the whole-release target: a continued stream fits as it did.
void writeV6(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV5(ar, d);
    int target = static_cast<int>(d.config.accuracy.oneWayTarget);
    ar& target;
}

// Version 7 = version 6, then AccuracyOptions::smallShare and smallCells.
// Older files read with no small-workload counters: a continued stream
// spends its budget as it did.
void writeV7(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV6(ar, d);
    double share = d.config.accuracy.smallShare;
    int cells = d.config.accuracy.smallCells;
    ar& share& cells;
}

// Version 8 = version 7, then AccuracyOptions::oneWaySplit. Older files read
// with the split by √codes, the only one then: a continued stream keeps its
// counters' budgets.
void writeV8(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV7(ar, d);
    double split = d.config.accuracy.oneWaySplit;
    ar& split;
}

// Version 9 = version 8, then AccuracyOptions::oneWayShrink. Older files read
// with no shrinkage, the only behaviour then.
void writeV9(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV8(ar, d);
    int shrink = static_cast<int>(d.config.accuracy.oneWayShrink);
    ar& shrink;
}

// Version 10 = version 9, then AccuracyOptions::baselineOneWayShare. Older
// files read with no 1-way initialisation of the baseline, the only one then.
void writeV10(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV9(ar, d);
    double share = d.config.accuracy.baselineOneWayShare;
    ar& share;
}

// Version 11 = version 10, then AccuracyOptions::oneWayShareRule (the share
// stored by version 3 is the fixed share, or unused under auto). Older files
// read with their stored share fixed: a continued stream spends as it did.
void writeV11(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV10(ar, d);
    int rule = static_cast<int>(d.config.accuracy.oneWayShareRule);
    ar& rule;
}

// Version 12 = version 11, then AccuracyOptions::trackedInRounds. Older files
// read with Yes (every workload a round's candidate, the only rule then): a
// continued stream selects as it did.
void writeV12(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV11(ar, d);
    int rule = static_cast<int>(d.config.accuracy.trackedInRounds);
    ar& rule;
}

// Version 13 = version 12, then per series (in engine.series order) the
// 1-way counters' bases of a stream started from a release
// (StreamerState::oneWayBase; empty for every other stream). Older files
// read with none: no stream could start from a release before.
void writeV13(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV12(ar, d);
    SessionData c = d;
    for (stream::SeriesState& s : c.engine.series) ar& s.streamer.oneWayBase;
}

// Version 14 = version 13, then AccuracyOptions::smallFromOneWay (a
// coarsened pair's small-workload share taken out of the 1-way share; issue
// 52). Older files read with 0: a continued stream spends as it did.
void writeV14(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV13(ar, d);
    double share = d.config.accuracy.smallFromOneWay;
    ar& share;
}

// Version 16 = version 15 (14's layout), then AccuracyOptions::trackedBlocks
// and per series (in engine.series order) the tracked counters' pending
// blocks (StreamerState::oneWayBlocks). Older files read with 0 (every
// counter fed at every step) and none pending: a continued stream counts as it did.
void writeV16(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV14(ar, d);
    double blocks = d.config.accuracy.trackedBlocks;
    ar& blocks;
    SessionData c = d;
    for (stream::SeriesState& s : c.engine.series) ar& s.streamer.oneWayBlocks;
}

}  // namespace streamsynth::io
