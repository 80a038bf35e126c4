// Printing for `run` and `continue` (see run_printer.h).
#include "cli/run_printer.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <chrono>
#include <memory>

#include "core/values/error.h"
#include "core/values/number_text.h"

namespace streamsynth::cli {

void printNotes(const std::vector<data::Problem>& problems) {
    for (const data::Problem& pr : problems)
        std::fprintf(stderr, "note: [%s] %s%s\n", pr.kind.c_str(),
                     pr.column.empty() ? "" : (pr.column + ": ").c_str(), pr.message.c_str());
}

api::RunCallbacks progressPrinter(int steps) {
    using Clock = std::chrono::steady_clock;
    auto start = std::make_shared<Clock::time_point>(Clock::now());
    api::RunCallbacks cb;
    cb.onStep = [steps](const api::SeriesStepResult& r) {
        std::fprintf(stderr, "  step %d/%d %-24s rows %-7lld AvgWE %.5f  model %.0f cells  %.2fs\n", r.step,
                     steps, r.seriesId.c_str(), r.releaseRows, r.metrics.avgWE, r.modelCells, r.seconds);
    };
    cb.onProgress = [steps, start](int step, int) {
        const double elapsed = std::chrono::duration<double>(Clock::now() - *start).count();
        std::fprintf(stderr, "step %d/%d done, %.1fs elapsed, ETA %.0fs\n", step, steps, elapsed,
                     elapsed / step * (steps - step));
    };
    return cb;
}

void writeRunFiles(api::Run& run, const std::string& dir, const std::string& sessionPath,
                   const std::vector<std::vector<api::SeriesStepResult>>& repeats) {
    try {
        run.writeRunFiles(dir, repeats);
    } catch (const Error& e) {
        if (e.kind() != ErrorKind::Io || sessionPath.empty()) throw;
        run.setSetting(kRunFilesOwedSetting, dir);
        try {
            run.saveSession(sessionPath);
        } catch (const Error&) {
            throw e;  // the session cannot record it either: the first refusal says what happened
        }
        throw Error(e.kind(),
                    e.message() +
                        ". The releases and the session are saved: once the files can be written in " + dir +
                        ", `streamsynth-cli continue --session " + sessionPath +
                        "` (a file's session: with --data and the same table) writes metrics.csv, "
                        "summary.json and ledger.json, releasing nothing",
                    e.context());
    }
    if (!run.sessionSetting(kRunFilesOwedSetting).empty()) run.setSetting(kRunFilesOwedSetting, "");
}

void printSummaryTable(std::FILE* out, const std::string& summaryJson, int repeats, double totalSeconds) {
    std::fprintf(out, "%-24s %8s %6s | %-10s %-10s %-10s %-10s | %-10s | %8s | %s\n", "series", "budget",
                 "steps", "AvgWE", "MaxWE", "AvgRelWE", "MaxRelWE", "AvgWE(all)", "s/step",
                 "privacy (whole stream)");
    std::fprintf(out, "%-24s %8s %6s | %-43s | %-10s | %8s |\n", "", "", "",
                 repeats > 1 ? "last 10 steps, mean over repeats" : "last 10 steps", "all steps", "");
    const QJsonObject root = QJsonDocument::fromJson(QByteArray::fromStdString(summaryJson)).object();
    QString protects;  // who is protected: the same for every series of a run
    for (const QJsonValue& v : root["series"].toArray()) {
        protects = v.toObject()["privacy"].toObject()["protects"].toString();
        const QJsonObject o = v.toObject();
        const QJsonObject l = o["last10"].toObject();
        const QJsonObject privacy = o["privacy"].toObject();
        const bool zcdp = privacy["model"].toString() == "zcdp";
        const QString unit = zcdp ? "rho" : "epsilon";
        // The guarantee as summary.json has it (budgetFigure: never rounded below an overspend).
        const std::string guarantee = shortestNumberText(privacy["guarantee_" + unit].toDouble());
        std::fprintf(out, "%-24s %8g %6d | %-10.6f %-10.6f %-10.6f %-10.6f | %-10.6f | %8.3f | %s %s\n",
                     o["series"].toString().toUtf8().constData(), privacy[unit].toDouble(),
                     o["steps"].toInt(), l["AvgWE"].toDouble(), l["MaxWE"].toDouble(),
                     l["AvgRelWE"].toDouble(), l["MaxRelWE"].toDouble(),
                     o["all_steps"].toObject()["AvgWE"].toDouble(), o["seconds_per_step"].toDouble(),
                     unit.toUtf8().constData(), guarantee.c_str());
    }
    std::fprintf(
        out,
        "total time %.1f s%s. Each series' budget holds for the whole stream (%s). Metrics are computed "
        "from the private data: NOT differentially private.\n",
        totalSeconds, repeats > 1 ? (" (" + std::to_string(repeats) + " repeats)").c_str() : "",
        protects.isEmpty() ? "event level: each row is counted at one step" : protects.toUtf8().constData());
}

}  // namespace streamsynth::cli
