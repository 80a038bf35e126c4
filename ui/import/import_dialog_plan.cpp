// The import dialog's "Target accuracy…" button: the planner's inputs with
// the dialog's own domain and steps, the batch size as the public rows per
// step (a time stream's rows per period are private: the steward types an
// estimate in the planner), and the chosen budget handed to the experiment
// panel through budgetPlanned (target_accuracy_dialog.h).
#include <QComboBox>
#include <QMessageBox>
#include <QRadioButton>
#include <QSpinBox>
#include <cmath>

#include "core/api/workbench.h"
#include "ui/import/import_dialog.h"

namespace streamsynth::ui {

PlanContext ImportDialog::planContext() const {
    PlanContext c = plan_;
    c.request.domain = editedSchema().domain();  // settingError while the schema is not valid
    if (c.request.workloads.way > c.request.domain.attributeCount() || !c.request.workloads.names.empty()) {
        c.request.workloads = {};  // the panel's list belongs to another table: all 2-way
        c.request.workloads.way = std::min(2, c.request.domain.attributeCount());
    }
    const auto unit = static_cast<data::PeriodUnit>(period_->currentData().toInt());
    c.rowsArePublic = !byTime_->isChecked();
    c.request.rowsPerStep = c.rowsArePublic ? batchSize_->value() : 0;
    c.request.unit = unit_->unit();  // who is protected here, not the panel's last table's
    c.request.steps = 0;
    if (c.rowsArePublic)
        c.request.steps = (workbench_.previewRowCount() + batchSize_->value() - 1) / batchSize_->value();
    else
        for (const api::PeriodOption& o : options_)
            if (o.unit == unit) c.request.steps = o.steps;
    return c;
}

void ImportDialog::openTargetAccuracy() {
    PlanContext context;
    try {
        rowsPerStep(
            static_cast<data::PeriodUnit>(period_->currentData().toInt()));  // refreshes the period options
        context = planContext();
    } catch (const std::exception& e) {
        QMessageBox::information(this, tr("Target accuracy"),
                                 tr("Set a valid domain first: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    TargetAccuracyDialog dialog(context, this);
    if (dialog.exec() == QDialog::Accepted && dialog.proposedBudget() > 0)
        Q_EMIT budgetPlanned(dialog.proposedText());
}

}  // namespace streamsynth::ui
