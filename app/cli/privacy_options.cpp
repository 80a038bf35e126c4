// --privacy / --rho / --delta (privacy_options.h).
#include "cli/privacy_options.h"

#include "core/values/error.h"

namespace streamsynth::cli {

void addPrivacyOptions(QCommandLineParser& p) {
    p.addOption({"privacy",
                 "Privacy model: pure (epsilon-DP, Laplace noise; default) or zcdp (rho-zCDP, Gaussian "
                 "noise).",
                 "MODEL"});
    p.addOption({"rho", "zcdp: budget rho per stream, one or several comma-separated.", "R"});
    p.addOption({"delta",
                 "zcdp: with --epsilon, convert (epsilon, delta) to the rho that implies it; with --rho, the "
                 "delta at which the equivalent epsilon is shown (default 1e-6).",
                 "D"});
}

privacy::PrivacyModel privacyModelOption(const QCommandLineParser& p) {
    if (!p.isSet("privacy")) return privacy::PrivacyModel::Pure;
    try {
        return privacy::parsePrivacyModel(p.value("privacy").toStdString());
    } catch (const Error& e) {
        throw settingError("--privacy", e.message());
    }
}

PrivacyOptions readPrivacyOptions(const QCommandLineParser& p, const QString& epsilonDefault) {
    PrivacyOptions o;
    o.model = privacyModelOption(p);
    api::BudgetInput in;
    in.model = o.model;
    if (o.model == privacy::PrivacyModel::Pure) {
        if (p.isSet("rho"))
            throw settingError("--rho", "--rho needs --privacy zcdp (pure runs take --epsilon)");
        if (p.isSet("delta"))
            throw settingError("--delta", "--delta needs --privacy zcdp (pure epsilon-DP has no delta)");
        in.values = (p.isSet("epsilon") ? p.value("epsilon") : epsilonDefault).toStdString();
    } else {
        if (p.isSet("rho") && p.isSet("epsilon"))
            throw settingError("--rho", "give either --rho or --epsilon with --delta, not both");
        if (p.isSet("epsilon") && !p.isSet("delta"))
            throw settingError("--delta",
                               "--privacy zcdp with --epsilon needs --delta (the rho is the one that implies "
                               "(epsilon, delta)-DP); or give --rho");
        if (!p.isSet("rho") && !p.isSet("epsilon"))
            throw settingError("--rho", "--privacy zcdp needs --rho (or --epsilon with --delta)");
        in.fromEpsilonDelta = p.isSet("epsilon");
        in.values = p.value(in.fromEpsilonDelta ? "epsilon" : "rho").toStdString();
        in.delta = p.value("delta").toStdString();
    }
    o.budgets = api::parseBudgets(in, "--");
    o.converted = in.fromEpsilonDelta;
    return o;
}

privacy::Budget readOneBudget(const QCommandLineParser& p, const QString& epsilonDefault) {
    const PrivacyOptions o = readPrivacyOptions(p, epsilonDefault);
    if (o.budgets.size() != 1) {
        const bool rho = o.model == privacy::PrivacyModel::ZCdp && !o.converted;
        throw settingError(rho ? "--rho" : "--epsilon", "give one value here (a list is for run's series)");
    }
    return o.budgets.front();
}

}  // namespace streamsynth::cli
