// The workflow behind core/api/dataset_choice.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <string>

#include "core/values/input_request.h"
#include "core/values/stream_budget.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

std::string defaultDatasetName(const InputRequest& input);
std::string defaultDatasetNameOfFile(const std::string& path);
DatasetChoice datasetChoiceFor(const InputRequest& input, const std::string& name, bool chargeConfirmed);
DatasetChoice datasetChoiceForFile(const std::string& path, const std::string& name, bool chargeConfirmed);

}  // namespace streamsynth::workflow
