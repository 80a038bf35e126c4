// Session files; see session_store.h. Layout (little-endian):
//   0  char[8]  "STRMSYNS"
//   8  uint32   format version
//  12  uint64   payload length in bytes
//  20  uint64   FNV-1a 64 of the payload
//  28  payload  Boost binary archive (no Boost header) of the version's layout
// A format change adds a row to kFormats: the new writer/reader, and the old
// reader keeps reading its layout and fills the new fields (the upgrade).
// Version 2 adds the run's privacy model and display δ after the
// run config; version 1 files load as pure ε-DP. Version 3 adds
// the accuracy options; version 4 the proposed streamers' release
// recipes (files of versions 1-3 continue with the sampled release rule);
// version 11 the 1-way share's rule (older files: their share, fixed);
// version 12 whether the rounds may select tracked workloads (older: yes).
#include "core/io/session_store.h"

#include <QFile>
#include <boost/archive/archive_exception.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/utility.hpp>
#include <boost/serialization/vector.hpp>
#include <cmath>
#include <sstream>

#include "core/common/bounded_archive.h"
#include "core/io/model_state_archive.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"

// Boost free serialize() functions, found by ADL in the types' namespaces.

namespace streamsynth::metrics {
template <class A>
void serialize(A& ar, StepMetrics& m, const unsigned) {
    ar& m.avgWE& m.maxWE& m.avgRelWE& m.maxRelWE& m.avgRelL1& m.maxRelL1& m.avgWECount& m.maxWECount& m
        .avgRelL1Count& m.maxRelL1Count;
}
}  // namespace streamsynth::metrics

namespace streamsynth::stream {
template <class A, class E>
void enumField(A& ar, E& e) {
    int v = static_cast<int>(e);
    ar& v;
    e = static_cast<E>(v);
}
// A series' budget is stored as its amount (ε or ρ); its model and δ are
// the run's, stored after the config (format 2), and set by restoreBudgets.
template <class A>
void serialize(A& ar, SeriesConfig& s, const unsigned) {
    ar& s.id;
    enumField(ar, s.streamer);
    double amount = s.budget.amount();
    ar& s.counter& amount;
    if constexpr (A::is_loading::value) s.budget = privacy::Budget::of(privacy::PrivacyModel::ZCdp, amount);
}
template <class A>
void serialize(A& ar, RunConfig& c, const unsigned) {
    ar& c.series& c.rounds& c.fitEngine& c.fitIterations& c.fitTolerance& c.maxModelCells;
    enumField(ar, c.score);
    enumField(ar, c.scoreNoise);
    enumField(ar, c.releaseFrom);
    enumField(ar, c.selection);
    ar& c.discreteNoise& c.secureRandom& c.seed& c.threads;
}
// The format-1 fields; format 4 appends each series' release recipe after
// the whole SessionData (writeV4).
template <class A>
void serialize(A& ar, StreamerState& s, const unsigned) {
    ar& s.counters& s.remainders& s.resetTime& s.hasModel& s.model& s.releaseColumns& s.releaseAnswers& s
        .lastNewRows;
}
template <class A>
void serialize(A& ar, SeriesStepResult& r, const unsigned) {
    ar& r.seriesId& r.step& r.stepCount& r.period& r.trueNewRows& r.releaseRows& r.metrics& r.budgetSpent& r
        .selected& r.modelCells& r.seconds;
}
template <class A>
void serialize(A& ar, SeriesState& s, const unsigned) {
    ar& s.id& s.rng& s.ledger& s.streamer& s.history;
}
template <class A>
void serialize(A& ar, EngineState& e, const unsigned) {
    ar& e.nextStep& e.interruptedStep& e.truthAnswers& e.truthRows& e.series;
}
template <class A>
void serialize(A& ar, BatchSegment& s, const unsigned) {
    ar& s.rowsBegin& s.rowsEnd& s.firstStep& s.orderLabel;
}
}  // namespace streamsynth::stream

