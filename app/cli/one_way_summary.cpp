// See one_way_summary.h.
#include "cli/one_way_summary.h"

#include <cmath>
#include <string>

namespace streamsynth::cli {

void printOneWaySummary(FILE* out, const api::Run& run) {
    const std::vector<double> uniformTV = run.oneWayUniformTV();
    const data::Domain domain = run.schema().domain();
    std::fprintf(
        out, "1-way distance (TV, last step; uniform column in brackets; private: not for publication):\n");
    for (const auto& s : run.config().series) {
        const auto history = run.history(s.id);
        if (history.empty() || history.back().oneWayTV.empty()) continue;
        const std::vector<double>& tv = history.back().oneWayTV;
        int worst = -1;
        std::string flat;  // attributes no closer than 90% of uniform's distance
        for (std::size_t a = 0; a < tv.size() && a < uniformTV.size(); ++a) {
            if (!std::isfinite(tv[a])) continue;
            if (worst < 0 || tv[a] > tv[static_cast<std::size_t>(worst)]) worst = static_cast<int>(a);
            if (std::isfinite(uniformTV[a]) && uniformTV[a] > 0 && tv[a] >= 0.9 * uniformTV[a])
                flat += (flat.empty() ? "" : ", ") + domain.name(static_cast<int>(a));
        }
        if (worst < 0) continue;
        const auto w = static_cast<std::size_t>(worst);
        std::fprintf(out, "  %-24s worst %s %.3f [%.3f]%s%s\n", s.id.c_str(), domain.name(worst).c_str(),
                     tv[w], uniformTV[w], flat.empty() ? "" : "; about uniform: ", flat.c_str());
    }
}

}  // namespace streamsynth::cli
