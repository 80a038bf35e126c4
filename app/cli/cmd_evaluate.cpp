// `streamsynth-cli evaluate`: scores a sequence of synthetic releases
// (DIR/step-0001.csv, ... each the full release g_t with the data's columns)
// against the true stream f_t and writes the per-step metrics (SPEC §6) as
// CSV. The metrics use the private data and are not differentially private.
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <cstdio>
#include <sstream>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "cli/data_options.h"
#include "core/common/error.h"
#include "core/marginals/marginal_counter.h"
#include "core/metrics/summary.h"
#include "core/metrics/workload_error.h"
#include "core/stream/step_pipeline.h"
#include "core/stream/step_source.h"

namespace streamsynth::cli {
namespace {

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string num(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

std::string stepFile(const QString& dir, int t) {
    char name[64];
    std::snprintf(name, sizeof name, "step-%04d.csv", t);
    return QDir(dir).filePath(QString::fromLatin1(name)).toStdString();
}

int runEvaluate(const QStringList& args) {
    QCommandLineParser p;
    addDataOptions(p);
    addWorkloadOptions(p);
    p.addOption({"synthetic", "Directory of releases: step-0001.csv, step-0002.csv, ... (the full release g_t "
                              "at each step, same columns as the data).", "DIR"});
    p.addOption({"out", "Write the metrics CSV to FILE instead of stdout.", "FILE"});
    p.addOption({"counts", "Also write the count (unnormalised) forms of the metrics."});
    if (!parseOrHelp(p, args,
                     "Scores synthetic releases against the true stream: per step, AvgWE, MaxWE, AvgRelWE, "
                     "MaxRelWE, AvgRelL1, MaxRelL1 over the workloads (default all 2-way). The metrics are "
                     "computed from the private data and are NOT differentially private: do not publish them."))
        return kExitOk;
    const QString dir = requireOption(p, "synthetic");
    if (!QFileInfo(dir).isDir()) {
        ErrorContext ctx;
        ctx.file = dir.toStdString();
        throw Error(ErrorKind::Io, "the synthetic releases directory does not exist", ctx);
    }
    const stream::StreamRequest request = streamRequestFrom(p, true);
    const stream::LoadedStream ls = stream::loadStream(request);
    const marginals::WorkloadSet ws = workloadsFrom(p, ls.schema.domain());
    for (const data::Problem& pr : ls.problems)
        std::fprintf(stderr, "note: [%s] %s%s\n", pr.kind.c_str(), pr.column.empty() ? "" : (pr.column + ": ").c_str(),
                     pr.message.c_str());

    const stream::TableStepSource source(ls.encoded.table, ls.plan, ws);
    const int steps = source.stepCount();
    if (!QFileInfo::exists(QString::fromStdString(stepFile(dir, 1)))) {
        ErrorContext ctx;
        ctx.file = stepFile(dir, 1);
        throw inputError("no release for step 1 (expected files step-0001.csv, step-0002.csv, ...)", ctx);
    }
    const bool counts = p.isSet("counts");
    std::ostringstream out;
    out << "step,period,true_rows,synthetic_rows,AvgWE,MaxWE,AvgRelWE,MaxRelWE,AvgRelL1,MaxRelL1";
    if (counts) out << ",AvgWECount,MaxWECount,AvgRelL1Count,MaxRelL1Count";
    out << "\n";
    marginals::MarginalAccumulator truth(ws);
    std::vector<metrics::StepMetrics> perStep;
    int scored = 0;
    for (int t = 1; t <= steps; ++t) {
        const stream::StepMarginals sm = source.step(t);
        truth.add(sm.answers, sm.rows);
        const std::string file = stepFile(dir, t);
        if (!QFileInfo::exists(QString::fromStdString(file))) {
            std::fprintf(stderr, "warning: no release for step %d (%s); scored steps 1..%d of %d\n", t, file.c_str(),
                         scored, steps);
            break;
        }
        const data::Table release = stream::readReleaseTable(file, ls.schema);
        const auto answers = marginals::countAll(release, ws, 0);
        const metrics::StepMetrics m = metrics::evaluateStep(truth.answers(), static_cast<double>(truth.rows()),
                                                             answers, static_cast<double>(release.rowCount()));
        perStep.push_back(m);
        ++scored;
        out << t << "," << csvField(sm.period) << "," << truth.rows() << "," << release.rowCount() << ","
            << num(m.avgWE) << "," << num(m.maxWE) << "," << num(m.avgRelWE) << "," << num(m.maxRelWE) << ","
            << num(m.avgRelL1) << "," << num(m.maxRelL1);
        if (counts)
            out << "," << num(m.avgWECount) << "," << num(m.maxWECount) << "," << num(m.avgRelL1Count) << ","
                << num(m.maxRelL1Count);
        out << "\n";
    }
    if (QFileInfo::exists(QString::fromStdString(stepFile(dir, steps + 1))))
        std::fprintf(stderr, "warning: %s holds releases beyond the %d steps of the stream; they were ignored\n",
                     dir.toUtf8().constData(), steps);
    writeOutput(p.value("out"), out.str());
    const metrics::MetricSummary s = metrics::summarize(perStep);
    std::fprintf(stderr,
                 "scored %d steps over %zu workloads; last 10 steps: AvgWE %.6g, MaxWE %.6g, AvgRelL1 %.6g; "
                 "all steps: AvgWE %.6g. These metrics use the private data: not differentially private, do not "
                 "publish.\n",
                 scored, ws.size(), s.last10.avgWE, s.last10.maxWE, s.last10.avgRelL1, s.all.avgWE);
    return kExitOk;
}

const RegisterCommand reg{{"evaluate", "score synthetic releases against the true stream (metrics per step)",
                           runEvaluate}};

}  // namespace
}  // namespace streamsynth::cli
