// Benchmark of the evaluation hot path: counting all 91 two-way marginals of
// Adult (48,842 rows, uint16 column-major codes), single thread and all
// cores, plus the streaming path (977 steps of 50 rows through
// TableStepSource). Prints the median of repeats as rows×workloads per
// second and the bytes of codes read per second, to compare with memory
// bandwidth. Usage: bench_marginals [adult.csv] [adult-domain.json] [repeats]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "core/data/csv_reader.h"
#include "core/data/table_encoder.h"
#include "core/marginals/marginal_counter.h"
#include "core/privacy/rng.h"
#include "core/steps/step_plan.h"
#include "core/steps/step_source.h"
#include "core/values/error.h"
#include "core/values/schema.h"

using namespace streamsynth;
using Clock = std::chrono::steady_clock;

namespace {
template <typename F>
double medianSeconds(int repeats, F&& f) {
    std::vector<double> t;
    for (int i = 0; i < repeats; ++i) {
        const auto a = Clock::now();
        f();
        t.push_back(std::chrono::duration<double>(Clock::now() - a).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}
double checksum(const std::vector<marginals::Marginal>& m) {
    double s = 0;
    for (const auto& v : m)
        for (double x : v) s += x;
    return s;
}
}  // namespace

int main(int argc, char** argv) {
    const std::string dataDir = std::string(STREAMSYNTH_SOURCE_DIR) + "/resources/data/";
    const std::string csv = argc > 1 ? argv[1] : dataDir + "adult.csv";
    const std::string dom = argc > 2 ? argv[2] : dataDir + "adult-domain.json";
    const int repeats = argc > 3 ? std::max(1, std::atoi(argv[3])) : 21;
    try {
        data::Schema schema = data::readSchema(dom);
        const data::Table table = data::encodeTable(data::readCsv(csv), schema).table;
        const auto ws = marginals::WorkloadSet::allKWay(table.domain(), 2);
        const double rows = static_cast<double>(table.rowCount());
        const double work = rows * static_cast<double>(ws.size());
        // Each workload reads two uint16 columns: 4 bytes per row.
        const double bytes = work * 2 * sizeof(data::Code);
        const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
        std::printf(
            "table: %s, %.0f rows x %d attributes (%.2f MB of codes); %zu two-way workloads, %zu cells\n",
            csv.c_str(), rows, table.attributeCount(), rows * table.attributeCount() * 2 / 1e6, ws.size(),
            ws.totalCells());

        double sum = 0;
        for (unsigned threads : {1u, cores}) {
            const double s = medianSeconds(
                repeats, [&] { sum += checksum(marginals::countAll(table, ws, static_cast<int>(threads))); });
            std::printf(
                "countAll threads=%-2u median %8.3f ms  %7.1f M rows*workloads/s  %6.2f GB/s of codes read\n",
                threads, s * 1e3, work / s / 1e6, bytes / s / 1e9);
        }

        // Streaming: the 977 steps of 50 rows (random order) as the run engine asks for them.
        auto rng = privacy::makeSeededRng(0, "batch-order");
        const stream::StepPlan plan = stream::planByBatch(table, {50, data::BatchOrder::Random}, *rng);
        const stream::TableStepSource source(table, plan, ws);
        const double s = medianSeconds(std::max(1, repeats / 4), [&] {
            for (int t = 1; t <= source.stepCount(); ++t) sum += checksum(source.step(t).answers);
        });
        std::printf(
            "TableStepSource: %d steps of <= 50 rows, median %8.3f ms total, %.1f us/step, %7.1f M "
            "rows*workloads/s\n",
            source.stepCount(), s * 1e3, s * 1e6 / source.stepCount(), work / s / 1e6);
        std::printf("(checksum %.0f)\n", sum);
    } catch (const Error& e) {
        std::fprintf(stderr, "bench_marginals: %s\n", e.describe().c_str());
        return 3;
    }
    return 0;
}
