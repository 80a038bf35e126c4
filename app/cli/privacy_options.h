// The privacy-model options shared by `run` and `counters`:
// --privacy pure|zcdp, the budgets (--epsilon, or under zcdp --rho, or
// --epsilon with --delta converted to the ρ that implies that (ε, δ)-DP by the
// tight CKS 2020 conversion) and the δ shown beside ρ. Which options go
// together is decided here; the numbers are read by the parser the GUI
// uses too (api::parseBudgets, core/api/budget_input.h).
#pragma once

#include <QCommandLineParser>
#include <vector>

#include "core/api/budget_input.h"

namespace streamsynth::cli {

struct PrivacyOptions {
    privacy::PrivacyModel model = privacy::PrivacyModel::Pure;
    std::vector<privacy::Budget> budgets;  // one per requested value, each validated, in `model`
    bool converted = false;                // zcdp budgets came from --epsilon/--delta
};

// Adds --privacy, --rho and --delta (the command adds its own --epsilon).
void addPrivacyOptions(QCommandLineParser& parser);
// Reads them; epsilonDefault is used when neither --epsilon nor --rho is set.
// settingError naming the option on any inconsistency (--rho under pure,
// --epsilon under zcdp without --delta, both --rho and --epsilon, …) and on
// any budget api::parseBudgets refuses.
PrivacyOptions readPrivacyOptions(const QCommandLineParser& parser, const QString& epsilonDefault);
// The same for a command that takes one budget (`inspect`'s support check):
// a list of values is refused, naming the option it came from.
privacy::Budget readOneBudget(const QCommandLineParser& parser, const QString& epsilonDefault);
// --privacy alone (default pure), settingError naming --privacy when unknown.
privacy::PrivacyModel privacyModelOption(const QCommandLineParser& parser);

}  // namespace streamsynth::cli
