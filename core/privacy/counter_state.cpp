// Boost binary archive of a CounterState (sessions embed these bytes).
#include <boost/archive/archive_exception.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/vector.hpp>
#include <sstream>
#include <stdexcept>

#include "core/common/bounded_archive.h"
#include "core/privacy/counter.h"
#include "core/privacy/counter_kinds.h"
#include "core/values/error.h"

namespace streamsynth::privacy {
namespace {

// Version 2 adds the elders arity; the enums gained the new
// counter types and the Gaussian noise kinds. Version 3: sqrt-unbounded
// (older builds refuse it as an unknown type) and the square roots' discrete
// noise on the 2^-m lattice (counter_toeplitz.h). A version-2 sqrt:T state
// with discrete noise was drawn by the leaky mechanism that lattice replaces
// and is refused; every other older state still loads.
constexpr int kCounterStateVersion = 3;
constexpr int kLastNoise = static_cast<int>(NoiseKind::DiscreteGaussian);

// The kind saved under a state code ("" when no kind has it: refused below).
std::string kindNamed(int stateCode) {
    for (const CounterKind& k : counterKinds())
        if (k.stateCode == stateCode) return k.name;
    return {};
}

template <class Archive>
void io(Archive& ar, CounterState& s, int version) {
    // The kind is stored as its state code (counter_kinds.h); -1: none registered under it.
    int type = Archive::is_saving::value ? kindOf(s.spec).stateCode : -1,
        noise = static_cast<int>(s.spec.noise);
    ar& type& s.spec.blockSize& s.spec.horizon& noise& s.budget& s.cells& s.time& s.arrays;
    if (version >= 2) ar& s.spec.arity;
    if (Archive::is_loading::value) s.spec.kind = kindNamed(type);
    s.spec.noise = static_cast<NoiseKind>(noise);
}

}  // namespace

std::string saveCounterState(const CounterState& state) {
    std::ostringstream out;
    {
        boost::archive::binary_oarchive ar(out);
        int version = kCounterStateVersion;
        ar << version;
        CounterState copy = state;
        io(ar, copy, kCounterStateVersion);
    }
    return out.str();
}

CounterState loadCounterState(const std::string& bytes) {
    CounterState s;
    try {
        std::istringstream in(bytes);
        BoundedBinaryIArchive ar(in, 0, bytes.size());  // a damaged count is refused, not allocated
        int version = 0;
        ar >> version;
        if (version < 1 || version > kCounterStateVersion)
            throw Error(ErrorKind::Session, "unknown counter state version");
        io(ar, s, version);
        if (version < 3 && s.spec.kind == "sqrt" && isDiscrete(s.spec.noise))
            throw Error(
                ErrorKind::Session,
                "this session's sqrt counter with discrete noise was saved by an older StreamSynth whose "
                "discrete square-root noise could reveal the data's parity; it cannot be continued "
                "(start a new stream)");
    } catch (const Error&) {
        throw;
    } catch (const boost::archive::archive_exception&) {
        throw Error(ErrorKind::Session, "damaged counter state: it ends before its last field");
    } catch (const std::length_error& e) {  // the bounded archive's refusal is in words
        const std::string what = e.what();
        throw Error(
            ErrorKind::Session,
            "damaged counter state: " +
                (what.rfind("a stored size", 0) == 0 ? what : std::string("a size is impossibly large")));
    } catch (const std::exception&) {  // std::bad_alloc and the like: never shown as C++ text
        throw Error(ErrorKind::Session, "damaged counter state: a field holds an impossible value");
    }
    if (s.spec.kind.empty() || static_cast<int>(s.spec.noise) < 0 ||
        static_cast<int>(s.spec.noise) > kLastNoise)
        throw Error(ErrorKind::Session, "damaged counter state: unknown counter or noise type");
    return s;
}

}  // namespace streamsynth::privacy
