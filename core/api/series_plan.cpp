// core/api/series_plan.h over the workflow of core/workflow/series_plan.h.
#include "core/api/series_plan.h"

#include <utility>

#include "core/workflow/series_plan.h"

namespace streamsynth::api {

void planRunSeries(stream::RunConfig& config, const std::vector<std::string>& names,
                   const std::vector<privacy::Budget>& budgets) {
    workflow::planRunSeries(config, names, budgets);
}

}  // namespace streamsynth::api
