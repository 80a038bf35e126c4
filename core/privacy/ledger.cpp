// Privacy ledger: checked charges, sums, table/JSON views, serialisation.
#include "core/privacy/ledger.h"

#include <algorithm>
#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/string.hpp>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "core/common/error.h"
#include "core/privacy/laplace.h"

namespace streamsynth::privacy {
namespace {

constexpr double kRelativeTolerance = 1e-9;

std::string number(double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return buf;
}

std::string jsonString(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') { out += '\\'; out += static_cast<char>(c); }
        else if (c < 0x20) { char b[8]; std::snprintf(b, sizeof b, "\\u%04x", c); out += b; }
        else out += static_cast<char>(c);
    }
    return out + "\"";
}

}  // namespace

PrivacyLedger::PrivacyLedger(double budgetPerStep) : budget_(budgetPerStep) { requireEpsilon(budgetPerStep); }

void PrivacyLedger::setSeriesBudget(const std::string& series, double budgetPerStep) {
    requireEpsilon(budgetPerStep);
    if (budgetPerStep > budget_ * (1.0 + kRelativeTolerance))
        throw settingError("epsilon", "a series' budget cannot exceed the ledger's budget of " + number(budget_));
    if (maxStepSpent(series) > budgetPerStep * (1.0 + kRelativeTolerance))
        throw Error(ErrorKind::Privacy, "series '" + series + "' already spent " + number(maxStepSpent(series)) +
                                            " at one step, more than the budget of " + number(budgetPerStep));
    seriesBudget_[series] = budgetPerStep;
}

double PrivacyLedger::budgetPerStep(const std::string& series) const {
    const auto it = seriesBudget_.find(series);
    return it == seriesBudget_.end() ? budget_ : it->second;
}

double PrivacyLedger::spent(const std::string& series, int step) const {
    double sum = 0.0;
    for (const Charge& c : charges_)
        if (c.step == step && c.series == series) sum += c.epsilon;
    return sum;
}

double PrivacyLedger::remaining(const std::string& series, int step) const {
    return std::max(0.0, budgetPerStep(series) - spent(series, step));
}

bool PrivacyLedger::canCharge(const Charge& c) const {
    if (!(std::isfinite(c.epsilon) && c.epsilon > 0.0)) return false;
    return spent(c.series, c.step) + c.epsilon <= budgetPerStep(c.series) * (1.0 + kRelativeTolerance);
}

void PrivacyLedger::charge(const Charge& c) {
    if (!(std::isfinite(c.epsilon) && c.epsilon > 0.0))
        throw settingError("epsilon", "a privacy charge must be a finite epsilon > 0, got " + number(c.epsilon));
    const double already = spent(c.series, c.step);
    const double budget = budgetPerStep(c.series);
    if (already + c.epsilon > budget * (1.0 + kRelativeTolerance))
        throw Error(ErrorKind::Privacy, "privacy budget exceeded for series '" + c.series + "' at step " +
                                            std::to_string(c.step) + ": " + c.mechanism + " of epsilon " +
                                            number(c.epsilon) + " on top of " + number(already) +
                                            " already spent would exceed the budget of " + number(budget));
    charges_.push_back(c);
}

double PrivacyLedger::totalSpent(const std::string& series) const {
    double sum = 0.0;
    for (const Charge& c : charges_)
        if (c.series == series) sum += c.epsilon;
    return sum;
}

double PrivacyLedger::maxStepSpent(const std::string& series) const {
    std::map<int, double> perStep;
    for (const Charge& c : charges_)
        if (c.series == series) perStep[c.step] += c.epsilon;
    double best = 0.0;
    for (const auto& [step, sum] : perStep) best = std::max(best, sum);
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
    std::snprintf(line, sizeof line, "%-12s %6s %6s %-12s %-24s %14s\n", "series", "step", "round", "mechanism",
                  "workload", "epsilon");
    out << line;
    for (const Charge& c : charges_) {
        std::snprintf(line, sizeof line, "%-12s %6d %6d %-12s %-24s %14.8g\n", c.series.c_str(), c.step, c.round,
                      c.mechanism.c_str(), c.workload.c_str(), c.epsilon);
        out << line;
    }
    for (const std::string& s : series()) {
        std::snprintf(line, sizeof line, "%s: max per step %.8g of budget %.8g (the stream's guarantee); sum over steps %.8g\n",
                      s.c_str(), maxStepSpent(s), budgetPerStep(s), totalSpent(s));
        out << line;
    }
    return out.str();
}

std::string PrivacyLedger::toJson() const {
    std::ostringstream out;
    out << "{\"budget_per_step\":" << number(budget_) << ",\"charges\":[";
    for (std::size_t i = 0; i < charges_.size(); ++i) {
        const Charge& c = charges_[i];
        out << (i ? "," : "") << "{\"series\":" << jsonString(c.series) << ",\"mechanism\":" << jsonString(c.mechanism)
            << ",\"epsilon\":" << number(c.epsilon) << ",\"step\":" << c.step << ",\"round\":" << c.round
            << ",\"workload\":" << jsonString(c.workload) << "}";
    }
    out << "],\"series\":[";
    const auto names = series();
    for (std::size_t i = 0; i < names.size(); ++i) {
        std::map<int, int> steps;
        for (const Charge& c : charges_)
            if (c.series == names[i]) steps[c.step] = 1;
        out << (i ? "," : "") << "{\"name\":" << jsonString(names[i]) << ",\"budget_per_step\":"
            << number(budgetPerStep(names[i])) << ",\"max_step_spent\":"
            << number(maxStepSpent(names[i])) << ",\"total_spent\":" << number(totalSpent(names[i]))
            << ",\"steps\":" << steps.size() << "}";
    }
    out << "]}";
    return out.str();
}

std::string PrivacyLedger::save() const {
    std::ostringstream out;
    {
        boost::archive::binary_oarchive ar(out);
        int version = 1;
        double budget = budget_;
        std::size_t n = charges_.size();
        ar << version << budget << n;
        for (const Charge& c : charges_) ar << c.series << c.mechanism << c.epsilon << c.step << c.round << c.workload;
    }
    return out.str();
}

PrivacyLedger PrivacyLedger::load(const std::string& bytes) {
    int version = 0;
    double budget = 0;
    std::vector<Charge> charges;
    try {
        std::istringstream in(bytes);
        boost::archive::binary_iarchive ar(in);
        std::size_t n = 0;
        ar >> version >> budget >> n;
        if (version != 1) throw Error(ErrorKind::Session, "unknown privacy ledger version");
        if (n > bytes.size()) throw Error(ErrorKind::Session, "damaged privacy ledger");
        charges.resize(n);
        for (Charge& c : charges) ar >> c.series >> c.mechanism >> c.epsilon >> c.step >> c.round >> c.workload;
    } catch (const Error&) {
        throw;
    } catch (const std::exception& e) {
        throw Error(ErrorKind::Session, std::string("damaged privacy ledger: ") + e.what());
    }
    if (!(std::isfinite(budget) && budget > 0)) throw Error(ErrorKind::Session, "damaged privacy ledger: bad budget");
    PrivacyLedger ledger(budget);
    try {
        for (const Charge& c : charges) ledger.charge(c);  // re-proves the budget
    } catch (const Error& e) {
        throw Error(ErrorKind::Session, "privacy ledger in session is inconsistent: " + e.message());
    }
    return ledger;
}

}  // namespace streamsynth::privacy
