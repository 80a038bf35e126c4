// A run's series from names and budgets (series_plan.h).
#include "core/workflow/series_plan.h"

#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/number_text.h"
#include "core/values/series_spec.h"

namespace streamsynth::workflow {

void planRunSeries(stream::RunConfig& config, const std::vector<std::string>& names,
                   const std::vector<privacy::Budget>& budgets) {
    if (budgets.empty()) throw settingError("budget", "give at least one budget");
    const std::string option = std::string("--") + budgets.front().unit();
    for (std::size_t i = 0; i < budgets.size(); ++i) {
        if (budgets[i].model() != budgets.front().model() || budgets[i].delta() != budgets.front().delta())
            throw settingError(option, "every budget of a run is in one privacy model, stated at one delta");
        for (std::size_t j = 0; j < i; ++j)
            if (budgets[i].amount() == budgets[j].amount())
                throw settingError(option, "the budget " + shortestNumberText(budgets[i].amount()) +
                                               " is listed twice; every series runs once per budget: give "
                                               "distinct values");
    }
    for (std::size_t i = 0; i < names.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (names[i] == names[j])
                throw settingError("--series", "the series " + quotedText(names[i]) +
                                                   " is listed twice: give each series once");
    std::vector<stream::SeriesSpec> specs;
    for (const std::string& name : names)
        for (const privacy::Budget& b : budgets) specs.push_back(stream::parseSeriesSpec(name, b));
    config.series = stream::planSeries(specs);
    config.privacy = budgets.front().model();
    config.delta = budgets.front().delta();
}

}  // namespace streamsynth::workflow
