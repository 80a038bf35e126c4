// The import step (SPEC §1, §8): preview of the file, the
// domain proposed from the data (or loaded from a schema file) with
// per-column role, numeric bounds rounded to public-looking 1-2-5 × 10^k
// numbers that the user may retype, and bins; how rows become steps: a
// detected date column is proposed as the time column with a period that
// gives enough rows per step, and a public start date can be typed (else the
// start comes from the data and needs confirming); or batches. A hint says in
// plain words how noisy a step will be (rows per step against the noise of a
// measured count at the experiment's ε and k). The explicit confirmation that
// a data-derived domain is public is required. On accept the Workbench holds
// the confirmed schema and stream settings.
#pragma once

#include <QDialog>
#include <vector>

#include "core/api/import_proposal.h"
#include "core/api/privacy.h"
#include "core/values/schema.h"
#include "ui/experiment/target_accuracy_dialog.h"
#include "ui/import/import_coarsening.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QFormLayout;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QRadioButton;
class QSpinBox;
class QStackedWidget;
class QTableView;
class QSplitter;
class QTableWidget;

namespace streamsynth::api {
class Workbench;
}

namespace streamsynth::ui {

class PrivacyWords;
class UnitChooser;

class TablePreviewModel;

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    enum Role { Attribute = 0, Time = 1, Ignore = 2 };

    ImportDialog(api::Workbench& workbench, const QString& path, QWidget* parent = nullptr);

    // The schema as edited (attributes with role Attribute, stream settings set).
    data::Schema editedSchema() const;
    data::StreamSettings streamSettings() const;
    // For tests: the confirmation box and the confirm button state.
    QCheckBox* publicCheck() const { return publicCheck_; }
    bool canConfirm() const;
    void setRole(const QString& column, Role role);
    void setBatch(long long size, bool random);
    void setPeriod(data::PeriodUnit unit);
    // The experiment's privacy settings, for the noise hint (default ε = 1, k = 5; the smallest budget
    // counts).
    void setNoiseSettings(privacy::PrivacyModel model, const std::vector<double>& budgets, int rounds);
    // The experiment panel's planner inputs for "Target accuracy…"; the
    // domain, steps and (batch) rows per step come from this dialog's
    // settings (import_dialog_plan.cpp). A budget the steward uses there is
    // announced by budgetPlanned (the text for the panel's budget field).
    void setPlanContext(PlanContext context) { plan_ = std::move(context); }
    QPushButton* targetAccuracyButton() const { return targetAccuracy_; }
    // The planner's inputs with this dialog's domain, steps and rows (for tests).
    PlanContext planContext() const;

    // Large attributes in the import dialog (issue 46, item 2): after Check,
    // `unsupported` lists the large attributes the stream cannot support at
    // the experiment's ε and this dialog's period (one line each, from the
    // support check); "Large attributes…" applies the settings and runs
    // `choose`, the coarsening dialog over this one (it returns the accepted
    // choice's summary, empty for none). The choice is only set up here: the
    // DP choice of kept labels is drawn when a run starts, after its confirmation.
    using Coarsening = ImportCoarsening;
    void setCoarsening(Coarsening coarsening);
    QPushButton* largeAttributesButton() const { return largeAttributes_; }
    QString coarseningNoteText() const;

Q_SIGNALS:
    void budgetPlanned(const QString& budgetText);

public:
    // For tests: the controls and the hint as shown.
    bool byTime() const;
    QString timeColumn() const;
    data::PeriodUnit period() const;
    QLineEdit* startEdit() const { return start_; }
    QLineEdit* endEdit() const { return end_; }
    QCheckBox* dataEndCheck() const { return dataEnd_; }
    QString noiseHint() const;
    PrivacyWords* privacyWords() const { return privacyWords_; }
    UnitChooser* unitChooser() const { return unit_; }
    QString problemsText() const;
    QTableWidget* columnsTable() const { return columns_; }

public Q_SLOTS:
    void accept() override;
    // Applies the settings and lists the problems found in the data.
    void check();

private:
    void resizeEvent(QResizeEvent* event) override;
    bool checkSettings();  // check(); false when the settings were refused
    void showUnsupported();
    void showUnitDrops(const api::StreamSummary& summary);
    void chooseLargeAttributes();
    // The constructor's parts (top to bottom).
    QWidget* makePreview(QWidget* parent);
    QWidget* makeSchemaBox(QWidget* parent);
    QWidget* makeDomainNote(QWidget* parent);
    QWidget* makeFindings();
    QWidget* makeStepsBox();
    void addStartEndRows(QFormLayout* stepsLayout, QWidget* stepsBox);
    QHBoxLayout* makeBatchRow(QWidget* stepsBox);
    QDialogButtonBox* makeButtons();
    void connectStepControls();

