// core/api/import_proposal.h over the workflow of core/workflow/import_proposal.h.
#include "core/api/import_proposal.h"

#include <utility>

#include "core/api/detail/workbench_impl.h"
#include "core/workflow/import_proposal.h"

namespace streamsynth::api {

double niceCeil(double x) {
    return workflow::niceCeil(x);
}

data::Schema withRoundBounds(data::Schema proposal) {
    return workflow::withRoundBounds(std::move(proposal));
}

std::optional<TimeColumnGuess> detectTimeColumn(const Workbench& workbench) {
    if (!workbench.impl_->raw) return std::nullopt;  // a database: no preview
    return workflow::detectTimeColumn(*workbench.impl_->raw);
}

std::vector<PeriodOption> periodOptions(const Workbench& workbench, const std::string& column,
                                        const std::string& format, const std::string& start, int count,
                                        const std::string& end) {
    if (!workbench.impl_->raw) return {};
    return workflow::periodOptions(*workbench.impl_->raw, column, format, start, count, end);
}

data::PeriodUnit proposePeriod(const std::vector<PeriodOption>& options, long long minRows) {
    return workflow::proposePeriod(options, minRows);
}

}  // namespace streamsynth::api
