// "Known labels…" of the Large attributes dialog (docs/gui.md "Large
// attributes"): the confirmed domain's labels of one attribute as a
// checkable, filterable list, for the steward to tick the labels known to
// be public (kept at no charge; api/known_labels.h). Shows only the public
// domain: no count of the data.
#pragma once

#include <QDialog>
#include <QStringList>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace streamsynth::ui {

class KnownLabelsDialog : public QDialog {
    Q_OBJECT
public:
    // `labels`: the attribute's confirmed labels; `checked`: those ticked at first.
    KnownLabelsDialog(const QString& attribute, const QStringList& labels, const QStringList& checked,
                      QWidget* parent = nullptr);

    // The ticked labels in the domain's order (empty: the DP choice again).
    QStringList checkedLabels() const;

    // For tests.
    QLineEdit* filterEdit() const { return filter_; }
    QListWidget* labelList() const { return list_; }
    QPushButton* okButton() const { return ok_; }
    void setChecked(const QString& label, bool checked);

private:
    void filterChanged(const QString& text);
    void updateCount();

    QLineEdit* filter_ = nullptr;
    QListWidget* list_ = nullptr;
    QLabel* count_ = nullptr;
    QPushButton* ok_ = nullptr;
};

}  // namespace streamsynth::ui
