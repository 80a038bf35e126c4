// The workflow behind core/api/import_proposal.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/data/csv_reader.h"
#include "core/values/import_proposal.h"
#include "core/values/schema.h"
#include "core/values/stream_settings.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

double niceCeil(double x);
data::Schema withRoundBounds(data::Schema proposal);
std::optional<TimeColumnGuess> detectTimeColumn(const data::RawTable& table);
std::vector<PeriodOption> periodOptions(const data::RawTable& table, const std::string& column,
                                        const std::string& format = {}, const std::string& start = {},
                                        int count = 1, const std::string& end = {});
data::PeriodUnit proposePeriod(const std::vector<PeriodOption>& options, long long minRows = 100);

}  // namespace streamsynth::workflow
