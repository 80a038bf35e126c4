// The experiment panel's "Target accuracy…" button: the planner's inputs
// from the panel's settings, the dialog, and the proposal written into the
// budget field (target_accuracy_dialog.h).
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QSpinBox>
#include <algorithm>

#include "core/api/budget_input.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/privacy_selector.h"
#include "ui/experiment/privacy_words.h"

namespace streamsynth::ui {

api::WorkloadChoice ExperimentPanel::workloadChoice() const {
    api::WorkloadChoice choice;
    choice.way = workloadWay();
    choice.names = workloads();
    return choice;
}

PlanContext ExperimentPanel::planContext() const {
    PlanContext c;
    std::vector<data::Attribute> attributes;
    for (int i = 0; i < names_.size() && i < sizes_.size(); ++i)
        attributes.push_back({names_[i].toStdString(), sizes_[i]});
    c.request.domain = data::Domain(attributes);
    c.request.workloads.way = workloadWay();
    if (usesCheckedList()) c.request.workloads.names = workloads();
    const api::BudgetInput input = privacy_->input();
    const api::ParsedBudgets typed = api::readBudgets(input);
    c.request.privacy = input.model;
    c.request.delta = input.fromEpsilonDelta && typed.ok() ? typed.budgets.front().delta() : 0;
    c.request.rounds = rounds_->value();
    if (isValid()) {
        const stream::RunConfig config = runConfig();
        c.request.accuracy = config.accuracy;
        for (const stream::SeriesConfig& s : config.series)
            if (s.streamer == stream::StreamerKind::Proposed) {
                c.request.counter = s.counter;
                break;
            }
    }
    c.request.steps = stepCount_;
    c.request.unit = unit_;  // the planner's noise and the words, for one unit
    c.request.rowsPerStep = publicRows_;
    c.rowsArePublic = publicRows_ > 0;
    if (!typed.typed.empty()) c.currentBudget = *std::min_element(typed.typed.begin(), typed.typed.end());
    return c;
}

void ExperimentPanel::setProtectedUnit(std::optional<data::UnitSettings> unit) {
    unit_ = std::move(unit);
    updatePrivacyWords();
}

api::PlainPrivacyRequest ExperimentPanel::privacyRequest() const {
    api::PlainPrivacyRequest r;
    const PlanContext c = planContext();
    r.plan = c.request;
    r.plan.rowsArePublic = c.rowsArePublic;
    if (!isValid()) return r;
    const stream::RunConfig config = runConfig();
    if (config.privacy == privacy::PrivacyModel::ZCdp) r.plan.delta = config.delta;
    r.discreteNoise = config.discreteNoise;
    // One series described (the first proposed, else the first); the others would add if published.
    std::vector<api::PublishedBudget> all;
    for (const stream::SeriesConfig& s : config.series)
        all.push_back({s.id, s.streamer == stream::StreamerKind::Proposed, s.budget.amount()});
    auto first =
        std::find_if(all.begin(), all.end(), [](const api::PublishedBudget& b) { return b.proposed; });
    if (first == all.end()) first = all.begin();
    if (first != all.end()) {
        r.published = {*first};
        all.erase(first);
        r.others = all;
    }
    return r;
}

void ExperimentPanel::updatePrivacyWords() {
    if (!privacyWords_) return;
    if (!isValid()) {
        // The reason beside the budget: the panel's own message sits below the form, out of
        // view on a laptop (a GUI walkthrough of 2026-12-01 met a greyed Run and no reason).
        privacyWords_->setUnavailable(
            error_.isEmpty() ? tr("Set a valid budget and series to see what ε means.") : error_);
        return;
    }
    try {
        privacyWords_->setDescription(api::describePrivacy(privacyRequest()));
        QString unused;
        const std::vector<privacy::Budget> budgets = privacy_->budgets(&unused);
        if (budgets.size() > 1) {
            QStringList values;
            for (const privacy::Budget& b : budgets) values << QLocale::c().toString(b.amount(), 'g', 12);
            // "1,5" is two budgets, not one and a half: said where the steward reads ε.
            privacyWords_->appendToSummary(tr("%n budgets (%1) each run as series of their own; a comma "
                                              "separates budgets (one and a half "
                                              "is 1.5).",
                                              nullptr, static_cast<int>(budgets.size()))
                                               .arg(values.join(QStringLiteral(", "))));
        }
    } catch (const std::exception&) {
        privacyWords_->setUnavailable(tr("Set a valid budget and series to see what ε means."));
    }
}

void ExperimentPanel::openTargetAccuracy() {
    if (names_.isEmpty()) {
        QMessageBox::information(this, tr("Target accuracy"),
                                 tr("Open a table first: the planner needs its domain."));
        return;
    }
    TargetAccuracyDialog dialog(planContext(), this);
    if (dialog.exec() == QDialog::Accepted && dialog.proposedBudget() > 0)
        privacy_->budgetEdit()->setText(dialog.proposedText());
}

}  // namespace streamsynth::ui
