// core/api/dataset_choice.h over the workflow of core/workflow/dataset_choice.h.
#include "core/api/dataset_choice.h"

#include <utility>

#include "core/workflow/dataset_choice.h"

namespace streamsynth::api {

std::string defaultDatasetNameOfFile(const std::string& path) {
    return workflow::defaultDatasetNameOfFile(path);
}

DatasetChoice datasetChoiceFor(const InputRequest& input, const std::string& name, bool chargeConfirmed) {
    return workflow::datasetChoiceFor(input, name, chargeConfirmed);
}

DatasetChoice datasetChoiceForFile(const std::string& path, const std::string& name, bool chargeConfirmed) {
    return workflow::datasetChoiceForFile(path, name, chargeConfirmed);
}

}  // namespace streamsynth::api