    void propose();
    void fillEditor(const data::Schema& schema);
    void fixColumnWidths();
    // The Workbench's confirmed schema and stream settings shown in the editor.
    void showWorkbenchSchema();
    void loadSchemaFile();
    void updateState();
    void showTimeColumnCodes();
    void showProblem(const QString& message);
    void proposeTime();
    void updateNoiseHint();
    void updatePrivacyWords();
    void suggestUnitColumn();  // import_dialog_grid.cpp
    void followUnitColumn();   // import_dialog_grid.cpp
    Role roleOf(const QString& column) const;
    // Why the unit cannot be kept with these steps (batches), in a steward's words; "" when it can.
    QString unitStepProblem() const;
    void openTargetAccuracy();  // import_dialog_plan.cpp
    // Rows per step of the current settings (median), 0 when unknown.
    long long rowsPerStep(data::PeriodUnit unit);

    api::Workbench& workbench_;
    QString path_;
    data::Schema base_;      // proposed or loaded; edited through the grid
    bool fromFile_ = false;  // a schema file fixes a public domain: no confirmation needed

    TablePreviewModel* previewModel_ = nullptr;
    QTableView* preview_ = nullptr;
    QTableWidget* columns_ = nullptr;
    QSpinBox* defaultBins_ = nullptr;
    QStackedWidget* domainNote_ = nullptr;  // the warning and the tick, or the schema file's note
    QLabel* warning_ = nullptr;
    QCheckBox* publicCheck_ = nullptr;
    QRadioButton* byTime_ = nullptr;
    QRadioButton* byBatch_ = nullptr;
    QComboBox* timeColumn_ = nullptr;
    QComboBox* period_ = nullptr;
    QSpinBox* periodCount_ = nullptr;
    QLineEdit* timeFormat_ = nullptr;
    QLineEdit* start_ = nullptr;
    QLineEdit* end_ = nullptr;
    QCheckBox* dataEnd_ = nullptr;
    QLabel* noise_ = nullptr;
    PrivacyWords* privacyWords_ = nullptr;
    UnitChooser* unit_ = nullptr;  // who is protected (issue 49)
    QString unitKey_;              // the column the unit's key took out of the attributes ("" none)
    Role unitKeyRole_ = Ignore;    // that column's role before, given back when the key moves
    QPushButton* targetAccuracy_ = nullptr;
    PlanContext plan_;
    privacy::PrivacyModel model_ = privacy::PrivacyModel::Pure;
    double budget_ = 1.0;
    std::vector<double> seriesBudgets_;  // every series' budget (the experiment panel's)
    int rounds_ = 5;
    QString optionsKey_;  // column, format, start and count of options_
    std::vector<api::PeriodOption> options_;
    QSpinBox* batchSize_ = nullptr;
    QComboBox* batchOrder_ = nullptr;
    QSpinBox* batchSeed_ = nullptr;
    QListWidget* problems_ = nullptr;
    QPushButton* confirm_ = nullptr;
    QPushButton* largeAttributes_ = nullptr;
    QSplitter* splitter_ = nullptr;
    QString warningText_;   // the derived-domain warning in full
    bool compact_ = false;  // a short dialog: preview folded, warning in one sentence
    QLabel* coarseningNote_ = nullptr;
    Coarsening coarsening_;
};

}  // namespace streamsynth::ui
