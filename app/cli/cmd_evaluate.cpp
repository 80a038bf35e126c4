// `streamsynth-cli evaluate`: scores a sequence of synthetic releases
// (DIR/step-0001.csv, ... each the full release g_t with the data's columns)
// against the true stream f_t and writes the per-step metrics (SPEC §6) in
// the columns of a run's metrics.csv. StreamSynth's own releases are read in
// every format it writes (core/api/evaluation.h). The metrics use the private
// data and are NOT differentially private.
#include <QCommandLineParser>
#include <cstdio>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "cli/data_options.h"
#include "cli/run_printer.h"
#include "core/api/evaluation.h"
#include "core/values/counted_text.h"
#include "core/values/error.h"

namespace streamsynth::cli {
namespace {

int runEvaluate(const QStringList& args) {
    QCommandLineParser p;
    addDataOptions(p);
    addWorkloadOptions(p);
    p.addOption({"synthetic",
                 "Folder of releases: step-0001.csv, step-0002.csv, ... (the full release g_t "
                 "at each step, same columns as the data), e.g. run's releases/<series>/eps<E>.",
                 "DIR"});
    p.addOption({"series", "Name of the series in the metrics (default: the folder's name).", "NAME"});
    p.addOption({"out", "Write the metrics CSV to FILE instead of stdout.", "FILE"});
    p.addOption({"counts", "Also write the count (unnormalised) forms of the metrics."});
    if (!parseOrHelp(
            p, args,
            "Scores synthetic releases against the true stream: per step, AvgWE, MaxWE, AvgRelWE, "
            "MaxRelWE, AvgRelL1, MaxRelL1 over the workloads (default all 2-way), in the columns of a "
            "run's metrics.csv. The metrics are computed from the private data and are NOT "
            "differentially private: do not publish them."))
        return kExitOk;
    api::EvaluationRequest request;
    request.releasesDir = requireOption(p, "synthetic").toStdString();
    if (p.isSet("db"))
        throw settingError("--db",
                           "evaluate reads the true stream from a file; export the table (e.g. psql \\copy) "
                           "or compare the run's own metrics.csv");
    request.stream = streamRequestFrom(p, true);
    request.workloads = workloadChoiceFrom(p);
    request.seriesName = p.value("series").toStdString();
    request.countColumns = p.isSet("counts");
    const api::Evaluation e = api::evaluateReleases(request);
    printNotes(e.notes);
    const int scored = static_cast<int>(e.steps.size());
    if (scored < e.streamSteps)
        std::fprintf(stderr, "warning: no release for step %d; scored steps 1..%d of %d\n", scored + 1,
                     scored, e.streamSteps);
    if (e.extraReleases)
        std::fprintf(
            stderr,
            "warning: the folder holds releases beyond the %d steps of the stream; they were ignored\n",
            e.streamSteps);
    writeOutput(p.value("out"), e.metricsCsv, FileAccess::Private);  // true counts per step: private
    std::fprintf(
        stderr,
        "scored %s over %s; last 10 steps: AvgWE %.6g, MaxWE %.6g, AvgRelL1 %.6g; "
        "all steps: AvgWE %.6g. These metrics use the private data: not differentially private, do not "
        "publish.\n",
        counted(scored, "step").c_str(), counted(static_cast<long long>(e.workloads), "workload").c_str(),
        e.last10.avgWE, e.last10.maxWE, e.last10.avgRelL1, e.all.avgWE);
    return kExitOk;
}

const RegisterCommand reg{
    {"evaluate", "score synthetic releases against the true stream (metrics per step)", runEvaluate}};

}  // namespace
}  // namespace streamsynth::cli
