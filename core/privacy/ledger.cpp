// Privacy ledger: checked charges (no slack), sums, table/JSON views (the
// JSON built as QJsonObjects, written by QJsonDocument), serialisation
// (versions 1 and 2).
#include "core/privacy/ledger.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <algorithm>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/string.hpp>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/common/bounded_archive.h"
#include "core/common/exact_sum.h"
#include "core/values/error.h"
#include "core/values/number_text.h"
#include "core/values/privacy_unit.h"
#include "core/values/zcdp_conversion.h"

namespace streamsynth::privacy {
namespace {

constexpr int kLedgerVersion = 2;

std::string number(double x) {
    return shortestNumberText(x);
}

bool validAmount(double a) {
    return std::isfinite(a) && a > 0.0;
}

// Version 1 ledgers named selections by their mechanism.
ChargeKind kindFromVersion1Name(const std::string& mechanism) {
    return mechanism == "selection" || mechanism == "exponential" || mechanism == "permute-and-flip"
               ? ChargeKind::Selection
               : ChargeKind::Measurement;
}

}  // namespace

PrivacyLedger::PrivacyLedger(double budgetPerStep, PrivacyModel model)
    : model_(model), budget_(budgetPerStep) {
    requireBudget(model, budgetPerStep);
}

PrivacyLedger::PrivacyLedger(const Budget& budget) : PrivacyLedger(budget.amount(), budget.model()) {
    delta_ = budget.delta();
}

void PrivacyLedger::setConversionDelta(double delta) {
    if (!(delta == 0.0 || (delta > 0.0 && delta < 1.0)))
        throw settingError("delta", "delta must be strictly between 0 and 1, got " + number(delta));
    delta_ = delta;
}

void PrivacyLedger::setSeriesBudget(const std::string& series, double budgetPerStep) {
    requireBudget(model_, budgetPerStep);
    if (budgetPerStep > budget_)
        throw settingError(budgetName(model_),
                           "a series' budget cannot exceed the ledger's budget of " + number(budget_));
    if (maxStepSpent(series) > budgetPerStep)
        throw Error(ErrorKind::Privacy, "series '" + series + "' already spent " +
                                            number(maxStepSpent(series)) +
                                            " at one step, more than the budget of " + number(budgetPerStep));
    seriesBudget_[series] = budgetPerStep;
}

void PrivacyLedger::absorb(const std::string& series, const PrivacyLedger& seriesLedger) {
    if (seriesLedger.model_ != model_)
        throw settingError("privacy", "cannot combine ledgers of different privacy models");
    setSeriesBudget(series, seriesLedger.budgetPerStep(series));
    for (const Charge& c : seriesLedger.charges_)
        if (c.series == series) record(c);
}

double PrivacyLedger::budgetPerStep(const std::string& series) const {
    const auto it = seriesBudget_.find(series);
    return it == seriesBudget_.end() ? budget_ : it->second;
}

double PrivacyLedger::stepSum(const std::string& series, int step) const {
    // Summed in record order (record()): the order BudgetSplit's exact shares assume.
    const auto it = stepSums_.find({series, step});
    return it == stepSums_.end() ? 0.0 : it->second;
}

void PrivacyLedger::record(const Charge& c) {
    charges_.push_back(c);
    stepSums_[{c.series, c.step}] += c.amount;
}

double PrivacyLedger::spent(const std::string& series, int step) const {
    // A step's own charges first, then the whole-stream ones: a streamer
    // whose BudgetSplit keeps its step at most B − s then stays at most B
    // (rounding is monotone), wherever the whole-stream charge s was recorded.
    if (step == kWholeStreamStep) return stepSum(series, kWholeStreamStep);
    return stepSum(series, step) + stepSum(series, kWholeStreamStep);
}

double PrivacyLedger::remaining(const std::string& series, int step) const {
    return std::max(0.0, budgetPerStep(series) - spent(series, step));
}

bool PrivacyLedger::canCharge(const Charge& c) const {
    if (!validAmount(c.amount)) return false;
    return largestAfter(c) <= budgetPerStep(c.series);
}

double PrivacyLedger::largestAfter(const Charge& c) const {
    const double whole = stepSum(c.series, kWholeStreamStep);
    if (c.step != kWholeStreamStep) return (stepSum(c.series, c.step) + c.amount) + whole;
    // A whole-stream charge reads rows of every step: it must fit beside each.
    double largest = whole + c.amount;
    for (int step : steps(c.series))
        if (step != kWholeStreamStep)
            largest = std::max(largest, stepSum(c.series, step) + (whole + c.amount));
    return largest;
}

std::vector<int> PrivacyLedger::steps(const std::string& series) const {
    std::vector<int> out;
    for (const Charge& c : charges_)
        if (c.series == series && std::find(out.begin(), out.end(), c.step) == out.end())
            out.push_back(c.step);
    return out;
}

void PrivacyLedger::charge(const Charge& c) {
    if (!validAmount(c.amount))
        throw settingError(budgetName(model_), std::string("a privacy charge must be a finite ") +
                                                   budgetName(model_) + " > 0, got " + number(c.amount));
    const double budget = budgetPerStep(c.series);
    if (largestAfter(c) > budget) {
        const std::string where =
            c.step == kWholeStreamStep ? std::string("before step 1") : "at step " + std::to_string(c.step);
        throw Error(ErrorKind::Privacy, "privacy budget exceeded for series '" + c.series + "' " + where +
                                            ": " + chargeKindName(c.kind) + " (" + c.mechanism + ") of " +
                                            budgetName(model_) + " " + number(c.amount) + " on top of " +
                                            number(spent(c.series, c.step)) +
                                            " already spent would exceed the budget of " + number(budget));
    }
    record(c);
}

double PrivacyLedger::totalSpent(const std::string& series) const {
    ExactSum sum;
    for (const Charge& c : charges_)
        if (c.series == series) sum.add(c.amount);
    return sum.value();
}

std::string guaranteeStatement(PrivacyModel model, double budget, double largestStepCharge, double delta,
                               const std::string& protection) {
    // For people: the charge as budgetFigure writes it ("1", not the sum of
    // shares 0.9999999999999998), the implied ε at 6 significant digits.
    const auto rounded = [](double v) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6g", v);
        return std::string(buf);
    };
    const std::string unit = budgetName(model);
    std::string text = unit + " = " + shortestNumberText(budget) + " for the whole stream (" +
                       (protection.empty() ? protectionClause({}, {}) : protection) +
                       "; the largest per-step charge is " +
                       shortestNumberText(spentFigure(largestStepCharge, budget)) + ")";
    if (model == PrivacyModel::ZCdp && delta > 0)
        text += "; that implies (" + rounded(zcdpEpsilon(budget, delta)) + ", " + shortestNumberText(delta) +
                ")-DP";
    return text;
}

