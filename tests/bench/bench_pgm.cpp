// Benchmark of the pgm engine on the pgm-adult-15 fixture: fit (200 and 1000
// iterations), all-pairs marginals (mostly out-of-clique, the selection hot
// path), hypothetical sizes for all pairs, and sampling N rows.
// Each fit runs for every thread count (median wall time of 3 runs, and the
// speed-up against one thread; the result is bitwise the same for all).
// Also the streamers' case: all pair marginals of a small model (fresh copy).
// Usage: bench_pgm [--threads 1,2] [iterations...]   (default threads 1,2; iterations 200 1000;
//        `bench_pgm 0`: the small model's queries only)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
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

// The streamers' case (Adult in batches of 50: models of ~600-950 cells,
// every attribute's 1-way marginal and a few pairs, most query pairs in
// different components): all pair marginals asked of a fresh copy of the
// model (a new model every round, so every per-model memo starts empty).
// Median of the repetitions, and a checksum of the answers so that a change
// meant to keep every bit can be checked against the one before.
void timeSmallModelQueries(const fit::FitEngine& engine, const data::Domain& domain) {
    std::vector<fit::Measurement> ms;
    auto rng = privacy::makeSeededRng(7);
    const int d = domain.attributeCount();
    for (int a = 0; a < d; ++a) {
        fit::Measurement m;
        m.attrs = {a};
        m.values.resize(static_cast<size_t>(domain.cells(m.attrs)));
        for (double& v : m.values) v = 1 + 100 * rng->uniform01();
        m.variance = 100;
        ms.push_back(std::move(m));
    }
    for (auto [a, b] : {std::pair{1, 3}, {6, 8}, {7, 13}}) {
        fit::Measurement m;
        m.attrs = {a, b};
        m.values.resize(static_cast<size_t>(domain.cells(m.attrs)));
        for (double& v : m.values) v = 1 + 50 * rng->uniform01();
        m.variance = 100;
        ms.push_back(std::move(m));
    }
    fit::FitOptions o;
    o.maxIterations = 100;
    const auto model = engine.fit(domain, ms, nullptr, o);
    std::vector<double> ms1;
    double checksum = 0;
    for (int rep = 0; rep < (std::getenv("BENCH_PGM_REPS") ? std::atoi(std::getenv("BENCH_PGM_REPS")) : 200);
         ++rep) {
        const auto fresh = model->withTotal(model->total());
        const auto t0 = Clock::now();
        for (int a = 0; a < d; ++a)
            for (int b = a + 1; b < d; ++b) {
                const int q[2] = {a, b};
                const auto m = fresh->marginal(q);
                if (rep == 0)
                    for (size_t i = 0; i < m.size(); ++i) checksum += m[i] * static_cast<double>(1 + i % 7);
            }
        ms1.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    }
    std::sort(ms1.begin(), ms1.end());
    std::printf(
        "small model (%.0f cells): all pair marginals of a fresh copy: median %.3f ms (checksum %.17g)\n",
        model->sizeCells(), 1000 * ms1[ms1.size() / 2], checksum);
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
    if (iters.size() == 1 && iters[0] == 0) {  // `bench_pgm 0`: the small model's queries only
        timeSmallModelQueries(*fit::makePgmEngine(), domain);
        return 0;
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
    timeSmallModelQueries(*engine, domain);
    return 0;
}
