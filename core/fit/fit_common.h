// Helpers shared by the two engines: validation of measurements, the domain
// as plain sizes/names, and the memoised hypothetical junction-tree size.
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "core/fit/fit_engine.h"
#include "core/pgm/estimator.h"

namespace streamsynth::fit {

// CPU seconds consumed by the calling thread so far.
double threadCpuSeconds();

// Times one fit() call from construction; finish() fills the report's total,
// wall seconds and CPU seconds (the calling thread's plus workerCpu, the
// seconds the fit's worker threads used) and copies it to `out` if given.
class FitClock {
public:
    FitClock();
    void finish(FitReport& report, const Model& model, double workerCpu, FitReport* out) const;

private:
    std::chrono::steady_clock::time_point start_;
    double cpuStart_;
};
pgm::Sizes domainSizes(const data::Domain& domain);
std::vector<std::string> domainNames(const data::Domain& domain);
// Throws setting Errors for unsorted/out-of-range attrs, wrong value counts, variance <= 0.
void validateMeasurements(const data::Domain& domain, const std::vector<Measurement>& measurements);
std::vector<pgm::MeasurementView> views(const std::vector<Measurement>& measurements);

// Memoised JT size of cliques ∪ {attrs}; returns currentSize when attrs is
// inside one of currentTreeCliques. Two levels: the model's cliques, then the
// workload. A selection asks about every candidate of one model in a row, so
// the last model's sizes are found with one comparison of its cliques
// (before, each check built and compared a key of all the cliques).
class SizeMemo {
public:
    double size(const data::Domain& domain, const std::vector<std::vector<int>>& modelCliques,
                const std::vector<std::vector<int>>& currentTreeCliques, double currentSize,
                std::span<const int> attrs) const;

private:
    using Sizes = std::map<std::vector<int>, double>;                         // workload (sorted) -> size
    using Memo = std::map<std::vector<std::vector<int>>, Sizes>;              // model's cliques -> its sizes
    Sizes& sizesOf(const std::vector<std::vector<int>>& modelCliques) const;  // under mutex_

    mutable std::mutex mutex_;
    mutable Memo memo_;
    mutable Memo::value_type* last_ = nullptr;  // memo_'s last used entry
    mutable std::size_t entries_ = 0;           // sizes held, over all models
};

}  // namespace streamsynth::fit
