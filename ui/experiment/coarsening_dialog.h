// The steward's view of the coarsening proposal (api/coarsening.h, docs/gui.md
// "Large attributes"): for each large categorical attribute the stream
// cannot support at this ε and period, the support check's figures for the
// full domain and for each m offered (the CLI's `inspect` preview lines),
// and a checkbox with the number of labels to keep (the proposal checked),
// or the labels the steward knows to be public ("Known labels…": kept at no
// charge), or a public hierarchy read from a `label,parent` CSV file
// ("Parents…": the attribute coarsened to its parents at no charge), plus the share of the budget the DP
// choice of the kept labels spends. The preview is recomputed when the share or the public labels change.
// Computed from the private rows per step: for the steward only.
#pragma once

#include <QDialog>
#include <QList>
#include <QStringList>
#include <functional>
#include <vector>

#include "core/api/coarsening.h"

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace streamsynth::ui {

class CoarseningDialog : public QDialog {
    Q_OBJECT
public:
    // The proposal again for a share of the DP choice (0: nothing chosen by
    // DP), the public labels and hierarchies (Workbench::coarseningProposal).
    using Recompute = std::function<std::vector<api::AttributeCoarsening>(
        double share, const std::vector<api::KnownLabels>& known,
        const std::vector<api::LabelParents>& parents)>;

    // `schema`: the confirmed (public) domain the Known labels lists show.
    CoarseningDialog(const std::vector<api::AttributeCoarsening>& proposal, const data::Schema& schema,
                     double share, Recompute recompute, QWidget* parent = nullptr);

    // What is accepted: the checked attributes with public labels (known),
    // the other checked ones with their keep-m (DP choices), and the share.
    api::CoarseningRequest request() const;
    // Names a step in the preview ("month": "about 2 rows per code each month"); "step" by default.
    void setStepWord(const QString& word);
    // The proposal was computed from `rows` per step given as public knowledge
    // (release mode), not from the table's private counts: the note says so.
    void setPublicRowsPerStep(double rows);
    QString rowsSourceText() const;
    // The DP choices of request().
    std::vector<api::CoarsenChoice> choices() const;
    double share() const;
    // The attribute keeps these public labels (empty: the DP choice again).
    void setKnownLabels(const QString& attribute, const QStringList& labels);
    // The attribute is coarsened to these parents (empty: no hierarchy);
    // `source` names where they came from (the file) in the note.
    void setParents(const QString& attribute, const std::vector<std::pair<std::string, std::string>>& parents,
                    const QString& source);

    // For tests: the preview and cost texts and the inputs of an attribute
    // (null when not proposed).
    QString previewText() const;
    QString costText() const;
    QCheckBox* acceptCheck(const QString& attribute) const;
    QSpinBox* keepSpin(const QString& attribute) const;
    QPushButton* knownButton(const QString& attribute) const;
    QPushButton* parentsButton(const QString& attribute) const;
    QString noteText(const QString& attribute) const;
    QDoubleSpinBox* shareSpin() const { return share_; }

private:
    struct Row {
        QString attribute;
        QStringList domain;                                        // the confirmed labels
        QStringList known;                                         // ticked as public (empty: DP)
        std::vector<std::pair<std::string, std::string>> parents;  // a public hierarchy (label, parent)
        bool numeric = false;  // bins merged (keep = bins), no DP and no public labels
        QCheckBox* accept = nullptr;
        QSpinBox* keep = nullptr;
        QPushButton* knownButton = nullptr;
        QPushButton* parentsButton = nullptr;
        QLabel* knownNote = nullptr;
    };
    void addRow(QWidget* parent, const api::AttributeCoarsening& a, const data::Schema& schema);
    void chooseKnown(const QString& attribute);
    void chooseParents(const QString& attribute);
    void showPreview(const std::vector<api::AttributeCoarsening>& proposal);
    api::CoarseningRequest updateInputs();
    void refresh();
    Row* rowOf(const QString& attribute);
    const Row* rowOf(const QString& attribute) const;

    QList<Row> rows_;
    Recompute recompute_;
    QLabel* preview_ = nullptr;
    QLabel* rowsSource_ = nullptr;  // whose rows per step the figures use
    double publicRows_ = 0;
    QLabel* cost_ = nullptr;
    QDoubleSpinBox* share_ = nullptr;
    QString stepWord_;
    std::vector<api::AttributeCoarsening> shown_;  // the proposal in the preview
};

}  // namespace streamsynth::ui
