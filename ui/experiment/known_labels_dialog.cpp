// KnownLabelsDialog: ticking an attribute's public labels (known_labels_dialog.h).
#include "ui/experiment/known_labels_dialog.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace streamsynth::ui {

KnownLabelsDialog::KnownLabelsDialog(const QString& attribute, const QStringList& labels,
                                     const QStringList& checked, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Known labels of %1").arg(attribute));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("Tick the labels of %1 you know to be public without looking at the data (the major studios, "
           "say). They are kept exactly, the rest become <other>, and no budget is spent on choosing them. "
           "Tick none to let the DP choice pick the labels again.")
            .arg(attribute),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    filter_ = new QLineEdit(this);
    filter_->setPlaceholderText(tr("Filter labels"));
    filter_->setClearButtonEnabled(true);
    layout->addWidget(filter_);
    list_ = new QListWidget(this);
    for (const QString& label : labels) {
        auto* item = new QListWidgetItem(label, list_);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(checked.contains(label) ? Qt::Checked : Qt::Unchecked);
    }
    layout->addWidget(list_, 1);
    count_ = new QLabel(this);
    layout->addWidget(count_);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    ok_ = box->button(QDialogButtonBox::Ok);
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(box);
    connect(filter_, &QLineEdit::textChanged, this, &KnownLabelsDialog::filterChanged);
    connect(list_, &QListWidget::itemChanged, this, &KnownLabelsDialog::updateCount);
    updateCount();
    resize(520, 560);
}

QStringList KnownLabelsDialog::checkedLabels() const {
    QStringList out;
    for (int i = 0; i < list_->count(); ++i)
        if (list_->item(i)->checkState() == Qt::Checked) out << list_->item(i)->text();
    return out;
}

void KnownLabelsDialog::setChecked(const QString& label, bool checked) {
    for (int i = 0; i < list_->count(); ++i)
        if (list_->item(i)->text() == label)
            list_->item(i)->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

void KnownLabelsDialog::filterChanged(const QString& text) {
    for (int i = 0; i < list_->count(); ++i)
        list_->item(i)->setHidden(!list_->item(i)->text().contains(text, Qt::CaseInsensitive));
}

void KnownLabelsDialog::updateCount() {
    const int checked = static_cast<int>(checkedLabels().size());
    const bool all = list_->count() > 0 && checked == list_->count();
    // Keeping every label is no coarsening (the api refuses it).
    count_->setText(all ? tr("%1 of %2 labels ticked: tick fewer to coarsen").arg(checked).arg(list_->count())
                        : tr("%1 of %2 labels ticked").arg(checked).arg(list_->count()));
    ok_->setEnabled(!all);
}

}  // namespace streamsynth::ui
