// Scoring releases (see evaluation.h).
#include "core/workflow/evaluation.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include "core/io/metrics_writer.h"
#include "core/io/run_export.h"
#include "core/marginals/marginal_counter.h"
#include "core/metrics/summary.h"
#include "core/steps/step_pipeline.h"
#include "core/steps/step_source.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/workload_error.h"
#include "core/workflow/release_reading.h"

namespace streamsynth::workflow {
namespace {

// ε and the charge of this step from the release's manifest (step-NNNN.json), when there is one.
void readManifest(const std::string& csvPath, double* epsilon, double* spent) {
    const std::optional<QJsonObject> manifest = readOwnJson(csvPath.substr(0, csvPath.size() - 4) + ".json");
    if (!manifest) return;
    const QJsonObject& o = *manifest;
    if (o["epsilon"].isDouble()) *epsilon = o["epsilon"].toDouble();
    if (o["epsilon_spent_this_step"].isDouble()) *spent = o["epsilon_spent_this_step"].toDouble();
}

}  // namespace

Evaluation evaluateReleases(const EvaluationRequest& request) {
    if (!QFileInfo(QString::fromStdString(request.releasesDir)).isDir())
        throw Error(ErrorKind::Io, "the synthetic releases folder does not exist",
                    ErrorContext::forFile(request.releasesDir));
    // The steps and true answers exactly as a run forms them.
    const stream::LoadedStream ls = stream::loadStream(request.stream);
    Evaluation out;
    out.notes = ls.problems;
    const marginals::WorkloadSet ws = makeWorkloadSet(ls.schema.domain(), request.workloads);
    out.workloads = ws.size();
    const stream::TableStepSource source(ls.encoded.table, ls.plan, ws);
    out.streamSteps = source.stepCount();
    if (!workflow::hasReleaseStep(request.releasesDir, 1))
        throw inputError(
            "no release for step 1 (expected files step-0001.csv, step-0002.csv, ... or a "
            "release-mode run's step-0001.csv.gz, ...)",
            ErrorContext::forFile(workflow::releaseStepPath(request.releasesDir, 1)));
    const std::string series = request.seriesName.empty()
                                   ? QDir(QString::fromStdString(request.releasesDir)).dirName().toStdString()
                                   : request.seriesName;
    double epsilon = -1;  // unknown until a manifest says
    marginals::MarginalAccumulator truth(ws);
    for (int t = 1; t <= out.streamSteps && workflow::hasReleaseStep(request.releasesDir, t); ++t) {
        const stream::StepMarginals sm = source.step(t);
        truth.add(sm.answers, sm.rows);
        const std::string file = workflow::releaseStepPath(request.releasesDir, t);
        const data::Table release = workflow::readReleaseStep(request.releasesDir, t, ls.schema);
        SeriesStepResult r;
        r.seriesId = series;
        r.step = t;
        r.stepCount = out.streamSteps;
        r.period = sm.period;
        r.trueNewRows = sm.rows;
        r.releaseRows = static_cast<long long>(release.rowCount());
        r.metrics = metrics::evaluateStep(truth.answers(), static_cast<double>(truth.rows()),
                                          marginals::countAll(release, ws, 0),
                                          static_cast<double>(release.rowCount()));
        readManifest(file, &epsilon, &r.budgetSpent);
        out.steps.push_back(std::move(r));
    }
    out.extraReleases = workflow::hasReleaseStep(request.releasesDir, out.streamSteps + 1);
    std::vector<stream::SeriesConfig> known;  // ε column left empty without manifests
    if (epsilon > 0) {
        // A manifest's ε was a user's (the manifest of a pure run; a zCDP
        // manifest says rho, never epsilon).
        stream::SeriesConfig config;
        config.id = series;
        config.budget = privacy::Budget::of(privacy::PrivacyModel::Pure, epsilon);
        known.push_back(config);
    }
    io::MetricsColumns columns;
    columns.counts = request.countColumns;
    out.metricsCsv = io::metricsCsv(known, {out.steps}, columns);
    std::vector<metrics::StepMetrics> perStep;
    for (const SeriesStepResult& r : out.steps) perStep.push_back(r.metrics);
    const metrics::MetricSummary summary = metrics::summarize(perStep);
    out.last10 = summary.last10;
    out.all = summary.all;
    return out;
}

}  // namespace streamsynth::workflow
