// Boost serialization of fit::ModelState (found by ADL), shared by the
// session files and the release spool's recipe records so a model is stored
// one way only. Include after the Boost archive and vector/string headers.
#pragma once

#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>

#include "core/fit/fit_engine.h"

namespace streamsynth::fit {
template <class A>
void serialize(A& ar, ModelState& m, const unsigned) {
    ar& m.engine& m.cliques& m.potentials& m.marginals& m.probabilities& m.total& m.lastStep;
}
}  // namespace streamsynth::fit
