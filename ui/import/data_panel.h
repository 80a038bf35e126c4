// The data panel: what the opened stream is (file, rows, attributes with
// their sizes, steps and rows per step, how steps are formed) and the
// problems found while reading it. Shows an api::StreamSummary.
#pragma once

#include <QWidget>

class QLabel;
class QListWidget;
class QPushButton;

namespace streamsynth::api {
struct StreamSummary;
}

namespace streamsynth::ui {

class DataPanel : public QWidget {
    Q_OBJECT
public:
    explicit DataPanel(QWidget* parent = nullptr);

    void showSummary(const api::StreamSummary& summary);
    // A table is open but not yet usable (no confirmed schema, or an error).
    void showMessage(const QString& file, const QString& message);
    void clear();
    // A note under the summary (kept until the next show or clear).
    void showNote(const QString& note);
    // The Import settings… button follows the window's action (not for sessions or during a run).
    void setImportEnabled(bool enabled);

    // For tests: the rows and attribute counts as displayed.
    QString rowsText() const;
    QString attributesText() const;
    QString stepsText() const;
    int attributeCount() const;    // entries in the attribute list
    QString problemsText() const;  // the problem list's lines, one per line

Q_SIGNALS:
    void importRequested();

private:
    QLabel* file_ = nullptr;
    QLabel* rows_ = nullptr;
    QLabel* attributeCount_ = nullptr;
    QListWidget* attributes_ = nullptr;
    QLabel* steps_ = nullptr;
    QLabel* rowsPerStep_ = nullptr;
    QLabel* stream_ = nullptr;
    QLabel* protects_ = nullptr;  // who is protected (issue 49)
    QLabel* domainNote_ = nullptr;
    QListWidget* problems_ = nullptr;
    QPushButton* importButton_ = nullptr;
};

}  // namespace streamsynth::ui
