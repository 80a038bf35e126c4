// Series identity (see series_spec.h).
#include "core/values/series_spec.h"

#include <cctype>
#include <cmath>
#include <set>

#include "core/privacy/counter.h"
#include "core/stream/one_way_share.h"
#include "core/stream/tracked_in_rounds.h"
#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/number_text.h"

namespace streamsynth::stream {
SeriesSpec parseSeriesSpec(const std::string& text, const privacy::Budget& budget) {
    SeriesSpec s;
    s.budget = budget;
    if (text == "baseline" || text == std::string("baseline:") + kCarriedBaseline) {
        s.streamer = StreamerKind::Baseline;
        s.counter = text == "baseline" ? "" : kCarriedBaseline;
        return s;
    }
    if (text.rfind("proposed", 0) != 0 || (text.size() > 8 && text[8] != ':'))
        throw settingError(
            "series", "unknown series '" + text + "' (baseline, baseline:carried or proposed:<counter>)");
    s.streamer = StreamerKind::Proposed;
    const std::string counter = text.size() > 9 ? text.substr(9) : "simple";
    s.counter = privacy::counterSpecToString(privacy::parseCounterSpec(counter, budget.model()));
    return s;
}

std::string seriesName(const SeriesSpec& spec) {
    if (spec.streamer == StreamerKind::Baseline)
        return isCarriedBaseline(spec) ? "baseline:carried" : "baseline";
    return "proposed:" + spec.counter;
}

std::string seriesBaseId(const SeriesSpec& spec) {
    std::string id = seriesName(
        spec);  // "baseline:carried" -> "baseline-carried", "proposed:tree:16" -> "proposed-tree-16"
    for (char& c : id)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) c = '-';
    return id;
}

bool isCarriedBaseline(const SeriesSpec& spec) {
    return spec.streamer == StreamerKind::Baseline && spec.counter == kCarriedBaseline;
}

AccuracyOptions seriesAccuracy(const AccuracyOptions& run, const SeriesSpec& spec,
                               const privacy::Budget& perStep, double publicRowsPerStep) {
    AccuracyOptions out = run;
    if (isCarriedBaseline(spec)) {
        out.baselineInit = BaselineInit::Previous;
        out.baselineOneWayShare = kCarriedOneWayShare;
    }
    setFixedOneWayShare(out, oneWayShareFor(run, perStep.model(), perStep.amount(), publicRowsPerStep));
    out.smallFromOneWay = 0;  // resolved into the fixed share above: never taken twice
    out.trackedInRounds = trackedInRoundsFor(run, perStep.model(), perStep.amount());
    return out;
}

AccuracyOptions seriesAccuracy(const RunConfig& config, const SeriesConfig& series) {
    return seriesAccuracy(config.accuracy, series, runBudgetAfter(series.budget, config.streamCharge.amount),
                          config.publicRowsPerStep);
}

std::string epsilonText(double epsilon) {
    return shortestNumberText(epsilon);
}

std::string budgetTag(double budget, privacy::PrivacyModel model) {
    return (model == privacy::PrivacyModel::ZCdp ? "rho" : "eps") + epsilonText(budget);
}

std::vector<SeriesConfig> planSeries(const std::vector<SeriesSpec>& specs) {
    if (specs.empty())
        throw settingError("series", "give at least one series (e.g. baseline, proposed:simple)");
    std::set<double> budgets;
    for (const SeriesSpec& s : specs) budgets.insert(s.budget.amount());
    std::vector<SeriesConfig> out;
    std::set<std::string> ids;
    for (const SeriesSpec& s : specs) {
        SeriesConfig c;
        static_cast<SeriesSpec&>(c) = s;
        c.id = seriesBaseId(s) +
               (budgets.size() > 1 ? "-" + budgetTag(s.budget.amount(), s.budget.model()) : "");
        if (!ids.insert(c.id).second) throw settingError("series", "series '" + c.id + "' is listed twice");
        out.push_back(std::move(c));
    }
    return out;
}

}  // namespace streamsynth::stream
