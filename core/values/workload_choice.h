// How the workloads of a run or an evaluation are chosen (GUI experiment
// panel, CLI --way / --workloads): all `way`-way workloads, the named ones,
// or those listed in a file (one per line, attribute names separated by commas).
#pragma once

#include <string>
#include <vector>

#include "core/values/workload_set.h"

namespace streamsynth::api {

struct WorkloadChoice {
    int way = 2;
    std::vector<std::vector<std::string>> names;
    std::string file;
};

// Setting Error ("way") when way is not in 1..attributes; the file's and
// names' errors as marginals::WorkloadSet.
marginals::WorkloadSet makeWorkloadSet(const data::Domain& domain, const WorkloadChoice& choice);

}  // namespace streamsynth::api