double PrivacyLedger::maxStepSpent(const std::string& series) const {
    double best = 0.0;
    for (int step : steps(series)) best = std::max(best, spent(series, step));
    return best;
}

std::vector<std::string> PrivacyLedger::series() const {
    std::vector<std::string> names;
    for (const Charge& c : charges_)
        if (std::find(names.begin(), names.end(), c.series) == names.end()) names.push_back(c.series);
    return names;
}

std::string PrivacyLedger::toTable() const {
    std::ostringstream out;
    char line[512];
    std::snprintf(line, sizeof line, "%-12s %6s %6s %-12s %-20s %-24s %14s\n", "series", "step", "round",
                  "kind", "mechanism", "workload", budgetName(model_));
    out << line;
    for (const Charge& c : charges_) {
        std::snprintf(line, sizeof line, "%-12s %6d %6d %-12s %-20s %-24s %14s\n", c.series.c_str(), c.step,
                      c.round, chargeKindName(c.kind), c.mechanism.c_str(), c.workload.c_str(),
                      number(c.amount).c_str());
        out << line;
    }
    for (const std::string& s : series()) {
        out << s << ": max per step " << number(spentFigure(maxStepSpent(s), budgetPerStep(s)))
            << " of budget " << number(budgetPerStep(s)) << " (the stream's guarantee, " << budgetName(model_)
            << ")";
        if (model_ == PrivacyModel::ZCdp && delta_ > 0 && maxStepSpent(s) > 0)
            out << ", i.e. (" << number(zcdpEpsilon(maxStepSpent(s), delta_)) << ", " << number(delta_)
                << ")-DP";
        out << "; sum over steps " << number(budgetFigure(totalSpent(s))) << " (bookkeeping)\n";
    }
    return out.str();
}

