// The series of a run as the user chose them (the GUI's series box and
// privacy fields, the CLI's --series and budget options): every name with
// every budget, and the run's privacy model and δ from those budgets, in one
// step, so the GUI and the CLI fill a RunConfig alike (the same seed and
// settings give byte-identical releases through either).
#pragma once

#include <string>
#include <vector>

#include "core/values/budget.h"
#include "core/values/run_config.h"

namespace streamsynth::api {

// config.series = names × budgets, name-major (stream::planSeries: id = the
// base id, with "-" + budgetTag when the run has several budgets);
// config.privacy and config.delta = the budgets' model and δ (one model and
// one δ, as api::parseBudgets gives them). Setting Error when a list is
// empty, a budget or a name is listed twice, a name is unknown or its
// counter does not exist in the model, or the budgets mix models or δ.
void planRunSeries(stream::RunConfig& config, const std::vector<std::string>& names,
                   const std::vector<privacy::Budget>& budgets);

}  // namespace streamsynth::api
