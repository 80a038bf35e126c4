// The dataset a release-mode stream is charged to, from what the steward
// loaded: a name proposed from the table (a file's base name, a database
// table's name), where the rows come from, and a sample of its first rows
// that the registry fingerprints with its own key to warn when one table is
// released under two dataset names (docs/privacy-models.md, "One budget per dataset").
#pragma once

#include <string>

#include "core/values/input_request.h"
#include "core/values/stream_budget.h"

namespace streamsynth::api {

std::string defaultDatasetNameOfFile(const std::string& path);

// name "" = defaultDatasetName. A file's sample is its first 1,000 lines
// (header and first rows: unchanged as the table grows); a database's is empty.
DatasetChoice datasetChoiceFor(const InputRequest& input, const std::string& name, bool chargeConfirmed);

DatasetChoice datasetChoiceForFile(const std::string& path, const std::string& name, bool chargeConfirmed);

}  // namespace streamsynth::api
