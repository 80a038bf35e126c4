// Accuracy of the marginals release against the synthetic table (docs/
// streamers.md, "Releasing the noisy marginals"): one proposed:simple series
// with the product's defaults (RunConfig's, as `streamsynth-cli run`) over
// Adult in random batches; after every step, for each noisy marginal the
// series publishes (stream::NoisyMarginals), its workload error against the
// truth beside the error of the synthetic table's answer to the same
// marginal (the release's expected answers, as the run's metrics use them):
// WE = mean over cells |truth/|f_t| − x/Σx| (each side normalised by its own
// total) and the count form mean |truth − x| (the synthetic side scaled to
// |f_t|, so the release's size error does not count against it). Printed as
// means over the last 10 steps and all items of a kind (1-way, small
// workload, anchored) per seed. Uses the private data: not DP; for docs.
// Usage: bench_marginals_accuracy [batch=1000] [epsilon=1] [seeds=1,2] [data=adult.csv] [k=RunConfig default]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/marginals/marginal_counter.h"
#include "core/metrics/one_way.h"
#include "core/steps/step_pipeline.h"
#include "core/steps/step_source.h"
#include "core/stream/run_engine.h"

using namespace streamsynth;

namespace {

struct Sums {
    double noisyWE = 0, synthWE = 0, noisyCount = 0, synthCount = 0;
    long long items = 0, noisyBetter = 0;
};

std::vector<double> answerOf(const stream::NoisyMarginal& m, const marginals::WorkloadSet& ws,
                             const std::vector<marginals::Marginal>& answers) {
    if (m.workload >= 0) return answers[static_cast<std::size_t>(m.workload)];
    return metrics::oneWayCounts(ws, answers, m.attrs.at(0));
}

double total(const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return s;
}

// Mean over cells of |a/Σa − b/Σb| and of |a − b·Σa/Σb|.
std::pair<double, double> errors(const std::vector<double>& truth, const std::vector<double>& x) {
    const double n = total(truth), m = total(x);
    double we = 0, count = 0;
    for (std::size_t c = 0; c < truth.size(); ++c) {
        const double share = m != 0 ? x[c] / m : 0.0;
        we += std::fabs(truth[c] / n - share);
        count += std::fabs(truth[c] - share * n);
    }
    const auto cells = static_cast<double>(truth.size());
    return {we / cells, count / cells};
}

const char* kindOf(const stream::NoisyMarginal& m) {
    if (m.kind == stream::NoisyMarginal::Kind::Anchored) return "anchored (measured this step)";
    return m.workload < 0 ? "continual 1-way" : "continual small workload";
}

void runSeed(const stream::LoadedStream& ls, const marginals::WorkloadSet& ws, double epsilon,
             std::uint64_t seed, int rounds) {
    const stream::TableStepSource source(ls.encoded.table, ls.plan, ws, 1);
    stream::RunConfig config;
    stream::SeriesConfig s;
    s.id = "proposed-simple";
    s.streamer = stream::StreamerKind::Proposed;
    s.counter = "simple";
    s.budget = privacy::Budget::of(privacy::PrivacyModel::Pure, epsilon);
    config.series = {s};
    config.seed = seed;
    if (rounds > 0) config.rounds = rounds;
    stream::RunEngine engine(source, config);
    const int steps = source.stepCount();
    std::map<std::string, Sums> byKind;
    stream::RunCallbacks cb;
    cb.onProgress = [&](int t, int) {
        if (t <= steps - 10) return;  // the last 10 steps, as the run's last-10 metrics
        const auto& truth = engine.truthAnswers();
        const auto& release = engine.releaseAnswers(s.id);
        for (const stream::NoisyMarginal& m : engine.noisyMarginals(s.id).items) {
            const std::vector<double> a = answerOf(m, ws, truth), g = answerOf(m, ws, release);
            const auto [nWE, nCount] = errors(a, m.counts);
            const auto [gWE, gCount] = errors(a, g);
            for (const char* k : {kindOf(m), "all"}) {
                Sums& x = byKind[k];
                x.noisyWE += nWE;
                x.synthWE += gWE;
                x.noisyCount += nCount;
                x.synthCount += gCount;
                ++x.items;
                x.noisyBetter += nWE < gWE ? 1 : 0;
            }
        }
    };
    engine.run(cb);
    for (const auto& [kind, x] : byKind) {
        const double n = static_cast<double>(x.items);
        std::printf(
            "seed %llu  %-32s items %5lld  WE noisy %.6f synthetic %.6f (x%.2f)  count-error noisy %.2f "
            "synthetic %.2f (x%.2f)  noisy better in %.0f%%\n",
            static_cast<unsigned long long>(seed), kind.c_str(), x.items, x.noisyWE / n, x.synthWE / n,
            x.synthWE / x.noisyWE, x.noisyCount / n, x.synthCount / n, x.synthCount / x.noisyCount,
            100.0 * static_cast<double>(x.noisyBetter) / n);
    }
}

}  // namespace

int main(int argc, char** argv) {
    const long long batch = argc > 1 ? std::atoll(argv[1]) : 1000;
    const double epsilon = argc > 2 ? std::atof(argv[2]) : 1.0;
    std::vector<std::uint64_t> seeds;
    std::stringstream list(argc > 3 ? argv[3] : "1,2");
    for (std::string item; std::getline(list, item, ',');)
        seeds.push_back(std::strtoull(item.c_str(), nullptr, 10));
    const std::string data =
        std::string(STREAMSYNTH_SOURCE_DIR "/resources/data/") + (argc > 4 ? argv[4] : "adult.csv");
    const int rounds = argc > 5 ? std::atoi(argv[5]) : 0;
    for (std::uint64_t seed : seeds) {
        stream::StreamRequest req;
        req.dataPath = data;
        req.schemaPath = data.substr(0, data.size() - 4) + "-domain.json";
        data::BatchSettings bs;
        bs.size = batch;
        bs.order = data::BatchOrder::Random;
        req.batch = bs;
        req.seed = seed;  // as `streamsynth-cli run --seed S`: batch order and the series' stream
        const stream::LoadedStream ls = stream::loadStream(req);
        const auto ws = marginals::WorkloadSet::allKWay(ls.schema.domain(), 2);
        runSeed(ls, ws, epsilon, seed, rounds);
    }
    return 0;
}
