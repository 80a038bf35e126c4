// The privacy-model options shared by `run` and `counters`:
// --privacy pure|zcdp, the budgets (--epsilon, or under zcdp --rho, or
// --epsilon with --delta converted to the ρ that implies that (ε, δ)-DP by the
// tight CKS 2020 conversion) and the δ shown beside ρ.
#pragma once

#include <QCommandLineParser>
#include <vector>

#include "core/api/privacy.h"

namespace streamsynth::cli {

struct PrivacyOptions {
    privacy::PrivacyModel model = privacy::PrivacyModel::Pure;
    std::vector<double> budgets;  // ε (pure) or ρ (zcdp), one per requested value, each validated
    double delta = 0;             // zcdp: δ shown beside ρ (from --delta, else 1e-6); 0 under pure
    bool converted = false;       // zcdp budgets came from --epsilon/--delta
};

// Adds --privacy, --rho and --delta (the command adds its own --epsilon).
void addPrivacyOptions(QCommandLineParser& parser);
// Reads them; epsilonDefault is used when neither --epsilon nor --rho is set.
// settingError naming the option on any inconsistency (--rho under pure,
// --epsilon under zcdp without --delta, both --rho and --epsilon, …).
PrivacyOptions readPrivacyOptions(const QCommandLineParser& parser, const QString& epsilonDefault);

// One line for people: "pure ε-DP, ε = 1" or "zCDP, ρ = 0.05 (⇒ (1.54, 1e-06)-DP)".
std::string describePrivacy(const PrivacyOptions& options, double budget);

}  // namespace streamsynth::cli
