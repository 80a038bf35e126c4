// The workflow behind core/api/series_plan.h (which documents each function):
// the facade forwards to these.
#pragma once

#include <string>
#include <vector>

#include "core/values/budget.h"
#include "core/values/run_config.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

void planRunSeries(stream::RunConfig& config, const std::vector<std::string>& names,
                   const std::vector<privacy::Budget>& budgets);

}  // namespace streamsynth::workflow