namespace {

// One charge of toJson; its amount under the key of the model's unit
// ("epsilon" or "rho").
QJsonObject chargeJson(const Charge& c, const QString& unit) {
    return QJsonObject{{"series", QString::fromStdString(c.series)},
                       {"kind", QString::fromUtf8(chargeKindName(c.kind))},
                       {"mechanism", QString::fromStdString(c.mechanism)},
                       {unit, c.amount},
                       {"step", c.step},
                       {"round", c.round},
                       {"workload", QString::fromStdString(c.workload)}};
}

// One series of toJson: its budget, its guarantee (the largest per-step
// sum) in numbers and in words, the bookkeeping sum and its time steps.
QJsonObject seriesJson(const PrivacyLedger& ledger, const std::string& name) {
    std::set<int> steps;  // time steps with charges (step 0, the whole stream's, is none)
    for (const Charge& c : ledger.charges())
        if (c.series == name && c.step != kWholeStreamStep) steps.insert(c.step);
    const PrivacyModel model = ledger.model();
    const double budget = ledger.budgetPerStep(name), guarantee = ledger.maxStepSpent(name);
    const double delta = ledger.conversionDelta();
    QJsonObject o{{"name", QString::fromStdString(name)},
                  {"budget_per_step", budget},
                  {"max_step_spent", spentFigure(guarantee, budget)},
                  {"guarantee", QString::fromStdString(guaranteeStatement(model, budget, guarantee, delta,
                                                                          ledger.protection()))},
                  {"sum_over_steps_bookkeeping", budgetFigure(ledger.totalSpent(name))},
                  {"steps", static_cast<qint64>(steps.size())}};
    if (model == PrivacyModel::ZCdp && delta > 0 && guarantee > 0)
        o["epsilon_at_delta"] = zcdpEpsilon(guarantee, delta);
    return o;
}

}  // namespace

std::string PrivacyLedger::toJson() const {
    return QJsonDocument(toJsonObject()).toJson(QJsonDocument::Compact).toStdString();
}

QJsonObject PrivacyLedger::toJsonObject() const {
    // QJsonDocument writes each object's keys in sorted order (not the order
    // of ledger.h's list); the readers (stream_ledger.cpp, the CLI and GUI,
    // tests) look keys up by name. Doubles come out in their shortest
    // round-trip form, so every charge reads back to the same bits; the
    // series' sums (max_step_spent, sum_over_steps_bookkeeping) are written
    // as budgetFigure says (core/values/number_text.h).
    const QString unit = QString::fromUtf8(budgetName(model_));
    QJsonObject o{{"privacy_model", QString::fromUtf8(privacyModelName(model_))},
                  {"budget_unit", unit},
                  {"budget_per_step", budget_}};
    if (model_ == PrivacyModel::ZCdp && delta_ > 0) o["conversion_delta"] = delta_;
    QJsonArray charges;
    for (const Charge& c : charges_) charges.append(chargeJson(c, unit));
    o["charges"] = charges;
    QJsonArray series;
    for (const std::string& name : this->series()) series.append(seriesJson(*this, name));
    o["series"] = series;
    return o;
}

