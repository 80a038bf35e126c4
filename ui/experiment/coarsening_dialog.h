// The steward's view of the coarsening proposal (api/coarsening.h, docs/gui.md
// "Large attributes"): for each large categorical attribute the stream
// cannot support at this ε and period, the support check's figures for the
// full domain and for each m offered (the CLI's `inspect` preview lines),
// and a checkbox with the number of labels to keep (the proposal checked),
// plus the share of the budget the DP choice of the kept labels spends.
// Computed from the private rows per step: for the steward only.
#pragma once

#include <QDialog>
#include <QList>
#include <vector>

#include "core/api/coarsening.h"

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace streamsynth::ui {

class CoarseningDialog : public QDialog {
    Q_OBJECT
public:
    CoarseningDialog(const std::vector<api::AttributeCoarsening>& proposal, double share,
                     QWidget* parent = nullptr);

    // The checked attributes with their keep-m values (empty: coarsen nothing).
    std::vector<api::CoarsenChoice> choices() const;
    double share() const;

    // For tests: the preview text and the inputs of an attribute (null when not proposed).
    QString previewText() const;
    QCheckBox* acceptCheck(const QString& attribute) const;
    QSpinBox* keepSpin(const QString& attribute) const;
    QDoubleSpinBox* shareSpin() const { return share_; }

private:
    struct Row {
        QString attribute;
        QCheckBox* accept = nullptr;
        QSpinBox* keep = nullptr;
    };
    QList<Row> rows_;
    QLabel* preview_ = nullptr;
    QDoubleSpinBox* share_ = nullptr;
};

}  // namespace streamsynth::ui
