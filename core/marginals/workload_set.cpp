// Validation and construction of workload sets (all k-way, by names, from a file).
#include "core/values/workload_set.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

#include "core/marginals/workload_limits.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/message_text.h"

namespace streamsynth::marginals {

namespace {

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return {};
    const auto e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

// Maps names to a sorted workload; `where` prefixes messages.
Workload workloadFromNames(const data::Domain& domain, const std::vector<std::string>& names,
                           const ErrorContext& where, bool asInput) {
    auto fail = [&](const std::string& msg) -> Error {
        if (asInput) return inputError(msg, where);
        return settingError("workloads", msg);
    };
    if (names.empty()) throw fail("a workload must name at least one attribute");
    Workload w;
    for (const std::string& n : names) {
        const int i = domain.indexOf(n);
        if (i < 0) throw fail("there is no attribute named " + quotedText(n));
        w.attrs.push_back(i);
    }
    std::sort(w.attrs.begin(), w.attrs.end());
    if (std::adjacent_find(w.attrs.begin(), w.attrs.end()) != w.attrs.end())
        throw fail("a workload names the same attribute twice");
    return w;
}

}  // namespace

WorkloadSet::WorkloadSet(data::Domain domain, std::vector<Workload> workloads)
    : domain_(std::move(domain)), workloads_(std::move(workloads)) {
    if (workloads_.empty()) throw settingError("workloads", "the workload set is empty");
    if (workloads_.size() > static_cast<std::size_t>(kMaxWorkloads))
        throw settingError("workloads", "there are " + std::to_string(workloads_.size()) +
                                            " workloads, more than the limit of " +
                                            std::to_string(kMaxWorkloads));
    std::set<std::vector<int>> seen;
    double total = 0;
    cells_.reserve(workloads_.size());
    for (const Workload& w : workloads_) {
        if (w.attrs.empty()) throw settingError("workloads", "a workload has no attributes");
        for (size_t j = 0; j < w.attrs.size(); ++j) {
            if (w.attrs[j] < 0 || w.attrs[j] >= domain_.attributeCount())
                throw settingError(
                    "workloads", "attribute index " + std::to_string(w.attrs[j]) + " is outside the domain");
            if (j > 0 && w.attrs[j] <= w.attrs[j - 1])
                throw settingError("workloads", "workload attributes must be strictly increasing");
        }
        if (!seen.insert(w.attrs).second) {
            std::string l;
            for (int a : w.attrs) l += (l.empty() ? "" : " × ") + domain_.name(a);
            throw settingError("workloads", "workload " + l + " is listed twice");
        }
        const double c = domain_.cells(w.attrs);
        if (c > kMaxCells) {
            std::string l;
            for (int a : w.attrs) l += (l.empty() ? "" : " × ") + domain_.name(a);
            throw settingError("workloads", "workload " + l + " has " +
                                                std::to_string(static_cast<long long>(c)) +
                                                " cells, more than the limit of 50,000,000");
        }
        cells_.push_back(static_cast<std::size_t>(c));
        total += c;
        if (total > kMaxTotalCells)
            throw settingError("workloads",
                               "the workloads have more than " +
                                   std::to_string(static_cast<long long>(kMaxTotalCells)) +
                                   " cells in all (the limit: their answers must fit in memory); "
                                   "choose fewer or smaller workloads");
    }
}

WorkloadSet WorkloadSet::allKWay(const data::Domain& domain, int k) {
    const int p = domain.attributeCount();
    if (k < 1 || k > p)
        throw settingError("k", "the workload order k must be between 1 and the number of attributes (" +
                                    std::to_string(p) + "), got " + std::to_string(k));
    // C(p, k) before any allocation: 1,000 attributes give 499,500 pairs.
    double count = 1;
    for (int i = 0; i < k; ++i) count = count * (p - i) / (i + 1);
    if (count > kMaxWorkloads)
        throw settingError(
            "k", "all " + std::to_string(k) + "-way workloads of " + std::to_string(p) + " attributes are " +
                     std::to_string(static_cast<long long>(count)) + ", more than the limit of " +
                     std::to_string(kMaxWorkloads) +
                     "; choose a smaller k or list the workloads in a file (--workloads FILE)");
    std::vector<Workload> out;
    std::vector<int> idx(static_cast<size_t>(k));
    for (int i = 0; i < k; ++i) idx[static_cast<size_t>(i)] = i;
    // Lexicographic enumeration of k-subsets of {0..p-1}.
    while (true) {
        out.push_back(Workload{idx});
        int i = k - 1;
        while (i >= 0 && idx[static_cast<size_t>(i)] == p - k + i) --i;
        if (i < 0) break;
        ++idx[static_cast<size_t>(i)];
        for (int j = i + 1; j < k; ++j) idx[static_cast<size_t>(j)] = idx[static_cast<size_t>(j - 1)] + 1;
    }
    return WorkloadSet(domain, std::move(out));
}

WorkloadSet WorkloadSet::fromNames(const data::Domain& domain,
                                   const std::vector<std::vector<std::string>>& names) {
    std::vector<Workload> out;
    for (const auto& n : names) out.push_back(workloadFromNames(domain, n, {}, false));
    return WorkloadSet(domain, std::move(out));
}

WorkloadSet WorkloadSet::readFile(const std::string& path, const data::Domain& domain) {
    std::istringstream in(readInputFile(path, {InputRole::Workloads, kMaxWorkloadBytes}));
    ErrorContext ctx;
    ctx.file = path;
    std::vector<Workload> out;
    std::set<std::vector<int>> seen;
    std::string line;
    long long lineNo = 0;
    while (std::getline(in, line)) {
        ++lineNo;
        if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        if (trim(line).empty()) continue;
        std::vector<std::string> names;
        size_t start = 0;
        while (true) {
            const size_t comma = line.find(',', start);
            names.push_back(
                trim(line.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
        ctx.line = lineNo;
        for (const auto& n : names)
            if (n.empty()) throw inputError("empty attribute name in the workload list", ctx);
        Workload w = workloadFromNames(domain, names, ctx, true);
        if (!seen.insert(w.attrs).second) throw inputError("this workload is listed twice", ctx);
        out.push_back(std::move(w));
    }
    ctx.line = -1;
    if (out.empty()) throw inputError("the workload file lists no workload", ctx);
    return WorkloadSet(domain, std::move(out));
}

std::size_t WorkloadSet::totalCells() const noexcept {
    std::size_t s = 0;
    for (std::size_t c : cells_) s += c;
    return s;
}

std::string WorkloadSet::label(std::size_t i) const {
    std::string l;
    for (int a : workloads_.at(i).attrs) l += (l.empty() ? "" : " × ") + domain_.name(a);
    return l;
}

int WorkloadSet::indexOf(const Workload& w) const {
    for (size_t i = 0; i < workloads_.size(); ++i)
        if (workloads_[i] == w) return static_cast<int>(i);
    return -1;
}

}  // namespace streamsynth::marginals
