// Choosing workloads (see workload_choice.h).
#include "core/values/workload_choice.h"

#include "core/values/error.h"

namespace streamsynth::api {

marginals::WorkloadSet makeWorkloadSet(const data::Domain& domain, const WorkloadChoice& choice) {
    if (!choice.file.empty()) return marginals::WorkloadSet::readFile(choice.file, domain);
    if (!choice.names.empty()) return marginals::WorkloadSet::fromNames(domain, choice.names);
    if (choice.way < 1 || choice.way > domain.attributeCount())
        throw settingError("way", std::to_string(choice.way) + "-way workloads need between 1 and the " +
                                      std::to_string(domain.attributeCount()) + " attributes of the table");
    return marginals::WorkloadSet::allKWay(domain, choice.way);
}

}  // namespace streamsynth::api
