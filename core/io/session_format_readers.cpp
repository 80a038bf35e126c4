// Each session format version's reader (session_formats.h): it reads
// version n's layout and fills the fields later versions added with what
// the older file meant (the upgrade); each writer in
// session_format_writers.cpp says what its version added.
#include <cmath>
#include <string>
#include <vector>

#include "core/io/session_formats.h"
#include "core/values/error.h"

namespace streamsynth::io {

namespace {

// An enum stored as its int: the value, or Error(Session) naming `what` when it
// is outside 0..last (a damaged or foreign file).
template <class E>
E enumFrom(int value, E last, const char* what) {
    if (value < 0 || value > static_cast<int>(last))
        throw Error(ErrorKind::Session, std::string("unknown ") + what + " in the session");
    return static_cast<E>(value);
}

// A stored share or power: the value, or Error(Session) naming `what` when it
// is outside [low, high] (a damaged or foreign file).
double boundedFrom(SessionIArchive& ar, double low, double high, const char* what) {
    double value = 0;
    ar& value;
    if (!(value >= low && value <= high))
        throw Error(ErrorKind::Session, std::string("the session's ") + what + " is not valid");
    return value;
}

}  // namespace

SessionData readV1(SessionIArchive& ar) {
    SessionData c;
    ar& c.schemaJson& c.workloads& c.config& c.batchSeed& c.segments& c.stepDigests& c.stepRows& c
        .stepPeriods& c.engine& c.exportRngs& c.settings;
    c.config.privacy = privacy::PrivacyModel::Pure;  // the only model then
    c.config.delta = 0;
    // Version 1 predates the accuracy options: it ran the paper's streamers.
    stream::setFixedOneWayShare(c.config.accuracy, 0);  // a fixed share before version 11
    c.config.accuracy.baselineInit = stream::BaselineInit::Uniform;
    c.config.releaseAnswers = stream::ReleaseAnswers::Sampled;     // the only rule then
    c.config.fitWork = 0;                                          // no work bound before version 5
    c.config.accuracy.oneWayTarget = stream::OneWayTarget::Whole;  // the only target before version 6
    c.config.accuracy.smallShare = 0;     // no small-workload counters before version 7
    c.config.accuracy.oneWaySplit = 0.5;  // the only 1-way split (by √codes) before version 8
    c.config.accuracy.oneWayShrink = stream::OneWayShrink::None;  // no shrinkage before version 9
    c.config.accuracy.baselineOneWayShare = 0;  // no baseline 1-way initialisation before version 10
    c.config.accuracy.trackedInRounds = stream::TrackedInRounds::Yes;  // every workload a candidate before 12
    return c;
}

SessionData readV2(SessionIArchive& ar) {
    SessionData c;
    int model = 0;
    ar& c.schemaJson& c.workloads& c.config& model& c.config.delta& c.batchSeed& c.segments& c.stepDigests& c
        .stepRows& c.stepPeriods& c.engine& c.exportRngs& c.settings;
    c.config.privacy = enumFrom(model, privacy::PrivacyModel::ZCdp, "privacy model");
    // Version 2 predates the accuracy options: the paper's streamers.
    stream::setFixedOneWayShare(c.config.accuracy, 0);  // a fixed share before version 11
    c.config.accuracy.baselineInit = stream::BaselineInit::Uniform;
    c.config.releaseAnswers = stream::ReleaseAnswers::Sampled;     // the only rule before version 4
    c.config.fitWork = 0;                                          // no work bound before version 5
    c.config.accuracy.oneWayTarget = stream::OneWayTarget::Whole;  // the only target before version 6
    c.config.accuracy.smallShare = 0;     // no small-workload counters before version 7
    c.config.accuracy.oneWaySplit = 0.5;  // the only 1-way split (by √codes) before version 8
    c.config.accuracy.oneWayShrink = stream::OneWayShrink::None;  // no shrinkage before version 9
    c.config.accuracy.baselineOneWayShare = 0;  // no baseline 1-way initialisation before version 10
    c.config.accuracy.trackedInRounds = stream::TrackedInRounds::Yes;  // every workload a candidate before 12
    return c;
}

SessionData readV3(SessionIArchive& ar) {
    SessionData c = readV2(ar);
    int init = 0;
    double share = 0;
    std::vector<std::vector<std::vector<double>>> oneWay;
    std::vector<std::vector<std::string>> oneWayCounters;
    ar& init& share& oneWay& oneWayCounters;
    c.config.accuracy.baselineInit = enumFrom(init, stream::BaselineInit::Previous, "baseline start");
    stream::setFixedOneWayShare(c.config.accuracy, share);  // version 11 may make it auto
    for (std::size_t i = 0; i < c.engine.series.size() && i < oneWay.size(); ++i)
        for (std::size_t t = 0; t < c.engine.series[i].history.size() && t < oneWay[i].size(); ++t)
            c.engine.series[i].history[t].oneWayTV = oneWay[i][t];
    for (std::size_t i = 0; i < c.engine.series.size() && i < oneWayCounters.size(); ++i)
        c.engine.series[i].streamer.oneWayCounters = oneWayCounters[i];
    c.config.releaseAnswers = stream::ReleaseAnswers::Sampled;  // the only rule before version 4
    return c;
}

SessionData readV4(SessionIArchive& ar) {
    SessionData c = readV3(ar);
    for (stream::SeriesState& s : c.engine.series)
        ar& s.streamer.releaseParts& s.streamer.releaseRows& s.streamer.releaseSeed;
    stream::enumField(ar, c.config.releaseAnswers);
    return c;
}

SessionData readV5(SessionIArchive& ar) {
    SessionData c = readV4(ar);
    double work = 0;
    ar& work;
    if (!(work >= 0) || !std::isfinite(work))
        throw Error(ErrorKind::Session, "the session's fit work bound is not valid");
    c.config.fitWork = work;
    return c;
}

SessionData readV6(SessionIArchive& ar) {
    SessionData c = readV5(ar);
    int target = 0;
    ar& target;
    c.config.accuracy.oneWayTarget = enumFrom(target, stream::OneWayTarget::Increment, "1-way target");
    return c;
}

SessionData readV7(SessionIArchive& ar) {
    SessionData c = readV6(ar);
    double share = 0;
    int cells = 0;
    ar& share& cells;
    if (!(share >= 0 && share <= 0.5) || cells < 1)
        throw Error(ErrorKind::Session, "the session's small-workload settings are not valid");
    c.config.accuracy.smallShare = share;
    c.config.accuracy.smallCells = cells;
    return c;
}

SessionData readV8(SessionIArchive& ar) {
    SessionData c = readV7(ar);
    c.config.accuracy.oneWaySplit = boundedFrom(ar, 0, 1, "1-way split");
    return c;
}

SessionData readV9(SessionIArchive& ar) {
    SessionData c = readV8(ar);
    int shrink = 0;
    ar& shrink;
    c.config.accuracy.oneWayShrink =
        enumFrom(shrink, stream::OneWayShrink::JamesSteinSpikes, "1-way shrinkage");
    return c;
}

SessionData readV10(SessionIArchive& ar) {
    SessionData c = readV9(ar);
    c.config.accuracy.baselineOneWayShare = boundedFrom(ar, 0, 0.9, "baseline 1-way share");
    return c;
}

SessionData readV11(SessionIArchive& ar) {
    SessionData c = readV10(ar);
    int rule = 0;
    ar& rule;
    c.config.accuracy.oneWayShareRule = enumFrom(rule, stream::OneWayShareRule::Fixed, "1-way share rule");
    return c;
}

SessionData readV12(SessionIArchive& ar) {
    SessionData c = readV11(ar);
    int rule = 0;
    ar& rule;
    c.config.accuracy.trackedInRounds =
        enumFrom(rule, stream::TrackedInRounds::No, "tracked workloads in rounds");
    return c;
}

SessionData readV13(SessionIArchive& ar) {
    SessionData c = readV12(ar);
    for (stream::SeriesState& s : c.engine.series) ar& s.streamer.oneWayBase;
    return c;
}

SessionData readV14(SessionIArchive& ar) {
    SessionData c = readV13(ar);
    c.config.accuracy.smallFromOneWay = boundedFrom(ar, 0, 0.5, "small-workload share from the 1-way share");
    c.config.accuracy.trackedBlocks = 0;  // every counter fed at every step, the only rule before 16
    return c;
}

SessionData readV16(SessionIArchive& ar) {
    SessionData c = readV14(ar);
    c.config.accuracy.trackedBlocks = boundedFrom(ar, 0, 1e6, "tracked counters' blocks");
    for (stream::SeriesState& s : c.engine.series) ar& s.streamer.oneWayBlocks;
    return c;
}

}  // namespace streamsynth::io
