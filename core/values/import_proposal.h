// The value types of core/api/import_proposal.h (what its functions take and give),
// on the ground floor so the workflows below the facade (core/workflow) use them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/values/schema.h"
#include "core/values/stream_settings.h"

namespace streamsynth::api {

struct TimeColumnGuess {
    std::string column;
    long long dates = 0;   // non-empty cells read as dates
    long long values = 0;  // non-empty cells
};

struct PeriodOption {
    data::PeriodUnit unit = data::PeriodUnit::Month;
    long long steps = 0;       // periods from the start to the latest date (empty periods are steps)
    long long medianRows = 0;  // rows per step, lower median over all steps
    long long rows = 0;        // rows dated in [start, latest]
};

}  // namespace streamsynth::api
