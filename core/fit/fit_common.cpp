// Shared helpers of the fit engines.
#include "core/fit/fit_common.h"

#include <algorithm>
#include <ctime>

#include "core/pgm/junction_tree.h"
#include "core/values/error.h"

namespace streamsynth::fit {

Model::~Model() = default;
FitEngine::~FitEngine() = default;

double threadCpuSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

FitClock::FitClock() : start_(std::chrono::steady_clock::now()), cpuStart_(threadCpuSeconds()) {}

void FitClock::finish(FitReport& report, const Model& model, double workerCpu, FitReport* out) const {
    report.total = model.total();
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    report.cpuSeconds = threadCpuSeconds() - cpuStart_ + workerCpu;
    if (out) *out = report;
}

pgm::Sizes domainSizes(const data::Domain& domain) {
    pgm::Sizes s;
    for (int a = 0; a < domain.attributeCount(); ++a) s.push_back(domain.size(a));
    return s;
}

std::vector<std::string> domainNames(const data::Domain& domain) {
    return domain.names();
}

void validateMeasurements(const data::Domain& domain, const std::vector<Measurement>& measurements) {
    for (const auto& m : measurements) {
        if (m.attrs.empty()) throw settingError("measurement", "a measurement needs at least one attribute");
        for (size_t i = 0; i < m.attrs.size(); ++i) {
            if (m.attrs[i] < 0 || m.attrs[i] >= domain.attributeCount())
                throw settingError("measurement", "a measurement names an attribute outside the domain");
            if (i > 0 && m.attrs[i] <= m.attrs[i - 1])
                throw settingError("measurement", "a measurement's attributes must be strictly increasing");
        }
        if (static_cast<double>(m.values.size()) != domain.cells(m.attrs))
            throw settingError("measurement", "a measurement's value count does not match its cells");
        if (!(m.variance > 0)) throw settingError("variance", "a measurement's noise variance must be > 0");
    }
}

std::vector<pgm::MeasurementView> views(const std::vector<Measurement>& measurements) {
    std::vector<pgm::MeasurementView> v;
    v.reserve(measurements.size());
    for (const auto& m : measurements) v.push_back({m.attrs, m.values, m.variance});
    return v;
}

std::vector<Model::Answer> Model::marginals(std::span<const std::vector<int>> sets, TaskPool*) const {
    std::vector<Answer> out;
    out.reserve(sets.size());
    for (const auto& a : sets) out.push_back(std::make_shared<const std::vector<double>>(marginal(a)));
    return out;
}

SizeMemo::Sizes& SizeMemo::sizesOf(const std::vector<std::vector<int>>& modelCliques) const {
    if (last_ && last_->first == modelCliques) return last_->second;
    if (entries_ > 100000) {  // bound the memo as before (about 100,000 sizes)
        memo_.clear();
        entries_ = 0;
    }
    last_ = &*memo_.try_emplace(modelCliques).first;
    return last_->second;
}

double SizeMemo::size(const data::Domain& domain, const std::vector<std::vector<int>>& modelCliques,
                      const std::vector<std::vector<int>>& currentTreeCliques, double currentSize,
                      std::span<const int> attrs) const {
    std::vector<int> w(attrs.begin(), attrs.end());
    std::sort(w.begin(), w.end());
    for (const auto& c : currentTreeCliques)
        if (std::includes(c.begin(), c.end(), w.begin(), w.end())) return currentSize;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        const Sizes& sizes = sizesOf(modelCliques);
        auto it = sizes.find(w);
        if (it != sizes.end()) return it->second;
    }
    auto all = modelCliques;
    all.push_back(w);
    // Only the reference's tree: the size limit is counted on it, and the
    // second order would cost every one of the selection's many size checks.
    const double s = pgm::referenceTreeSize(domainSizes(domain), all);
    std::lock_guard<std::mutex> lock(mutex_);
    if (sizesOf(modelCliques).emplace(std::move(w), s).second) ++entries_;
    return s;
}

}  // namespace streamsynth::fit
