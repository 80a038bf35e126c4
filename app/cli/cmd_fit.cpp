// `streamsynth-cli fit`: fits the graphical model (or the MW reference) to
// noisy two-way measurements in the pgm-adult-15 fixture format and reports
// the junction tree, the loss (reference convention), L1/N against the true
// counts and timing; --out writes the fitted marginals. The fit is core/api's.
#include <QCommandLineParser>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <sstream>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "core/api/fit_engine_choice.h"
#include "core/api/measurement_fit.h"
#include "core/values/error.h"

namespace streamsynth::cli {
namespace {

api::FixtureFitRequest fitRequestFrom(const QCommandLineParser& p) {
    api::FixtureFitRequest r;
    r.schemaPath = requireOption(p, "schema").toStdString();
    r.measurementsPath = requireOption(p, "measurements").toStdString();
    if (p.isSet("sigma")) {
        r.sigma = parseDouble(p.value("sigma"), "sigma");
        if (!(r.sigma > 0)) throw settingError("--sigma", "must be > 0");
    }
    if (p.isSet("iters"))
        r.iterations = static_cast<int>(parseInteger(p.value("iters"), "iters", 0, 10000000));
    if (p.isSet("tol")) r.tolerance = parseDouble(p.value("tol"), "tol");
    if (p.isSet("threads"))
        r.threads = static_cast<int>(parseInteger(p.value("threads"), "threads", 0, 1024));
    if (p.isSet("max-cells")) r.maxCells = parseDouble(p.value("max-cells"), "max-cells");
    if (p.isSet("engine")) r.engine = p.value("engine").toStdString();
    r.referenceStep = p.isSet("reference-step");
    if (p.isSet("step-rule")) r.stepRule = p.value("step-rule").toStdString();
    r.fittedMarginals = p.isSet("out");
    return r;
}

QJsonObject resultJson(const api::FixtureFitResult& f, const std::string& engine) {
    QJsonObject o;
    QJsonArray mc;
    for (const auto& c : f.maximalCliques) {
        QJsonArray names;
        for (const std::string& a : c) names.append(QString::fromStdString(a));
        mc.append(names);
    }
    o["engine"] = QString::fromStdString(engine);
    o["maximal_cliques"] = mc;
    o["model_size_cells"] = f.modelCells;
    o["tree_cells"] = f.treeCells;
    o["iterations"] = f.iterations;
    o["bp_calls"] = f.bpCalls;
    o["final_loss"] = f.finalLoss;
    QJsonArray history;
    for (double l : f.lossHistory) history.append(l);
    o["loss_history"] = history;
    o["weighted_loss"] = f.weightedLoss;
    o["fitted_total"] = f.total;
    o["l1_over_n_mean"] = f.l1OverNMean;
    o["ms_per_iteration"] = f.iterations > 0 ? 1000.0 * f.seconds / f.iterations : 0.0;
    o["ms_per_bp_call"] = f.bpCalls > 0 ? 1000.0 * f.seconds / f.bpCalls : 0.0;
    o["seconds"] = f.seconds;
    o["cpu_seconds"] = f.cpuSeconds;
    o["cpu_ms_per_iteration"] = f.iterations > 0 ? 1000.0 * f.cpuSeconds / f.iterations : 0.0;
    o["sigma"] = f.sigma;
    o["threads"] = f.threads;
    return o;
}

std::string resultText(const api::FixtureFitResult& f, const std::string& engine) {
    std::ostringstream t;
    t << "engine: " << engine << "\nmaximal cliques (" << f.maximalCliques.size() << "):\n";
    for (const auto& c : f.maximalCliques) {
        t << "  ";
        for (std::size_t i = 0; i < c.size(); ++i) t << (i ? ", " : "") << c[i];
        t << "\n";
    }
    const double msPerIter = f.iterations > 0 ? 1000.0 * f.seconds / f.iterations : 0.0;
    const double msPerBp = f.bpCalls > 0 ? 1000.0 * f.seconds / f.bpCalls : 0.0;
    const double cpuMsPerIter = f.iterations > 0 ? 1000.0 * f.cpuSeconds / f.iterations : 0.0;
    t.precision(10);
    t << "model size: " << f.modelCells << " cells\niterations: " << f.iterations
      << "\nBP calls: " << f.bpCalls << "\nfinal loss (sum 0.5*||mu-y||^2): " << f.finalLoss
      << "\nfitted total: " << f.total << "\nmean L1/N vs true counts: " << f.l1OverNMean
      << "\nwall: " << f.seconds << " s (" << msPerIter << " ms/iteration, " << msPerBp << " ms/BP call; CPU "
      << cpuMsPerIter << " ms/iteration)\n";
    return t.str();
}

int runFit(const QStringList& args) {
    QCommandLineParser p;
    p.addOption({"schema", "Schema JSON (simple {\"attr\": size} form or full form).", "S"});
    p.addOption({"measurements", "Measurements CSV (pgm-adult-15 format).", "M"});
    p.addOption({"sigma", "Noise standard deviation of every cell (default: fixture.json next to M).", "X"});
    p.addOption({"iters", "Run exactly N mirror-descent iterations (no tolerance).", "N"});
    p.addOption({"tol", "Stop when the relative loss change over 10 iterations is below T.", "T"});
    p.addOption({"threads",
                 "Threads of the fit (default 1; 0 = all cores; never more than the cores). The result is "
                 "the same for any value.",
                 "K"});
    p.addOption({"engine", QString::fromStdString(api::fitEngineHelp()), "E"});
    p.addOption(
        {"reference-step",
         "The reference's exact path: first step 2/N² (instead of σ²/N) and its doubling step rule."});
    p.addOption({"step-rule",
                 "patient (default: grow the step after first-trial accepts) or doubling (the reference's).",
                 "R"});
    p.addOption({"max-cells", "Model size cap in cells (default 1e8).", "C"});
    p.addOption({"out", "Write fitted_marginals.csv into this folder.", "DIR"});
    p.addOption({"json", "Print one JSON object."});
    if (!parseOrHelp(p, args, "Fit a graphical model to noisy marginal measurements.")) return kExitOk;
    const api::FixtureFitRequest request = fitRequestFrom(p);
    const api::FixtureFitResult result = api::fitFixture(request);
    if (p.isSet("out"))
        writeOutput(QDir(p.value("out")).filePath("fitted_marginals.csv"), result.fittedMarginalsCsv);
    if (p.isSet("json"))
        writeOutput(
            {},
            QJsonDocument(resultJson(result, request.engine)).toJson(QJsonDocument::Indented).toStdString());
    else
        writeOutput({}, resultText(result, request.engine));
    return kExitOk;
}

const RegisterCommand reg{{"fit", "fit a graphical model to noisy marginal measurements", runFit}};

}  // namespace
}  // namespace streamsynth::cli
