// `streamsynth-cli plan`: ε from a target accuracy. From public facts only
// (the schema's domain, the workloads, the series' settings, the number of
// steps and the rows per step: the batch size, or the steward's expected
// count on a time stream) it proposes the smallest ε with which the proposed
// streamer is expected to reach the target, the rows per step that would
// reach it at a chosen ε, and the expected errors (api/accuracy_plan.h).
#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "cli/data_options.h"
#include "cli/privacy_options.h"
#include "core/api/accuracy_plan.h"
#include "core/api/plain_privacy.h"
#include "core/values/error.h"
#include "core/values/number_text.h"
#include "core/values/privacy_unit.h"
#include "core/values/schema.h"

namespace streamsynth::cli {
namespace {

void addPlanOptions(QCommandLineParser& p) {
    p.addOption(
        {"schema", "Schema file (JSON): the public domain (and, optionally, the stream settings).", "FILE"});
    p.addOption({"target-accuracy",
                 "The accuracy to reach: 1-way:P[@Q] (every 1-way share within +-P points with "
                 "probability Q, default 0.95) or avgwe:X (AvgWE <= X).",
                 "TARGET"});
    p.addOption({"steps", "Number of steps of the stream (default: the schema's step count).", "N"});
    p.addOption({"batch", "Batches of B rows: B rows per step (public).", "B"});
    p.addOption({"rows-per-step",
                 "Time streams: the rows you expect per step (a period's count is private; give "
                 "your own public estimate).",
                 "R"});
    p.addOption({"check-every",
                 "Check the target at steps N, 2N, ... (12 = the end of each year of months; default "
                 "1 = every step; 0 = the last step only).",
                 "N"});
    p.addOption({"epsilon",
                 "Also show the expected errors at this budget (epsilon; zcdp: epsilon at --delta).", "E"});
    p.addOption({"privacy", "Privacy model: pure (default) or zcdp.", "MODEL"});
    p.addOption({"delta", "zcdp: the delta at which epsilon is given (default 1e-6).", "D"});
    p.addOption({"counter", "The proposed series' counter (default simple).", "SPEC"});
    p.addOption({{"rounds", "k"}, "Rounds per step (default 5).", "K"});
    p.addOption({"one-way-share", oneWayShareHelp(), "auto|F"});
    p.addOption({"one-way-split", "The power of the 1-way split (default 0.5).", "P"});
    p.addOption({"small-share", "The small-workload share (default 0.1).", "F"});
    p.addOption({"small-cells", "The largest small workload in cells (default 12).", "N"});
    p.addOption({"tracked-blocks",
                 "The run's block rule for its tracked counters on batched streams (default 1; off = every "
                 "step): the plan models counters fed at every step and says where the run would not.",
                 "K|off"});
    p.addOption({"way", "Workloads: all W-way marginals (default 2).", "W"});
    p.addOption(
        {"workloads", "Workload file: one workload per line, attribute names separated by commas.", "FILE"});
    p.addOption({"json", "Print one JSON object instead of text."});
    // Who is protected: every figure's noise is then sized for one unit (default: the schema's "unit").
    addUnitOptions(p);
}

struct PlanInput {
    api::PlanRequest request;
    bool rowsArePublic = false;  // the batch size, not the steward's estimate
};

long long stepsFrom(const QCommandLineParser& p, const data::Schema& schema) {
    if (p.isSet("steps")) return parseInteger(p.value("steps"), "steps", 1, 10'000'000);
    if (schema.stream.time && schema.stream.time->steps > 0) return schema.stream.time->steps;
    throw settingError("--steps", "give the number of steps of the stream (--steps N)");
}

PlanInput planInput(const QCommandLineParser& p) {
    PlanInput in;
    api::PlanRequest& r = in.request;
    const data::Schema schema = data::readSchema(requireOption(p, "schema").toStdString());
    r.domain = schema.domain();
    r.steps = stepsFrom(p, schema);
    if (p.isSet("batch") && p.isSet("rows-per-step"))
        throw settingError("--batch", "give either --batch or --rows-per-step, not both");
    if (p.isSet("batch")) {
        r.rowsPerStep = static_cast<double>(parseInteger(p.value("batch"), "batch", 1, 1LL << 40));
        in.rowsArePublic = true;
    } else if (p.isSet("rows-per-step")) {
        r.rowsPerStep = parseDouble(p.value("rows-per-step"), "rows-per-step");
    } else if (schema.stream.batch) {
        r.rowsPerStep = static_cast<double>(schema.stream.batch->size);
        in.rowsArePublic = true;
    } else {
        throw settingError("--rows-per-step",
                           "give the batch size (--batch B) or, for a time stream, the rows you "
                           "expect per step (--rows-per-step R)");
    }
    r.rowsArePublic = in.rowsArePublic;
    if (p.isSet("check-every"))
        r.checkEvery = parseInteger(p.value("check-every"), "check-every", 0, r.steps);
    r.privacy = privacyModelOption(p);
    if (p.isSet("delta") && r.privacy != privacy::PrivacyModel::ZCdp)
        throw settingError("--delta", "--delta needs --privacy zcdp");
    if (r.privacy == privacy::PrivacyModel::ZCdp)
        r.delta = api::parseDelta(p.value("delta").toStdString(), "--");
    if (p.isSet("counter")) r.counter = p.value("counter").toStdString();
    if (p.isSet("rounds")) r.rounds = static_cast<int>(parseInteger(p.value("rounds"), "rounds", 1, 100000));
    readOneWayShare(p, r.accuracy.oneWayShareRule, r.accuracy.oneWayShare);
    if (p.isSet("one-way-split"))
        r.accuracy.oneWaySplit = parseDouble(p.value("one-way-split"), "one-way-split");
    if (p.isSet("small-share")) r.accuracy.smallShare = parseDouble(p.value("small-share"), "small-share");
    if (p.isSet("small-cells"))
        r.accuracy.smallCells =
            static_cast<int>(parseInteger(p.value("small-cells"), "small-cells", 0, 1 << 30));
    readTrackedBlocks(p, r.accuracy.trackedBlocks);
    if (p.isSet("way")) r.workloads.way = static_cast<int>(parseInteger(p.value("way"), "way", 1, 1000));
    if (p.isSet("workloads")) r.workloads.file = p.value("workloads").toStdString();
    r.unit = unitFrom(p);
    if (!r.unit) r.unit = schema.stream.unit;
    if (r.unit && in.rowsArePublic)
        throw settingError(
            "--privacy-unit",
            "a privacy unit needs time steps, as in `run`: adding or removing one unit's rows "
            "would shift every later batch boundary. Plan a time stream with --rows-per-step R");
    return in;
}

std::string budgetName(const api::PlanRequest& r) {
    if (r.privacy == privacy::PrivacyModel::Pure) return "epsilon";
    return "epsilon (zCDP at delta " + shortestNumberText(r.delta) + ")";
}

std::string fixed(double v, int digits) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

const char* ruleName(stream::OneWayShareRule rule) {
    return rule == stream::OneWayShareRule::Auto ? "auto" : "fixed";
}

// The expected-error table, at most about 12 rows (the first, evenly spaced, the last),
// after the 1-way counters' share at that budget.
std::string errorTable(const api::PlanRequest& r, const api::AccuracyPrediction& pred) {
    std::ostringstream out;
    out << "  1-way counters' share of the budget: " << shortestNumberText(pred.oneWayBudgetShare) << " ("
        << ruleName(r.accuracy.oneWayShareRule)
        << (r.accuracy.oneWayShareRule == stream::OneWayShareRule::Auto && !r.rowsArePublic
                ? ": rows per step not public, as the run on a time stream"
                : "")
        << ")\n";
    if (pred.countersInBlocks)
        out << "  counters fed in blocks: at this budget the run feeds its 1-way and small-workload counters "
               "once per block of batches (--tracked-blocks); the 1-way figures follow that (less noise, and "
               "a lag of under a block, bounded for any data); there a larger budget can do worse (shorter "
               "blocks, more feeds): a proposed budget holds up to 5% above it\n";
    out << "  step    1-way +-points (p=" << shortestNumberText(pred.probability)
        << ")  noise sd  worst attribute        AvgWE\n";
    const std::size_t n = pred.checks.size();
    const std::size_t stride = n > 12 ? (n + 10) / 11 : 1;
    for (std::size_t i = 0; i < n; ++i) {
        if (i % stride != 0 && i + 1 != n) continue;
        const api::StepAccuracy& c = pred.checks[i];
        char line[256];
        const std::string worst = c.worstAttribute >= 0 ? r.domain.name(c.worstAttribute) : "-";
        std::snprintf(line, sizeof line, "  %-6lld  %22s  %9s  %-20s  %7s\n", c.step,
                      fixed(100 * c.oneWayShare, 2).c_str(), fixed(100 * c.oneWaySd, 2).c_str(),
                      worst.c_str(), fixed(c.avgWE, 4).c_str());
        out << line;
    }
    return out.str();
}

QJsonObject predictionJson(const api::PlanRequest& r, const api::AccuracyPrediction& pred, double epsilon) {
    QJsonArray checks;
    for (const api::StepAccuracy& c : pred.checks)
        checks.append(QJsonObject{
            {"step", static_cast<double>(c.step)},
            {"oneWayShare", c.oneWayShare},
            {"oneWaySd", c.oneWaySd},
            {"worstAttribute",
             c.worstAttribute >= 0 ? QString::fromStdString(r.domain.name(c.worstAttribute)) : ""},
            {"avgWE", c.avgWE},
            {"avgWENoise", c.avgWENoise}});
    return QJsonObject{{"epsilon", epsilon},
                       {"oneWayBudgetShare", pred.oneWayBudgetShare},
                       {"oneWayShareRule", QString::fromStdString(ruleName(r.accuracy.oneWayShareRule))},
                       {"probability", pred.probability},
                       {"oneWayFromRounds", pred.oneWayFromRounds},
                       {"countersInBlocks", pred.countersInBlocks},
                       {"checks", checks}};
}

std::string assumptions(const PlanInput& in, const api::AccuracyPrediction* pred) {
    const std::optional<data::UnitSettings>& unit = in.request.unit;
    std::string out =
        "Protects:    " +
        (unit ? privacy::protectionClause({unit->maxRows, unit->maxRowsPerStep}, unit->column) +
                    " (the noise of every figure is sized for one unit)\n"
              : privacy::protectionClause({}, {}) + "\n") +
        "Rows/step:   " + shortestNumberText(in.request.rowsPerStep) +
        (in.rowsArePublic ? " (the batch size: public)\n"
                          : " (your estimate: a period's row count is private and is not read)\n");
    out +=
        "Model:       1-way: the counters' noise (the rounds taken to measure each attribute every step) "
        "plus "
        "the largest shrinkage bias, per share; not the fit's own error. AvgWE: floor + slope x noise^power, "
        "calibrated on Adult (a guide on other data). docs/streamers.md, \"The accuracy planner\".\n";
    if (api::shareFigureOptimistic(in.request.rowsPerStep))
        out +=
            "Note:        below 200 rows per step the 1-way figure was optimistic on data it was not "
            "fitted on (movies by month, 13 rows a step: errors up to 2.3 times it; by year, 161 rows: 1.5 "
            "times); docs/streamers.md, \"Calibration on unseen data\".\n";
    if (pred && pred->oneWayFromRounds)
        out +=
            "Note:        for some attribute the rounds' measurements carry most of the 1-way figure; they "
            "assume a round measures it at every step (optimistic).\n";
    return out;
}

std::string planText(const PlanInput& in, const api::AccuracyTarget* target, const api::PlanResult* plan,
                     double epsilon, const api::AccuracyPrediction* atEpsilon, double rowsAtEpsilon) {
    const api::PlanRequest& r = in.request;
    std::ostringstream out;
    stream::PlanSettings when;
    when.steps = r.steps;
    when.checkEvery = r.checkEvery;
    const std::vector<long long> checks = stream::checkedSteps(when);
    out << "Checked:     "
        << (checks.size() == 1 ? "step " + std::to_string(checks[0])
                               : "every " + std::to_string(r.checkEvery) + " steps (" +
                                     std::to_string(checks.size()) + " checks)")
        << " of " << r.steps << "\n";
    if (target) {
        out << "Target:      " << api::accuracyTargetText(*target) << "\n";
        if (!stream::withinValidatedRange(*target))
            out << "Caution:     this target is looser than the range the model was validated in (1-way up "
                   "to 5 "
                   "points, AvgWE up to 0.005): there the fit's own error can exceed the figures below\n";
        if (!plan->reachable) {
            out << "Proposed:    not reachable: " << plan->why << "\n";
        } else {
            out << "Proposed:    " << budgetName(r) << " = " << shortestNumberText(plan->budget);
            if (r.privacy == privacy::PrivacyModel::ZCdp)
                out << " (rho = " << shortestNumberText(plan->rho) << ")";
            out << "\nExpected errors at the proposed budget:\n" << errorTable(r, plan->prediction);
        }
    }
    if (atEpsilon) {
        out << "At " << budgetName(r) << " = " << shortestNumberText(epsilon) << ":\n"
            << errorTable(r, *atEpsilon);
        if (target)
            out << "Rows/step needed at " << budgetName(r) << " = " << shortestNumberText(epsilon) << ": "
                << (std::isfinite(rowsAtEpsilon)
                        ? std::to_string(static_cast<long long>(std::ceil(rowsAtEpsilon)))
                        : std::string("none reaches it"))
                << " (a larger batch, or a longer period holding about as many rows)\n";
    }
    out << assumptions(in, plan && plan->reachable ? &plan->prediction : atEpsilon);
    return out.str();
}

// --epsilon read as run reads a budget (api::parseTypedBudgets, the GUI's and
// run's parser): ε under pure ε-DP, ε at --delta under zCDP (converted to the
// ρ that implies it). One value; plan shows its errors at the ε typed.
double epsilonOption(const QCommandLineParser& p, const api::PlanRequest& r) {
    api::BudgetInput in;
    in.model = r.privacy;
    in.values = p.value("epsilon").toStdString();
    in.fromEpsilonDelta = r.privacy == privacy::PrivacyModel::ZCdp;
    in.delta = in.fromEpsilonDelta ? shortestNumberText(r.delta) : std::string();
    const api::ParsedBudgets parsed = api::parseTypedBudgets(in, "--");
    if (parsed.typed.size() != 1)
        throw settingError("--epsilon", "give one value here (a list is for run's series)");
    return parsed.typed.front();
}

int runPlan(const QStringList& args) {
    QCommandLineParser p;
    addPlanOptions(p);
    if (!parseOrHelp(
            p, args,
            "Proposes the smallest epsilon with which the proposed streamer is expected to reach a target "
            "accuracy, from public settings only (no data is read), and shows the expected errors."))
        return kExitOk;
    const PlanInput in = planInput(p);
    if (!p.isSet("target-accuracy") && !p.isSet("epsilon"))
        throw settingError("--target-accuracy",
                           "give --target-accuracy (and/or --epsilon for the expected errors)");
    api::AccuracyTarget target;
    api::PlanResult plan;
    if (p.isSet("target-accuracy")) {
        target = api::parseAccuracyTarget(p.value("target-accuracy").toStdString());
        plan = api::planEpsilon(in.request, target);
    }
    const double epsilon = p.isSet("epsilon") ? epsilonOption(p, in.request) : 0;
    api::AccuracyPrediction atEpsilon;
    double rows = 0;
    if (p.isSet("epsilon")) {
        atEpsilon = api::expectedAccuracy(in.request, epsilon, target.probability);
        if (p.isSet("target-accuracy")) rows = api::rowsPerStepFor(in.request, target, epsilon);
    }
    const api::AccuracyTarget* t = p.isSet("target-accuracy") ? &target : nullptr;
    if (!p.isSet("json")) {
        writeOutput({}, planText(in, t, t ? &plan : nullptr, epsilon,
                                 p.isSet("epsilon") ? &atEpsilon : nullptr, rows));
        return plan.reachable || !t ? kExitOk : kExitUsage;
    }
    QJsonObject o{{"steps", static_cast<double>(in.request.steps)},
                  {"rowsPerStep", in.request.rowsPerStep},
                  {"rowsArePublic", in.rowsArePublic}};
    if (t) {
        o["target"] = QString::fromStdString(api::accuracyTargetText(target));
        o["reachable"] = plan.reachable;
        o["withinValidatedRange"] = stream::withinValidatedRange(target);
        if (plan.reachable) {
            o["proposed"] = predictionJson(in.request, plan.prediction, plan.budget);
            if (in.request.privacy == privacy::PrivacyModel::ZCdp) o["rho"] = plan.rho;
        } else {
            o["why"] = QString::fromStdString(plan.why);
        }
    }
    if (p.isSet("epsilon")) {
        o["atEpsilon"] = predictionJson(in.request, atEpsilon, epsilon);
        if (t) o["rowsPerStepNeeded"] = std::isfinite(rows) ? QJsonValue(rows) : QJsonValue();
    }
    writeOutput({}, QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString());
    return plan.reachable || !t ? kExitOk : kExitUsage;
}

const RegisterCommand reg{
    {"plan", "propose the epsilon that reaches a target accuracy (public settings only)", runPlan}};

}  // namespace
}  // namespace streamsynth::cli
