// Memory of the GUI's run path over a long stream (issue 15: "the GUI's
// memory stays bounded over a 977-step run"): Adult in random batches of 50,
// baseline and proposed:simple at ε = 1, driven exactly as the GUI's worker
// drives it (api::Workbench, api::Run with a release spool keeping every
// step on disk), printing this process's resident memory every 100 steps
// and the spool's size on disk. The widgets are not included; they hold the
// charts' points (a few numbers per series and step). Not run by CTest.
//
// Usage: bench_gui_memory [batch=50] [threads=1]
#include <QDir>
#include <QTemporaryDir>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>

#include "core/api/run.h"
#include "core/api/series_plan.h"
#include "core/api/workbench.h"
#include "core/values/series_spec.h"

using namespace streamsynth;

namespace {

long long rssKb() {
    std::ifstream in("/proc/self/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("VmRSS:", 0) == 0) return std::stoll(line.substr(6));
    return 0;
}

long long folderBytes(const QString& path) {
    long long n = 0;
    for (const QFileInfo& f : QDir(path).entryInfoList(QDir::Files | QDir::NoDotAndDotDot)) n += f.size();
    return n;
}

}  // namespace

int main(int argc, char** argv) {
    const long long batch = argc > 1 ? std::stoll(argv[1]) : 50;
    const int threads = argc > 2 ? std::stoi(argv[2]) : 1;
    api::Workbench wb;
    api::OpenOptions open;
    open.schemaPath = STREAMSYNTH_SOURCE_DIR "/resources/data/adult-domain.json";
    wb.open(STREAMSYNTH_SOURCE_DIR "/resources/data/adult.csv", open);
    data::StreamSettings settings;
    settings.batch = data::BatchSettings(batch, data::BatchOrder::Random);
    wb.setStreamSettings(settings, 1);
    stream::RunConfig config;
    api::planRunSeries(config, {"baseline", "proposed:simple"},
                       {privacy::Budget::of(privacy::PrivacyModel::Pure, 1.0)});
    config.seed = 1;
    config.threads = threads;
    std::unique_ptr<api::Run> run = wb.prepareRun(config, 2);
    QTemporaryDir dir;
    auto spool = std::make_shared<api::ReleaseSpool>(dir.filePath("spool").toStdString(), run->schema());
    run->setSpool(spool);
    const auto start = std::chrono::steady_clock::now();
    std::printf("bench_gui_memory: Adult, batches of %lld (%d steps), the GUI's path with a release spool\n",
                batch, run->stepCount());
    std::printf("%6s %10s %10s %12s\n", "step", "seconds", "RSS MB", "spool MB");
    api::RunCallbacks cb;
    cb.onProgress = [&](int step, int steps) {
        if (step % 100 != 0 && step != steps && step != 1) return;
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%6d %10.1f %10.1f %12.1f\n", step, s, rssKb() / 1024.0,
                    folderBytes(dir.filePath("spool")) / 1048576.0);
        std::fflush(stdout);
    };
    run->run(cb);
    return 0;
}
