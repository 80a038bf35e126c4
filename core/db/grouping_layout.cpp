// Grouping sets of a workload set; see grouping_layout.h.
#include "core/db/grouping_layout.h"

#include <algorithm>
#include <numeric>

#include "core/db/marginal_sql.h"

namespace streamsynth::db {

namespace {

bool subset(const std::vector<int>& small, const std::vector<int>& big) {
    return std::includes(big.begin(), big.end(), small.begin(), small.end());
}

}  // namespace

GroupingLayout groupingLayout(const marginals::WorkloadSet& ws, double maxSetCells) {
    GroupingLayout l;
    for (const auto& w : ws.workloads()) l.used.insert(l.used.end(), w.attrs.begin(), w.attrs.end());
    std::sort(l.used.begin(), l.used.end());
    l.used.erase(std::unique(l.used.begin(), l.used.end()), l.used.end());
    const std::size_t m = l.used.size();
    l.maskColumns = groupingMaskColumns(m);
    const data::Domain& d = ws.domain();

    // Largest workloads first; ties in set order.
    std::vector<int> order(ws.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return ws.cells(static_cast<std::size_t>(a)) > ws.cells(static_cast<std::size_t>(b));
    });
    std::vector<bool> covered(ws.size(), false);
    for (int start : order) {
        if (covered[static_cast<std::size_t>(start)]) continue;
        std::vector<int> set = ws[static_cast<std::size_t>(start)].attrs;  // schema attributes, ascending
        for (;;) {
            int bestAttr = -1, bestGain = 0;
            for (int a : l.used) {
                if (std::binary_search(set.begin(), set.end(), a)) continue;
                std::vector<int> grown = set;
                grown.insert(std::upper_bound(grown.begin(), grown.end(), a), a);
                if (d.cells(grown) > maxSetCells) continue;
                int gain = 0;
                for (std::size_t w = 0; w < ws.size(); ++w)
                    if (!covered[w] && !subset(ws[w].attrs, set) && subset(ws[w].attrs, grown)) ++gain;
                if (gain > bestGain || (gain == bestGain && gain > 0 && d.size(a) < d.size(bestAttr))) {
                    bestGain = gain;
                    bestAttr = a;
                }
            }
            if (bestAttr < 0) break;
            set.insert(std::upper_bound(set.begin(), set.end(), bestAttr), bestAttr);
        }
        std::vector<int> indices;
        for (int a : set)
            indices.push_back(
                static_cast<int>(std::lower_bound(l.used.begin(), l.used.end(), a) - l.used.begin()));
        std::vector<GroupingLayout::Part> parts;
        for (std::size_t w = 0; w < ws.size(); ++w) {
            if (covered[w] || !subset(ws[w].attrs, set)) continue;
            covered[w] = true;
            GroupingLayout::Part p;
            p.workload = static_cast<int>(w);
            for (int a : ws[w].attrs)
                p.positions.push_back(
                    static_cast<int>(std::lower_bound(set.begin(), set.end(), a) - set.begin()));
            parts.push_back(std::move(p));
        }
        // GROUPING: bit 1 for each argument NOT in the set, the last argument lowest.
        std::vector<long long> words(static_cast<std::size_t>(l.maskColumns), 0);
        for (std::size_t i = 0; i < m; ++i) {
            if (std::binary_search(indices.begin(), indices.end(), static_cast<int>(i))) continue;
            const std::size_t g = i / 31, end = std::min(m, (g + 1) * 31);
            words[g] |= 1LL << (end - 1 - i);
        }
        l.byFirstMask[words[0]].push_back(static_cast<int>(l.sets.size()));
        l.sets.push_back(std::move(indices));
        l.masks.push_back(std::move(words));
        l.parts.push_back(std::move(parts));
    }
    return l;
}

}  // namespace streamsynth::db
