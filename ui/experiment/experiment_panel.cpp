// ExperimentPanel: the form's state, its validation and the RunConfig it builds: the stream and its
// workloads, the budgets and series read from the rows. The rows are built in experiment_panel_rows.cpp,
// the settings kept in experiment_panel_settings.cpp.
#include "ui/experiment/experiment_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <algorithm>
#include <cmath>

#include "core/api/series_plan.h"
#include "core/values/error.h"
#include "ui/experiment/experiment_panel_parts.h"
#include "ui/experiment/privacy_selector.h"
#include "ui/experiment/series_chooser.h"
#include "ui/experiment/workload_list_dialog.h"

namespace streamsynth::ui {

namespace {

std::size_t binomial(int n, int k) {
    if (k < 0 || k > n) return 0;
    double r = 1;
    for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
    return static_cast<std::size_t>(std::llround(r));
}

// The enum value a QComboBox's current item carries (addEnumItem, experiment_panel_rows.cpp).
template <typename E>
E enumValue(const QComboBox* box) {
    return static_cast<E>(box->currentData().toInt());
}

}  // namespace

void ExperimentPanel::setStream(const QStringList& names, const QList<int>& sizes, int stepCount) {
    attributeCount_ = static_cast<int>(names.size());
    stepCount_ = stepCount;
    names_ = names;
    sizes_ = sizes;
    // Keep the checked pairs that exist in this stream; a list that does not
    // fit at all (another table) starts as all pairs.
    QList<QStringList> kept;
    for (const QStringList& pair : std::as_const(checked_))
        if (pair.size() == 2 && names_.contains(pair[0]) && names_.contains(pair[1])) kept << pair;
    if (kept.isEmpty())
        for (int i = 0; i < names_.size(); ++i)
            for (int j = i + 1; j < names_.size(); ++j) kept << QStringList{names_[i], names_[j]};
    checked_ = kept;
    updateWorkloadControls();
    series_->setStepCount(stepCount);
    validate();
}

int ExperimentPanel::workloadWay() const {
    return usesCheckedList() ? 2 : way_->currentData().toInt();
}

bool ExperimentPanel::usesCheckedList() const {
    return way_->currentData().toInt() == kCheckedList;
}

std::size_t ExperimentPanel::workloadCount() const {
    if (usesCheckedList()) return static_cast<std::size_t>(checked_.size());
    return binomial(attributeCount_, workloadWay());
}

std::vector<std::vector<std::string>> ExperimentPanel::workloads() const {
    std::vector<std::vector<std::string>> out;
    if (!usesCheckedList()) return out;
    for (const QStringList& pair : checked_) {
        std::vector<std::string> names;
        for (const QString& n : pair) names.push_back(n.toStdString());
        out.push_back(std::move(names));
    }
    return out;
}

double ExperimentPanel::smallestWorkloadCells() const {
    if (sizes_.size() != names_.size() || names_.isEmpty()) return 0;
    if (usesCheckedList()) {
        double best = 0;
        for (const QStringList& pair : checked_) {
            double cells = 1;
            for (const QString& n : pair) cells *= sizes_.value(static_cast<int>(names_.indexOf(n)), 0);
            if (best == 0 || cells < best) best = cells;
        }
        return best;
    }
    // All way-way workloads: the smallest product is that of the `way`
    // smallest domain sizes (sizes are >= 1).
    const int way = workloadWay();
    if (way > sizes_.size()) return 0;
    QList<int> sorted = sizes_;
    std::sort(sorted.begin(), sorted.end());
    double cells = 1;
    for (int i = 0; i < way; ++i) cells *= sorted[i];
    return cells;
}

void ExperimentPanel::setCheckedWorkloads(const QList<QStringList>& pairs) {
    checked_ = pairs;
    updateWorkloadControls();
    validate();
}

void ExperimentPanel::setWorkloadMode(int mode) {
    const int index = way_->findData(mode);
    if (index >= 0) way_->setCurrentIndex(index);
}

void ExperimentPanel::updateWorkloadControls() {
    chooseWorkloads_->setEnabled(!names_.isEmpty());
    coarsening_->setEnabled(!names_.isEmpty());
    way_->setItemText(
        way_->findData(kCheckedList),
        names_.isEmpty()
            ? tr("Checked 2-way list")
            : tr("Checked 2-way list (%1 of %2)").arg(checked_.size()).arg(binomial(attributeCount_, 2)));
}

void ExperimentPanel::chooseWorkloads() {
    WorkloadListDialog dialog(names_, sizes_, checked_, this);
    if (dialog.exec() != QDialog::Accepted) return;
    checked_ = dialog.checkedWorkloads();
    setWorkloadMode(kCheckedList);
    updateWorkloadControls();
    validate();
}

double ExperimentPanel::maxCells(bool* ok) const {
    const double v = maxCells_->text().trimmed().toDouble(ok);
    if (*ok) *ok = v > 0 && std::isfinite(v);
    return v;
}

QLineEdit* ExperimentPanel::epsilonEdit() const {
    return privacy_->budgetEdit();
}

std::vector<privacy::Budget> ExperimentPanel::budgets() const {
    return privacy_->budgets(nullptr);
}

privacy::PrivacyModel ExperimentPanel::privacyModel() const {
    return privacy_->model();
}

void ExperimentPanel::selectSeries(const QStringList& keys) {
    series_->selectSeries(keys);
}

stream::RunConfig ExperimentPanel::runConfig() const {
    stream::RunConfig config;
    config.rounds = rounds_->value();
    config.fitEngine = fitEngine_->currentData().toString().toStdString();
    config.fitIterations = fitIterations_->value();
    config.score = enumValue<stream::ScoreKind>(score_);
    config.scoreNoise = enumValue<stream::ScoreNoise>(scoreNoise_);
    config.selection = enumValue<stream::SelectionMechanism>(selection_);
    config.releaseFrom = enumValue<stream::ReleaseFrom>(releaseFrom_);
    bool ok = false;
    const double cap = maxCells(&ok);
    if (ok) config.maxModelCells = cap;
    config.seed = static_cast<std::uint64_t>(seed_->value());
    config.threads = 0;  // automatic (the series side by side): releases are the same for any count
    config.secureRandom = releaseMode_->isChecked();
    config.discreteNoise = releaseMode_->isChecked();
    config.privacy = privacy_->model();
    // The series, their ids and the run's privacy exactly as the CLI makes
    // them (one identity: the same seed and settings give the same noise in both).
    try {
        api::planRunSeries(config, series_->seriesNames(), privacy_->budgets(nullptr));
    } catch (const Error&) {
        // An invalid choice: validate() has told the user, and Run stays disabled.
    }
    return config;
}

void ExperimentPanel::validate() {
    error_.clear();
    QString budgetError;
    (void)privacy_->budgets(&budgetError);
    const std::size_t q = workloadCount();
    if (!budgetError.isEmpty()) {
        error_ = budgetError;
    } else if (series_->seriesNames().empty()) {
        error_ = tr("Choose at least one series to run.");
    } else if (usesCheckedList() && checked_.isEmpty()) {
        error_ = tr("Check at least one workload (Choose…).");
    } else if (bool ok = false; maxCells(&ok), !ok) {
        error_ = tr("Max model cells must be a number greater than 0 (e.g. 100000 or 1e5).");
    } else if (attributeCount_ > 0 && static_cast<std::size_t>(rounds_->value()) > q) {
        error_ = tr("k = %1 is larger than the number of workloads |Q| = %2.").arg(rounds_->value()).arg(q);
    } else if (const double smallest = smallestWorkloadCells();
               smallest > 0 && runConfig().maxModelCells < smallest) {
        error_ = tr("The model-size cap of %1 cells admits no workload: the smallest has %2 cells.")
                     .arg(runConfig().maxModelCells, 0, 'g', 6)
                     .arg(smallest, 0, 'g', 6);
    } else if (attributeCount_ > 0 && q > 0) {
        try {
            stream::validateRunConfig(runConfig(), q);
        } catch (const Error& e) {
            error_ = QString::fromStdString(e.message());
        }
    }
    message_->setText(error_);
    message_->setVisible(!error_.isEmpty());
    const bool valid = error_.isEmpty();
    if (valid != lastValid_) {
        lastValid_ = valid;
        Q_EMIT validityChanged(valid);
    }
    updatePrivacyWords();
    Q_EMIT changed();
}

}  // namespace streamsynth::ui
