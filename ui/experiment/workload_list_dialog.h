// The "checked list" of workloads (SPEC §8 Experiment setup): every 2-way
// workload of the stream's attributes as a checkable row with its cell
// count, a filter, and check all / none. Returns the checked pairs as
// attribute-name lists (what Workbench::prepareRun takes).
#pragma once

#include <QDialog>
#include <QList>
#include <QStringList>

class QLabel;
class QLineEdit;
class QListWidget;

namespace streamsynth::ui {

class WorkloadListDialog : public QDialog {
    Q_OBJECT
public:
    // names/sizes: the stream's attributes in domain order; checked: the
    // pairs checked at start (each a two-name list).
    WorkloadListDialog(const QStringList& names, const QList<int>& sizes, const QList<QStringList>& checked,
                       QWidget* parent = nullptr);

    QList<QStringList> checkedWorkloads() const;
    // For tests: the list (one item per pair, item data = the two names).
    QListWidget* list() const { return list_; }

    // "age × sex", the label core gives a workload.
    static QString label(const QStringList& names);

private:
    void setAllVisible(bool checked);
    void updateCount();

    QListWidget* list_ = nullptr;
    QLineEdit* filter_ = nullptr;
    QLabel* count_ = nullptr;
};

}  // namespace streamsynth::ui
