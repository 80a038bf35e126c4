// Benchmark of a whole run over a big stream from PostgreSQL or from its CSV
// file (docs/scale.md): the run engine with the baseline and the proposed
// streamer, as `streamsynth-cli run` drives it, timed per step:
//   wall          the step as the run sees it (waiting for the source included)
//   source        time inside StepSource::step (reading a chunk that the
//                 background prefetch had not finished; counting, for files)
//   <series>      each series' own step time (SeriesStepResult::seconds)
// plus the time to open the stream (reading/planning), to the first step,
// the medians of steps 10-20 and 90-100 and their ratio, the server's query
// time, and peak memory: this process (getrusage) and, for a database, the
// server process that counted (VmHWM from /proc: run on the server's host).
// --export-last DIR writes each series' last release (drawing the proposed
// streamer's rows) to measure that too. Not run by CTest.
//
// Usage: bench_db_stream (--db URI (--table T | --query SQL) | --data FILE) --schema FILE
//          [--time COL --period P --start DATE (--end DATE | --step-count N) | --batch B --key COL]
//          [--series LIST]
//          [--epsilon E] [--threads N] [--steps N] [--export-last DIR] [--set-cells C]
//          [--sql grouping-sets|union-all]
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>

#include "core/db/db_step_source.h"
#include "core/io/release_writer.h"
#include "core/io/run_export.h"
#include "core/stream/run_engine.h"
#include "core/values/error.h"
#include "core/workflow/stream_input.h"

using namespace streamsynth;
using Clock = std::chrono::steady_clock;

namespace {

double since(Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
}

// Times the source's step() (the run's wait for each step's answers).
class TimingSource final : public stream::StepSource {
public:
    explicit TimingSource(const stream::StepSource& inner) : inner_(inner) {}
    int stepCount() const override { return inner_.stepCount(); }
    const marginals::WorkloadSet& workloads() const override { return inner_.workloads(); }
    std::string period(int t) const override { return inner_.period(t); }
    long long stepRows(int t) const override { return inner_.stepRows(t); }
    stream::StepMarginals step(int t) const override {
        const auto s = Clock::now();
        stream::StepMarginals m = inner_.step(t);
        seconds[t] = since(s);
        return m;
    }
    mutable std::map<int, double> seconds;

private:
    const stream::StepSource& inner_;
};

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[(v.size() - 1) / 2];
}

// kB of a /proc/<pid>/status field ("VmHWM", "VmRSS"), 0 when unreadable.
long long procKb(int pid, const std::string& field) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind(field + ":", 0) == 0) return std::stoll(line.substr(field.size() + 1));
    return 0;
}

long long selfPeakKb() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

