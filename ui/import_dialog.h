// The import step (SPEC §1, §8): preview of the file, the domain proposed
// from the data (or loaded from a schema file) with per-column role and
// numeric bins, how rows become steps (time column + period, or batches),
// and the explicit confirmation that a data-derived domain is public.
// On accept the Workbench holds the confirmed schema and stream settings.
#pragma once

#include <QDialog>

#include "core/data/schema.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QRadioButton;
class QSpinBox;
class QTableView;
class QTableWidget;

namespace streamsynth::api { class Workbench; }

namespace streamsynth::ui {

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

public Q_SLOTS:
    void accept() override;

private:
    void propose();
    void fillEditor(const data::Schema& schema);
    // The Workbench's confirmed schema and stream settings shown in the editor.
    void showWorkbenchSchema();
    void loadSchemaFile();
    void check();
    void updateState();
    void showProblem(const QString& message);

    api::Workbench& workbench_;
    QString path_;
    data::Schema base_;            // proposed or loaded; edited through the grid
    bool fromFile_ = false;        // a schema file fixes a public domain: no confirmation needed

    TablePreviewModel* previewModel_ = nullptr;
    QTableView* preview_ = nullptr;
    QTableWidget* columns_ = nullptr;
    QSpinBox* defaultBins_ = nullptr;
    QLabel* warning_ = nullptr;
    QCheckBox* publicCheck_ = nullptr;
    QRadioButton* byTime_ = nullptr;
    QRadioButton* byBatch_ = nullptr;
    QComboBox* timeColumn_ = nullptr;
    QComboBox* period_ = nullptr;
    QSpinBox* periodCount_ = nullptr;
    QLineEdit* timeFormat_ = nullptr;
    QSpinBox* batchSize_ = nullptr;
    QComboBox* batchOrder_ = nullptr;
    QSpinBox* batchSeed_ = nullptr;
    QListWidget* problems_ = nullptr;
    QPushButton* confirm_ = nullptr;
};

}  // namespace streamsynth::ui
