// The versioned layouts of a session file's payload (session_store.cpp):
// the Boost free serialize() functions of the stored types, and each format
// version's writer (session_format_writers.cpp) and reader, which upgrades
// an older layout to the current SessionData (session_format_readers.cpp).
// Private to core/io.
#pragma once

#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/utility.hpp>
#include <boost/serialization/vector.hpp>

#include "core/common/bounded_archive.h"
#include "core/io/model_state_archive.h"
#include "core/io/session_data.h"

// Boost free serialize() functions, found by ADL in the types' namespaces.

namespace streamsynth::metrics {
template <class A>
void serialize(A& ar, StepMetrics& m, const unsigned) {
    ar& m.avgWE& m.maxWE& m.avgRelWE& m.maxRelWE& m.avgRelL1& m.maxRelL1& m.avgWECount& m.maxWECount& m
        .avgRelL1Count& m.maxRelL1Count;
}
}  // namespace streamsynth::metrics

namespace streamsynth::stream {
// The tracked counters fed in blocks (format 16), written and read alike.
template <class A>
void serialize(A& ar, BlockStates& b, const unsigned) {
    ar& b.pending& b.anchor& b.last& b.lastVariance;
}
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

// Version n's layout written from the current data (writeV1..writeV12 stay for
// the upgrade tests: they write what those versions held).
void writeV1(boost::archive::binary_oarchive& ar, const SessionData& d);
void writeV2(boost::archive::binary_oarchive& ar, const SessionData& d);
void writeV3(boost::archive::binary_oarchive& ar, const SessionData& d);
void writeV4(boost::archive::binary_oarchive& ar, const SessionData& d);
void writeV5(boost::archive::binary_oarchive& ar, const SessionData& d);
void writeV6(boost::archive::binary_oarchive& ar, const SessionData& d);
void writeV7(boost::archive::binary_oarchive& ar, const SessionData& d);
void writeV8(boost::archive::binary_oarchive& ar, const SessionData& d);
void writeV9(boost::archive::binary_oarchive& ar, const SessionData& d);
void writeV10(boost::archive::binary_oarchive& ar, const SessionData& d);
void writeV11(boost::archive::binary_oarchive& ar, const SessionData& d);
void writeV12(boost::archive::binary_oarchive& ar, const SessionData& d);
void writeV13(boost::archive::binary_oarchive& ar, const SessionData& d);
void writeV14(boost::archive::binary_oarchive& ar, const SessionData& d);
void writeV16(boost::archive::binary_oarchive& ar, const SessionData& d);

// Version n's layout read and upgraded to the current data.
SessionData readV1(SessionIArchive& ar);
SessionData readV2(SessionIArchive& ar);
SessionData readV3(SessionIArchive& ar);
SessionData readV4(SessionIArchive& ar);
SessionData readV5(SessionIArchive& ar);
SessionData readV6(SessionIArchive& ar);
SessionData readV7(SessionIArchive& ar);
SessionData readV8(SessionIArchive& ar);
SessionData readV9(SessionIArchive& ar);
SessionData readV10(SessionIArchive& ar);
SessionData readV11(SessionIArchive& ar);
SessionData readV12(SessionIArchive& ar);
SessionData readV13(SessionIArchive& ar);
SessionData readV14(SessionIArchive& ar);
SessionData readV16(SessionIArchive& ar);

}  // namespace streamsynth::io
