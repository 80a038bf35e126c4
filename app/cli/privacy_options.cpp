// --privacy / --rho / --delta (privacy_options.h).
#include "cli/privacy_options.h"

#include "cli/cli_common.h"
#include "core/common/error.h"
#include "core/common/number_text.h"
#include "core/api/privacy.h"

namespace streamsynth::cli {
namespace {

constexpr double kDefaultDisplayDelta = 1e-6;

std::vector<double> parseList(const QString& text, const QString& option, privacy::PrivacyModel model) {
    std::vector<double> out;
    for (const QString& part : text.split(',')) {
        if (part.trimmed().isEmpty()) throw settingError("--" + option.toStdString(), "an empty value in '" + text.toStdString() + "'");
        const double v = parseDouble(part.trimmed(), option);
        try {
            privacy::requireBudget(model, v);
        } catch (const Error& e) {
            throw settingError("--" + option.toStdString(), e.message());
        }
        privacy::checkUserBudget(model, v, "--" + option.toStdString());  // refuses 1e-300 and 1e300
        out.push_back(v);
    }
    return out;
}

}  // namespace

void addPrivacyOptions(QCommandLineParser& p) {
    p.addOption({"privacy", "Privacy model: pure (epsilon-DP, Laplace noise; default) or zcdp (rho-zCDP, Gaussian "
                            "noise).", "MODEL"});
    p.addOption({"rho", "zcdp: budget rho per stream, one or several comma-separated.", "R"});
    p.addOption({"delta", "zcdp: with --epsilon, convert (epsilon, delta) to the rho that implies it; with --rho, the "
                          "delta at which the equivalent epsilon is shown (default 1e-6).", "D"});
}

PrivacyOptions readPrivacyOptions(const QCommandLineParser& p, const QString& epsilonDefault) {
    PrivacyOptions o;
    if (p.isSet("privacy")) {
        try {
            o.model = privacy::parsePrivacyModel(p.value("privacy").toStdString());
        } catch (const Error& e) {
            throw settingError("--privacy", e.message());
        }
    }
    if (o.model == privacy::PrivacyModel::Pure) {
        if (p.isSet("rho")) throw settingError("--rho", "--rho needs --privacy zcdp (pure runs take --epsilon)");
        if (p.isSet("delta")) throw settingError("--delta", "--delta needs --privacy zcdp (pure epsilon-DP has no delta)");
        o.budgets = parseList(p.isSet("epsilon") ? p.value("epsilon") : epsilonDefault, "epsilon", o.model);
        return o;
    }
    if (p.isSet("delta")) o.delta = parseDouble(p.value("delta"), "delta");
    if (p.isSet("delta") && !(o.delta > 0 && o.delta < 1))
        throw settingError("--delta", "delta must be strictly between 0 and 1");
    if (p.isSet("rho") && p.isSet("epsilon"))
        throw settingError("--rho", "give either --rho or --epsilon with --delta, not both");
    if (p.isSet("epsilon")) {
        if (!p.isSet("delta"))
            throw settingError("--delta", "--privacy zcdp with --epsilon needs --delta (the rho is the one that implies "
                                          "(epsilon, delta)-DP); or give --rho");
        for (double e : parseList(p.value("epsilon"), "epsilon", privacy::PrivacyModel::Pure))
            o.budgets.push_back(privacy::zcdpRhoFor(e, o.delta));
        o.converted = true;
        return o;
    }
    if (!p.isSet("rho")) throw settingError("--rho", "--privacy zcdp needs --rho (or --epsilon with --delta)");
    o.budgets = parseList(p.value("rho"), "rho", o.model);
    if (o.delta == 0) o.delta = kDefaultDisplayDelta;
    return o;
}

std::string describePrivacy(const PrivacyOptions& o, double budget) {
    if (o.model == privacy::PrivacyModel::Pure) return "pure epsilon-DP, epsilon = " + shortestNumberText(budget);
    return "zCDP, rho = " + shortestNumberText(budget) + " (implies (" +
           shortestNumberText(privacy::zcdpEpsilon(budget, o.delta)) + ", " + shortestNumberText(o.delta) + ")-DP)";
}

}  // namespace streamsynth::cli