std::vector<stream::SeriesConfig> seriesOf(const std::string& list, double epsilon) {
    std::vector<stream::SeriesConfig> out;
    std::size_t pos = 0;
    while (pos <= list.size()) {
        const std::size_t comma = std::min(list.find(',', pos), list.size());
        const std::string name = list.substr(pos, comma - pos);
        stream::SeriesConfig s;
        s.budget = privacy::Budget::of(privacy::PrivacyModel::Pure, epsilon);
        if (name == "baseline") {
            s.streamer = stream::StreamerKind::Baseline;
            s.id = "baseline";
        } else {
            s.counter = name.size() > 9 ? name.substr(9) : "simple";
            s.id = "proposed-" + s.counter;
        }
        out.push_back(s);
        pos = comma + 1;
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) try {
    std::map<std::string, std::string> a;
    for (int i = 1; i + 1 < argc; i += 2) a[argv[i]] = argv[i + 1];
    auto arg = [&](const std::string& k, const std::string& fallback = {}) {
        return a.count(k) ? a[k] : fallback;
    };
    api::InputRequest r;
    r.file.schemaPath = arg("--schema");
    if (a.count("--db"))
        r.database = {arg("--db"), arg("--table"), arg("--query")};
    else
        r.file.dataPath = arg("--data");
    if (a.count("--time")) {
        data::TimeSettings t = data::parsePeriod(arg("--period", "month"));
        t.column = arg("--time");
        t.start = arg("--start");
        t.end = arg("--end");  // the stream's public end (or --step-count): required since issue 17
        if (a.count("--step-count")) t.steps = std::stoi(arg("--step-count"));
        r.file.time = t;
    } else if (a.count("--batch")) {
        r.file.batch =
            data::BatchSettings(std::stoll(arg("--batch")), data::BatchOrder::Hash, arg("--key", "id"));
    }
    if (a.count("--set-cells")) r.maxSetCells = std::stod(arg("--set-cells"));
    r.unionAll = arg("--sql") == "union-all";
    stream::RunConfig config;
    config.series = seriesOf(arg("--series", "baseline,proposed:simple"), std::stod(arg("--epsilon", "1")));
    config.threads = std::stoi(arg("--threads", "1"));
    config.seed = 1;
    // The product's default unless given (issue 14: continual 1-way marginals).
    if (a.count("--one-way-share"))
        stream::setFixedOneWayShare(config.accuracy, std::stod(arg("--one-way-share")));

    const auto start = Clock::now();
    workflow::StreamInput input = workflow::StreamInput::open(r);
    const marginals::WorkloadSet ws = marginals::WorkloadSet::allKWay(input.schema().domain(), 2);
    const std::unique_ptr<stream::StepSource> source = input.makeSource(ws, config.threads);
    const double openSeconds = since(start);
    const TimingSource timed(*source);
    stream::RunEngine engine(timed, config);
    const int steps =
        a.count("--steps") ? std::min(std::stoi(arg("--steps")), timed.stepCount()) : timed.stepCount();
    std::printf("bench_db_stream: %s, %d steps, %zu workloads (%zu cells), %zu series, eps %s, threads %d\n",
                input.description().c_str(), steps, ws.size(), ws.totalCells(), config.series.size(),
                arg("--epsilon", "1").c_str(), config.threads);
    std::printf("open (read or plan) %.2f s, peak RSS so far %.0f MB\n", openSeconds, selfPeakKb() / 1024.0);

    std::map<std::string, std::map<int, double>> seriesSeconds;
    std::map<int, double> wall;
    auto stepStart = Clock::now();
    double firstStep = 0;
    stream::RunCallbacks cb;
    cb.onStep = [&](const stream::SeriesStepResult& s) { seriesSeconds[s.seriesId][s.step] = s.seconds; };
    cb.onProgress = [&](int t, int) {
        wall[t] = since(stepStart);
        if (t == 1) firstStep = since(start);
        if (t % 10 == 0 || t == steps)
            std::printf("step %d: %.2f s (total %.1f s)\n", t, wall[t], since(start));
        std::fflush(stdout);
        stepStart = Clock::now();
    };
    engine.run(cb, nullptr, steps);
    const double runSeconds = since(start);

    auto window = [&](const std::map<int, double>& m, int lo, int hi) {
        std::vector<double> v;
        for (const auto& [t, s] : m)
            if (t >= lo && t <= hi) v.push_back(s);
        return median(v);
    };
    std::printf("\ntime to first step %.2f s; run %.1f s in all (open %.1f s)\n", firstStep, runSeconds,
                openSeconds);
    std::printf("%-18s %10s %10s %10s %8s\n", "", "total s", "med 10-20", "med 90-100", "ratio");
    auto row = [&](const std::string& name, const std::map<int, double>& m) {
        double total = 0;
        for (const auto& [t, s] : m) total += s;
        const double early = window(m, 10, 20), late = window(m, 90, 100);
        std::printf("%-18s %10.1f %10.3f %10.3f %8.2f\n", name.c_str(), total, early, late,
                    early > 0 ? late / early : 0);
    };
    row("wall per step", wall);
    row("source wait", timed.seconds);
    for (const auto& [id, m] : seriesSeconds) row(id, m);
    if (const auto* db = dynamic_cast<const db::DbStepSource*>(source.get())) {
        const int pid = db->backendPid();
        std::printf(
            "server: %.1f s counting (queries + decoding, overlapped with the streamers), backend peak RSS "
            "%.0f MB "
            "(VmHWM, shared buffers it touched included)\n",
            db->serverSeconds(), procKb(pid, "VmHWM") / 1024.0);
    }
    std::printf("StreamSynth peak RSS %.0f MB\n", selfPeakKb() / 1024.0);

    if (a.count("--export-last")) {
        const auto s = Clock::now();
        for (const stream::SeriesConfig& sc : config.series) {
            const auto history = engine.history(sc.id);
            io::writeRelease(arg("--export-last") + "/" + sc.id + ".csv", engine.release(sc.id),
                             input.schema(), io::manifestFor(config, sc, history.back()),
                             io::BinOutput::Interval, nullptr);
        }
        std::printf("export of the last releases %.1f s; StreamSynth peak RSS %.0f MB\n", since(s),
                    selfPeakKb() / 1024.0);
    }
    return 0;
} catch (const Error& e) {
    std::fprintf(stderr, "bench_db_stream: %s\n", e.describe().c_str());
    return 1;
}
