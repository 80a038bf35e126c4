// Benchmark of the pgm engine on the pgm-adult-15 fixture: fit (200 and 1000
// iterations), all-pairs marginals (mostly out-of-clique, the selection hot
// path), hypothetical sizes for all pairs, and sampling N rows.
// Usage: bench_pgm [iterations...]   (default 200 1000)
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "core/data/schema.h"
#include "core/fit/fit_engine.h"

using namespace streamsynth;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
    const std::string shared = STREAMSYNTH_SHARED_DIR;
    const auto domain = data::readSchema(shared + "/data/adult-domain.json").domain();
    std::ifstream in(shared + "/fixtures/pgm-adult-15/measurements.csv");
    std::string line;
    std::getline(in, line);
    std::map<int, fit::Measurement> byPair;
    while (std::getline(in, line)) {
        std::stringstream ss(line);
        std::string f[8];
        for (auto& x : f) std::getline(ss, x, ',');
        auto& m = byPair[std::stoi(f[0])];
        if (m.attrs.empty()) {
            m.attrs = {domain.requireIndex(f[1]), domain.requireIndex(f[2])};
            m.values.assign(static_cast<size_t>(domain.cells(m.attrs)), 0.0);
            m.variance = 625.0;
        }
        m.values[static_cast<size_t>(std::stoll(f[5]))] = std::stod(f[7]);
    }
    std::vector<fit::Measurement> ms;
    for (auto& [k, m] : byPair) ms.push_back(m);
    std::vector<int> iters;
    for (int i = 1; i < argc; ++i) iters.push_back(std::atoi(argv[i]));
    if (iters.empty()) iters = {200, 1000};
    const auto engine = fit::makePgmEngine();
    std::unique_ptr<fit::Model> model;
    for (int it : iters) {
        fit::FitOptions o;
        o.maxIterations = it;
        o.tolerance = 0;
        o.maxModelCells = 1e8;
        fit::FitReport r;
        model = engine->fit(domain, ms, nullptr, o, &r);
        std::printf("fit %d iterations: %d BP calls, loss %.2f, %.3f s wall, %.3f s CPU, %.3f ms/iteration, %.3f ms/BP\n",
                    it, r.bpCalls, r.finalLoss, r.seconds, r.cpuSeconds, 1000 * r.cpuSeconds / r.iterations,
                    1000 * r.cpuSeconds / r.bpCalls);
    }
    const int d = domain.attributeCount();
    auto t0 = Clock::now();
    int outside = 0;
    for (int a = 0; a < d; ++a)
        for (int b = a + 1; b < d; ++b) {
            const int q[2] = {a, b};
            model->marginal(q);
            ++outside;
        }
    const double tm = std::chrono::duration<double>(Clock::now() - t0).count();
    t0 = Clock::now();
    for (int a = 0; a < d; ++a)
        for (int b = a + 1; b < d; ++b) {
            const int q[2] = {a, b};
            engine->hypotheticalSizeCells(*model, q);
        }
    const double th = std::chrono::duration<double>(Clock::now() - t0).count();
    auto rng = privacy::makeSeededRng(1);
    t0 = Clock::now();
    const auto table = model->sample(static_cast<long long>(model->total()), *rng);
    const double ts = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf("all %d pair marginals: %.1f ms; hypothetical sizes: %.1f ms; sample %zu rows: %.1f ms\n", outside,
                1000 * tm, 1000 * th, table.rowCount(), 1000 * ts);
    return 0;
}