namespace streamsynth::io {
// Sessions are read through the archive that bounds every stored size by
// the bytes left (bounded_archive.h): a damaged count is refused, not allocated.
using SessionIArchive = BoundedBinaryIArchive;

namespace {

constexpr char kMagic[8] = {'S', 'T', 'R', 'M', 'S', 'Y', 'N', 'S'};
constexpr std::size_t kHeaderSize = 28;
constexpr auto kArchiveFlags = boost::archive::no_header;

std::function<void()>& beforeRenameHook() {
    static std::function<void()> hook;
    return hook;
}

// An enum stored as its int: the value, or Error(Session) naming `what` when it
// is outside 0..last (a damaged or foreign file).
template <class E>
E enumFrom(int value, E last, const char* what) {
    if (value < 0 || value > static_cast<int>(last))
        throw Error(ErrorKind::Session, std::string("unknown ") + what + " in the session");
    return static_cast<E>(value);
}

// Version 1 layout: every SessionData field in declaration order. Still
// written on request (tests of the upgrade path), for pure-ε sessions only.
void writeV1(boost::archive::binary_oarchive& ar, const SessionData& d) {
    if (d.config.privacy != privacy::PrivacyModel::Pure)
        throw settingError("version", "session format 1 cannot hold a zcdp run");
    SessionData c = d;  // serialize() takes non-const references
    ar& c.schemaJson& c.workloads& c.config& c.batchSeed& c.segments& c.stepDigests& c.stepRows& c
        .stepPeriods& c.engine& c.exportRngs& c.settings;
}
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

// Version 2: version 1 with the privacy model and δ right after the config.
void writeV2(boost::archive::binary_oarchive& ar, const SessionData& d) {
    SessionData c = d;  // serialize() takes non-const references
    int model = static_cast<int>(c.config.privacy);
    ar& c.schemaJson& c.workloads& c.config& model& c.config.delta& c.batchSeed& c.segments& c.stepDigests& c
        .stepRows& c.stepPeriods& c.engine& c.exportRngs& c.settings;
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
SessionData readV4(SessionIArchive& ar) {
    SessionData c = readV3(ar);
    for (stream::SeriesState& s : c.engine.series)
        ar& s.streamer.releaseParts& s.streamer.releaseRows& s.streamer.releaseSeed;
    stream::enumField(ar, c.config.releaseAnswers);
    return c;
}

// Version 5 = version 4, then RunConfig::fitWork (the fit's work bound).
// Older files read with no bound: a continued stream fits as it did.
void writeV5(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV4(ar, d);
    double work = d.config.fitWork;
    ar& work;
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

// Version 6 = version 5, then AccuracyOptions::oneWayTarget. Older files
// read with the whole-release target: a continued stream fits as it did.
void writeV6(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV5(ar, d);
    int target = static_cast<int>(d.config.accuracy.oneWayTarget);
    ar& target;
}
SessionData readV6(SessionIArchive& ar) {
    SessionData c = readV5(ar);
    int target = 0;
    ar& target;
    c.config.accuracy.oneWayTarget = enumFrom(target, stream::OneWayTarget::Increment, "1-way target");
    return c;
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

// A stored share or power: the value, or Error(Session) naming `what` when it
// is outside [low, high] (a damaged or foreign file).
double boundedFrom(SessionIArchive& ar, double low, double high, const char* what) {
    double value = 0;
    ar& value;
    if (!(value >= low && value <= high))
        throw Error(ErrorKind::Session, std::string("the session's ") + what + " is not valid");
    return value;
}

// Version 8 = version 7, then AccuracyOptions::oneWaySplit. Older files read
// with the split by √codes, the only one then: a continued stream keeps its
// counters' budgets.
void writeV8(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV7(ar, d);
    double split = d.config.accuracy.oneWaySplit;
    ar& split;
}
SessionData readV8(SessionIArchive& ar) {
    SessionData c = readV7(ar);
    c.config.accuracy.oneWaySplit = boundedFrom(ar, 0, 1, "1-way split");
    return c;
}

// Version 9 = version 8, then AccuracyOptions::oneWayShrink. Older files read
// with no shrinkage, the only behaviour then.
void writeV9(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV8(ar, d);
    int shrink = static_cast<int>(d.config.accuracy.oneWayShrink);
    ar& shrink;
}
SessionData readV9(SessionIArchive& ar) {
    SessionData c = readV8(ar);
    int shrink = 0;
    ar& shrink;
    c.config.accuracy.oneWayShrink = enumFrom(shrink, stream::OneWayShrink::JamesSteinAll, "1-way shrinkage");
    return c;
}

// Version 10 = version 9, then AccuracyOptions::baselineOneWayShare. Older
// files read with no 1-way initialisation of the baseline, the only one then.
void writeV10(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV9(ar, d);
    double share = d.config.accuracy.baselineOneWayShare;
    ar& share;
}
SessionData readV10(SessionIArchive& ar) {
    SessionData c = readV9(ar);
    c.config.accuracy.baselineOneWayShare = boundedFrom(ar, 0, 0.9, "baseline 1-way share");
    return c;
}

// Version 11 = version 10, then AccuracyOptions::oneWayShareRule (the share
// stored by version 3 is the fixed share, or unused under auto). Older files
// read with their stored share fixed: a continued stream spends as it did.
void writeV11(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV10(ar, d);
    int rule = static_cast<int>(d.config.accuracy.oneWayShareRule);
    ar& rule;
}
SessionData readV11(SessionIArchive& ar) {
    SessionData c = readV10(ar);
    int rule = 0;
    ar& rule;
    c.config.accuracy.oneWayShareRule = enumFrom(rule, stream::OneWayShareRule::Fixed, "1-way share rule");
    return c;
}

// Version 12 = version 11, then AccuracyOptions::trackedInRounds. Older files
// read with Yes (every workload a round's candidate, the only rule then): a
// continued stream selects as it did.
void writeV12(boost::archive::binary_oarchive& ar, const SessionData& d) {
    writeV11(ar, d);
    int rule = static_cast<int>(d.config.accuracy.trackedInRounds);
    ar& rule;
}
SessionData readV12(SessionIArchive& ar) {
    SessionData c = readV11(ar);
    int rule = 0;
    ar& rule;
    c.config.accuracy.trackedInRounds =
        enumFrom(rule, stream::TrackedInRounds::No, "tracked workloads in rounds");
    return c;
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
SessionData readV13(SessionIArchive& ar) {
    SessionData c = readV12(ar);
    for (stream::SeriesState& s : c.engine.series) ar& s.streamer.oneWayBase;
    return c;
}

struct Format {
    std::uint32_t version;
    void (*write)(boost::archive::binary_oarchive&, const SessionData&);  // null: read-only (older) version
    SessionData (*read)(SessionIArchive&);  // reads and upgrades to the current data
};
// writeV1..writeV12 stay for the upgrade tests: they write what those versions held.
constexpr Format kFormats[] = {
    {1, &writeV1, &readV1},    {2, &writeV2, &readV2},    {3, &writeV3, &readV3},
    {4, &writeV4, &readV4},    {5, &writeV5, &readV5},    {6, &writeV6, &readV6},
    {7, &writeV7, &readV7},    {8, &writeV8, &readV8},    {9, &writeV9, &readV9},
    {10, &writeV10, &readV10}, {11, &writeV11, &readV11}, {12, &writeV12, &readV12},
    {13, &writeV13, &readV13},
};

const Format* findFormat(std::uint32_t version) {
    for (const Format& f : kFormats)
        if (f.version == version) return &f;
    return nullptr;
}

void putLe(std::string& out, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
std::uint64_t getLe(const std::string& in, std::size_t at, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + i])) << (8 * i);
    return v;
}

// "FILE is not a readable session: PART: PROBLEM". The message starts with
// the file's name (no context file, so it is not named twice).
Error sessionError(const std::string& file, const std::string& problem) {
    return Error(ErrorKind::Session, file + " is not a readable session: " + problem);
}

// The archive's own exceptions in words: never raw C++ text such as
// "std::bad_alloc" or "input stream error".
std::string archiveProblem(const boost::archive::archive_exception& e) {
    switch (e.code) {
        case boost::archive::archive_exception::input_stream_error:
            return "it ends before its last field (damaged or cut short)";
        case boost::archive::archive_exception::array_size_too_short:
            return "a list is longer than its stored size allows (damaged)";
        default:
            return "its layout does not match the format version in the header (damaged)";
    }
}

// The series' budgets in the run's model, stated at the run's δ (the
// readers know them only after the series).
void restoreBudgets(stream::RunConfig& config) {
    for (stream::SeriesConfig& s : config.series)
        s.budget = privacy::Budget::of(config.privacy, s.budget.amount(), config.delta);
}

// Reads the payload with the version's reader; every failure is named.
SessionData readPayload(const Format& f, const std::string& bytes, std::uint64_t length,
                        const std::string& file) {
    const std::string part = "the contents (format version " + std::to_string(f.version) + "): ";
    try {
        std::istringstream in(bytes.substr(kHeaderSize));
        SessionData d;
        {
            SessionIArchive ar(in, kArchiveFlags, length);
            d = f.read(ar);
        }
        restoreBudgets(d.config);
        // A reader that stops short of the payload read another layout:
        // a file relabelled with an older version must not load.
        const std::streamoff used = in.tellg();
        if (used < 0 || static_cast<std::uint64_t>(used) != length)
            throw sessionError(file, part + "the reader of this version stops after " + std::to_string(used) +
                                         " of " + std::to_string(length) +
                                         " bytes: the version in the header does not match the contents");
        return d;
    } catch (const Error& e) {
        if (e.message().rfind(file + " is not a readable session", 0) == 0) throw;
        throw sessionError(file, part + e.message());
    } catch (const boost::archive::archive_exception& e) {
        throw sessionError(file, part + archiveProblem(e));
    } catch (const std::bad_alloc&) {
        throw sessionError(file, part + "a size stored in it is impossibly large (damaged)");
    } catch (const std::length_error& e) {
        const std::string what = e.what();
        throw sessionError(file, part + (what.rfind("a stored size", 0) == 0
                                             ? what + " (damaged)"
                                             : "a size stored in it is impossibly large (damaged)"));
    } catch (const std::exception&) {
        throw sessionError(file, part + "a field holds an impossible value (damaged)");
    }
}

}  // namespace

std::string encodeSession(const SessionData& data, std::uint32_t version) {
    const Format* f = findFormat(version);
    if (f == nullptr || f->write == nullptr)
        throw settingError("version", "cannot write session format version " + std::to_string(version));
    std::ostringstream payload;
    {
        boost::archive::binary_oarchive ar(payload, kArchiveFlags);
        f->write(ar, data);
    }
    const std::string p = payload.str();
    std::string out(kMagic, sizeof kMagic);
    putLe(out, version, 4);
    putLe(out, p.size(), 8);
    putLe(out, fnv1a64(p.data(), p.size()), 8);
    out += p;
    return out;
}

SessionData decodeSession(const std::string& bytes, const std::string& file) {
    if (bytes.empty())
        throw sessionError(file, "the header: not a StreamSynth session file (the file is empty)");
    if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw sessionError(file, bytes.size() < sizeof kMagic && std::string(kMagic, bytes.size()) == bytes
                                     ? "the header: the file is truncated (shorter than its header)"
                                     : "the header: not a StreamSynth session file (wrong magic bytes)");
    if (bytes.size() < kHeaderSize)
        throw sessionError(file, "the header: the file is truncated (shorter than its header)");
    const auto version = static_cast<std::uint32_t>(getLe(bytes, 8, 4));
    const std::uint64_t length = getLe(bytes, 12, 8);
    const std::uint64_t checksum = getLe(bytes, 20, 8);
    if (version > kSessionFormatVersion)
        throw sessionError(file, "the header: format version " + std::to_string(version) +
                                     " was made by a newer StreamSynth (this one reads up to version " +
                                     std::to_string(kSessionFormatVersion) + "); update StreamSynth");
    const Format* f = findFormat(version);
    if (f == nullptr)
        throw sessionError(file, "the header: unknown format version " + std::to_string(version));
    const std::uint64_t available = bytes.size() - kHeaderSize;
    if (available < length)
        throw sessionError(file, "the payload: the file is truncated (" + std::to_string(available) + " of " +
                                     std::to_string(length) + " payload bytes)");
    if (available > length)
        throw sessionError(file, "the payload: the file has extra bytes after its payload (damaged)");
    if (fnv1a64(bytes.data() + kHeaderSize, length) != checksum)
        throw sessionError(file, "the payload: the file is damaged (checksum mismatch)");
    return readPayload(*f, bytes, length, file);
}

std::vector<std::uint32_t> readableSessionVersions() {
    std::vector<std::uint32_t> out;
    for (const Format& f : kFormats) out.push_back(f.version);
    return out;
}

void saveSession(const std::string& path, const SessionData& data) {
    // The session holds private values (true marginals, counters' sums): 0600,
    // written durably beside the target and renamed over it (a failed save
    // keeps the previous session).
    WriteOptions options;
    options.access = FileAccess::Private;
    options.beforeCommit = beforeRenameHook();
    options.mayReplaceInput = static_cast<int>(InputRole::Session);  // `continue` updates the session it read
    writeOutputFile(path, encodeSession(data), options);
}

SessionData loadSession(const std::string& path) {
    return decodeSession(readInputFile(path, {InputRole::Session, kMaxSessionBytes}), path);
}

Error sessionDamage(const std::string& file, const std::string& part, const std::string& problem) {
    return sessionError(file, part + ": " + problem);
}

namespace detail {
void setBeforeRenameHookForTests(std::function<void()> hook) {
    beforeRenameHook() = std::move(hook);
}
}  // namespace detail

}  // namespace streamsynth::io
