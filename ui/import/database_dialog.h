// File ▸ Open database…: a PostgreSQL table or query as the stream
// (docs/scale.md). The connection string (recent ones offered, always
// without their password), a table or a query, a test of the connection,
// the public domain from a schema file or proposed from the server
// (SELECT DISTINCT / min / max) with the "derived from the data" warning
// and the explicit confirmation it needs, and how rows become steps (a time
// column and period, or batches in the hash order on a key). The password
// is asked when the server wants one and never kept. On accept, request()
// is what api::Workbench::loadInput opens; the run then works as for a file.
#pragma once

#include <QDialog>

#include "core/api/stream_input.h"

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace streamsynth::ui {

class DatabaseDialog : public QDialog {
    Q_OBJECT
public:
    explicit DatabaseDialog(QWidget* parent = nullptr);

    // The request as filled in (its prompt asks in a dialog over `parent`).
    api::InputRequest request() const;

    // The recent connections (QSettings "database/recent"), newest first, never with a password.
    static QStringList recentConnections();
    static void rememberConnection(const QString& connection);

    // For tests.
    void setConnection(const QString& connection);
    void setTable(const QString& table);
    void setSchemaFile(const QString& path);
    void setProposeDomain(bool confirmPublic);
    void setMonthlyTime(const QString& column, const QString& start, const QString& end = {});
    void setHashBatches(long long size, const QString& key);
    bool canAccept() const;
    QString status() const;

public Q_SLOTS:
    void accept() override;
    // Connects, lists the columns and shows what the stream would be (or why not).
    void testConnection();
    // Shows the domain proposed from the database (derived from the data).
    void proposeDomain();

private:
    QGroupBox* makeStepsBox();
    void updateState();
    void fillColumns(const std::vector<std::string>& columns);

    QComboBox* connection_;
    QRadioButton* useTable_;
    QLineEdit* table_;
    QPlainTextEdit* query_;
    QRadioButton* schemaFromFile_;
    QLineEdit* schemaPath_;
    QRadioButton* schemaFromData_;
    QPlainTextEdit* proposal_;
    QCheckBox* confirmPublic_;
    QRadioButton* byTime_;
    QComboBox* timeColumn_;
    QComboBox* period_;
    QLineEdit* start_;
    QLineEdit* end_;
    QSpinBox* batchSize_;
    QComboBox* keyColumn_;
    QSpinBox* seed_;
    QLabel* status_;
    QPushButton* ok_ = nullptr;
};

}  // namespace streamsynth::ui
