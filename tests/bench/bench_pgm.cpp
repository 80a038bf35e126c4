// Benchmark of the pgm engine on the pgm-adult-15 fixture: fit (200 and 1000
// iterations), all-pairs marginals (mostly out-of-clique, the selection hot
// path), hypothetical sizes for all pairs, and sampling N rows.
// Each fit runs for every thread count (median wall time of 3 runs, and the
// speed-up against one thread; the result is bitwise the same for all).
// Usage: bench_pgm [--threads 1,2] [iterations...]   (default threads 1,2; iterations 200 1000)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "core/fit/fit_engine.h"
#include "core/values/schema.h"

using namespace streamsynth;
using Clock = std::chrono::steady_clock;

namespace {

// The fixture's 15 noisy pair marginals (tests/data/pgm-adult-15), σ = 25.
bool loadMeasurements(const std::string& path, const data::Domain& domain,
                      std::vector<fit::Measurement>& out) {
    std::ifstream in(path);
    if (!in) return false;
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
    for (auto& [k, m] : byPair) out.push_back(m);
    return true;
}

// Every pair marginal, every hypothetical size and one sample of the fitted model, timed.
void timeModelQueries(const fit::FitEngine& engine, const fit::Model& model, const data::Domain& domain) {
    const int d = domain.attributeCount();
    auto t0 = Clock::now();
    int outside = 0;
    for (int a = 0; a < d; ++a)
        for (int b = a + 1; b < d; ++b) {
            const int q[2] = {a, b};
            model.marginal(q);
            ++outside;
        }
    const double tm = std::chrono::duration<double>(Clock::now() - t0).count();
    t0 = Clock::now();
    for (int a = 0; a < d; ++a)
        for (int b = a + 1; b < d; ++b) {
            const int q[2] = {a, b};
            engine.hypotheticalSizeCells(model, q);
        }
    const double th = std::chrono::duration<double>(Clock::now() - t0).count();
    auto rng = privacy::makeSeededRng(1);
    t0 = Clock::now();
    const auto table = model.sample(static_cast<long long>(model.total()), *rng);
    const double ts = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf("all %d pair marginals: %.1f ms; hypothetical sizes: %.1f ms; sample %zu rows: %.1f ms\n",
                outside, 1000 * tm, 1000 * th, table.rowCount(), 1000 * ts);
}

}  // namespace

int main(int argc, char** argv) {
    const std::string source = STREAMSYNTH_SOURCE_DIR;
    const auto domain = data::readSchema(source + "/resources/data/adult-domain.json").domain();
    std::vector<fit::Measurement> ms;
    if (!loadMeasurements(source + "/tests/data/pgm-adult-15/measurements.csv", domain, ms)) {
        std::fprintf(stderr, "bench_pgm: cannot read %s/tests/data/pgm-adult-15/measurements.csv\n",
                     source.c_str());
        return 1;
    }
    std::vector<int> iters, threads;
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--threads" && i + 1 < argc) {
            std::stringstream list(argv[++i]);
            std::string t;
            while (std::getline(list, t, ',')) threads.push_back(std::stoi(t));
        } else {
            iters.push_back(std::atoi(argv[i]));
        }
    }
    if (iters.empty()) iters = {200, 1000};
    if (threads.empty()) threads = {1, 2};
    const auto engine = fit::makePgmEngine();
    std::unique_ptr<fit::Model> model;
    constexpr int kRuns = 3;
    for (int it : iters) {
        double oneThread = 0;
        for (int th : threads) {
            fit::FitOptions o;
            o.maxIterations = it;
            o.tolerance = 0;
            o.maxModelCells = 1e8;
            o.threads = th;
            std::vector<double> wall;
            fit::FitReport r;
            for (int run = 0; run < kRuns; ++run) {
                model = engine->fit(domain, ms, nullptr, o, &r);
                wall.push_back(r.seconds);
            }
            std::sort(wall.begin(), wall.end());
            const double med = wall[kRuns / 2];
            if (th == threads.front()) oneThread = med;
            std::printf(
                "fit %d iterations, %d thread(s): %d BP calls, loss %.2f, median %.3f s wall "
                "(%.3f ms/iteration, %.3f ms/BP), last run %.3f s CPU, speed-up vs %d thread(s) %.2fx\n",
                it, th, r.bpCalls, r.finalLoss, med, 1000 * med / r.iterations, 1000 * med / r.bpCalls,
                r.cpuSeconds, threads.front(), oneThread / med);
        }
    }
    timeModelQueries(*engine, *model, domain);
    return 0;
}