std::string PrivacyLedger::save() const {
    // The archive of the header fields and the count, then the charges' bytes:
    // primitives and strings carry no Boost bookkeeping between them, so the
    // charges encoded by a header-less archive are the bytes one archive of
    // everything would hold (test_ledger: savedBytesAreOneArchiveOfEverything).
    std::ostringstream out;
    {
        boost::archive::binary_oarchive ar(out);
        int version = kLedgerVersion;
        int model = static_cast<int>(model_);
        double budget = budget_, delta = delta_;
        std::size_t n = charges_.size();
        ar << version << model << budget << delta << n;
    }
    std::string bytes = out.str();
    saved_.update(
        charges_.size(),
        [this](std::string& kept, std::size_t from) {
            std::ostringstream more;
            {
                boost::archive::binary_oarchive ar(more, boost::archive::no_header);
                for (std::size_t i = from; i < charges_.size(); ++i) {
                    const Charge& c = charges_[i];
                    int kind = static_cast<int>(c.kind);
                    ar << c.series << kind << c.mechanism << c.amount << c.step << c.round << c.workload;
                }
            }
            kept += more.str();
        },
        [&bytes](const std::string& kept) { bytes += kept; });
    return bytes;
}

PrivacyLedger PrivacyLedger::load(const std::string& bytes) {
    int version = 0, model = 0;
    double budget = 0, delta = 0;
    std::vector<Charge> charges;
    try {
        std::istringstream in(bytes);
        BoundedBinaryIArchive ar(in, 0, bytes.size());  // a damaged count is refused, not allocated
        std::size_t n = 0;
        ar >> version;
        if (version != 1 && version != 2) throw Error(ErrorKind::Session, "unknown privacy ledger version");
        if (version == 2) ar >> model;
        ar >> budget;
        if (version == 2) ar >> delta;
        ar >> n;
        if (n > bytes.size()) throw Error(ErrorKind::Session, "damaged privacy ledger");
        charges.resize(n);
        for (Charge& c : charges) {
            if (version == 1) {
                ar >> c.series >> c.mechanism >> c.amount >> c.step >> c.round >> c.workload;
                c.kind = kindFromVersion1Name(c.mechanism);
            } else {
                int kind = 0;
                ar >> c.series >> kind >> c.mechanism >> c.amount >> c.step >> c.round >> c.workload;
                if (kind != 0 && kind != 1)
                    throw Error(ErrorKind::Session, "damaged privacy ledger: unknown charge kind");
                c.kind = static_cast<ChargeKind>(kind);
            }
        }
    } catch (const Error&) {
        throw;
    } catch (const std::length_error& e) {  // the bounded archive's refusal is in words
        const std::string what = e.what();
        throw Error(
            ErrorKind::Session,
            "damaged privacy ledger: " +
                (what.rfind("a stored size", 0) == 0 ? what : std::string("a size is impossibly large")));
    } catch (const std::exception&) {  // the archive's own or std::bad_alloc: never shown as C++ text
        throw Error(ErrorKind::Session, "damaged privacy ledger: it ends early or holds an impossible value");
    }
    if (model != 0 && model != 1)
        throw Error(ErrorKind::Session, "damaged privacy ledger: unknown privacy model");
    if (!validAmount(budget)) throw Error(ErrorKind::Session, "damaged privacy ledger: bad budget");
    PrivacyLedger ledger(budget, static_cast<PrivacyModel>(model));
    try {
        ledger.setConversionDelta(delta);
        if (version == 1) {
            // Written before the exact split: a full step of ε/(2k) shares may
            // sum one ulp above ε (0.1 at k = 7 gives 0.10000000000000002),
            // which those versions accepted with a relative slack of 1e-9. The
            // past steps are re-proved under that rule; every new charge
            // (new steps, fresh sums) is checked exactly.
            std::map<std::pair<std::string, int>, double> perStep;
            for (const Charge& c : charges) {
                if (!validAmount(c.amount))
                    throw Error(ErrorKind::Session, "a charge is not a finite amount > 0");
                double& sum = perStep[{c.series, c.step}];
                sum += c.amount;
                if (sum > budget * (1.0 + 1e-9))
                    throw Error(ErrorKind::Session,
                                "series '" + c.series + "' overspent at step " + std::to_string(c.step));
            }
            for (const Charge& c : charges) ledger.record(c);
        } else {
            for (const Charge& c : charges) ledger.charge(c);  // re-proves the budget exactly
        }
    } catch (const Error& e) {
        throw Error(ErrorKind::Session, "privacy ledger in session is inconsistent: " + e.message());
    }
    return ledger;
}

}  // namespace streamsynth::privacy
