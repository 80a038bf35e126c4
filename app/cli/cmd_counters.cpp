// `streamsynth-cli counters`: simulates a continual counter on random 0/1
// increments and prints, per step, the empirical RMSE over R repetitions and
// the counter's theoretical standard deviation (core/values/counter_simulation.h).
#include <QCommandLineParser>
#include <cmath>
#include <cstdio>
#include <string>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "cli/privacy_options.h"
#include "core/api/privacy.h"
#include "core/api/privacy_choice.h"
#include "core/values/error.h"

namespace streamsynth::cli {
namespace {

std::string formatRow(const privacy::CounterSimulationRow& r, const char* format) {
    char buf[128];
    std::snprintf(buf, sizeof buf, format, r.step, r.rmse, r.theoryStd);
    return buf;
}

int runCounters(const QStringList& args) {
    QCommandLineParser p;
    p.addOption({"type",
                 QString::fromStdString("Counter: " + api::counterGrammarList() +
                                        " (the model's discrete noise); (zcdp): under zcdp only."),
                 "TYPE"});
    p.addOption({"epsilon",
                 "Privacy budget of the counter (default 1); with --privacy zcdp and --delta converted to "
                 "rho.",
                 "E"});
    addPrivacyOptions(p);
    p.addOption({"steps", "Number of time steps T (default 1000).", "T", "1000"});
    p.addOption({"reps", "Independent repetitions R (default 500).", "R", "500"});
    p.addOption({"seed", "Seed of the simulation (default 1).", "S", "1"});
    p.addOption({"csv", "Print only CSV with columns step,rmse,theory_std."});
    p.addOption({"output", "Write to this file instead of standard output.", "FILE"});
    if (!parseOrHelp(
            p, args,
            "Simulate a continual counter on random 0/1 increments: per step the empirical RMSE over the "
            "repetitions and the theoretical standard deviation of the counter's noise."))
        return kExitOk;

    privacy::CounterSimulationSettings s;
    const PrivacyOptions po = readPrivacyOptions(p, "1");
    if (po.budgets.size() != 1)
        throw settingError(po.model == privacy::PrivacyModel::ZCdp ? "--rho" : "--epsilon",
                           "counters takes one budget");
    s.spec = privacy::parseCounterSpec(requireOption(p, "type").toStdString(), po.model);
    s.budget = po.budgets[0].amount();
    s.steps = parseInteger(p.value("steps"), "steps", 1, 100'000'000);
    s.reps = parseInteger(p.value("reps"), "reps", 1, 10'000'000);
    s.seed = parseSeed(p.value("seed"), "seed");
    const auto rows = privacy::simulateCounter(s);

    std::string out;
    if (p.isSet("csv")) {
        out = "step,rmse,theory_std\n";
        for (const auto& r : rows) out += formatRow(r, "%lld,%.10g,%.10g\n");
        writeOutput(p.value("output"), out);
        return kExitOk;
    }
    out = "counter " + privacy::counterSpecToString(s.spec) + ", " + po.budgets[0].describe() + ", " +
          std::to_string(s.reps) + " repetitions, seed " + std::to_string(s.seed) + "\n";
    out += "    step          rmse    theory_std\n";
    for (const auto& r : rows) out += formatRow(r, "%8lld  %12.4f  %12.4f\n");
    // Summary: the sampling sd of an RMSE over R reps is about theory·sqrt((2+κ)/(4R)) (κ ≤ 3).
    double worst = 0.0, ratioSum = 0.0;
    for (const auto& r : rows) {
        const double ratio = r.theoryStd > 0 ? r.rmse / r.theoryStd : 1.0;
        ratioSum += ratio;
        worst = std::max(worst, std::abs(ratio - 1.0));
    }
    const auto& last = rows.back();
    char buf[512];
    std::snprintf(
        buf, sizeof buf,
        "\nsummary: at step %lld rmse %.4f, theory %.4f (ratio %.3f); mean rmse/theory over all steps %.3f, "
        "largest deviation %.1f%% (expected sampling sd of the ratio ~%.1f%%)\n",
        last.step, last.rmse, last.theoryStd, last.theoryStd > 0 ? last.rmse / last.theoryStd : 1.0,
        ratioSum / static_cast<double>(rows.size()), 100.0 * worst,
        100.0 * std::sqrt(5.0 / (4.0 * static_cast<double>(s.reps))));
    out += buf;
    writeOutput(p.value("output"), out);
    return kExitOk;
}

const RegisterCommand reg{
    {"counters", "simulate a continual counter: empirical RMSE vs theory per step", runCounters}};

}  // namespace
}  // namespace streamsynth::cli
