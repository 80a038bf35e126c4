// WorkloadListDialog: a filterable checklist of the 2-way workloads.
#include "ui/experiment/workload_list_dialog.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace streamsynth::ui {

QString WorkloadListDialog::label(const QStringList& names) {
    return names.join(QString::fromUtf8(" × "));
}

WorkloadListDialog::WorkloadListDialog(const QStringList& names, const QList<int>& sizes,
                                       const QList<QStringList>& checked, QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Workloads to answer"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(
        new QLabel(tr("Check the 2-way marginals the streamers select from and are scored on."), this));
    filter_ = new QLineEdit(this);
    filter_->setPlaceholderText(tr("Filter by attribute name"));
    filter_->setClearButtonEnabled(true);
    filter_->setToolTip(tr("Show only the workloads whose attribute names contain this text"));
    layout->addWidget(filter_);
    list_ = new QListWidget(this);
    list_->setUniformItemSizes(true);
    for (int i = 0; i < names.size(); ++i) {
        for (int j = i + 1; j < names.size(); ++j) {
            const QStringList pair{names[i], names[j]};
            const double cells = double(sizes.value(i)) * double(sizes.value(j));
            auto* item =
                new QListWidgetItem(tr("%1   (%2 cells)").arg(label(pair)).arg(cells, 0, 'f', 0), list_);
            item->setData(Qt::UserRole, pair);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
            item->setCheckState(checked.contains(pair) ? Qt::Checked : Qt::Unchecked);
        }
    }
    layout->addWidget(list_, 1);

    auto* row = new QHBoxLayout();
    auto* all = new QPushButton(tr("Check shown"), this);
    auto* none = new QPushButton(tr("Uncheck shown"), this);
    all->setToolTip(tr("Check every workload shown by the filter"));
    none->setToolTip(tr("Uncheck every workload shown by the filter"));
    count_ = new QLabel(this);
    row->addWidget(all);
    row->addWidget(none);
    row->addStretch(1);
    row->addWidget(count_);
    layout->addLayout(row);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(box);

    connect(all, &QPushButton::clicked, this, [this] { setAllVisible(true); });
    connect(none, &QPushButton::clicked, this, [this] { setAllVisible(false); });
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(list_, &QListWidget::itemChanged, this, &WorkloadListDialog::updateCount);
    connect(filter_, &QLineEdit::textChanged, this, [this](const QString& text) {
        for (int r = 0; r < list_->count(); ++r) {
            QListWidgetItem* item = list_->item(r);
            const QStringList pair = item->data(Qt::UserRole).toStringList();
            const bool match =
                text.isEmpty() || pair.join(QLatin1Char(' ')).contains(text, Qt::CaseInsensitive);
            item->setHidden(!match);
        }
    });
    updateCount();
    resize(460, 520);
}

QList<QStringList> WorkloadListDialog::checkedWorkloads() const {
    QList<QStringList> out;
    for (int r = 0; r < list_->count(); ++r)
        if (list_->item(r)->checkState() == Qt::Checked)
            out << list_->item(r)->data(Qt::UserRole).toStringList();
    return out;
}

void WorkloadListDialog::setAllVisible(bool checked) {
    for (int r = 0; r < list_->count(); ++r)
        if (!list_->item(r)->isHidden()) list_->item(r)->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
}

void WorkloadListDialog::updateCount() {
    count_->setText(tr("%1 of %2 checked").arg(checkedWorkloads().size()).arg(list_->count()));
}

}  // namespace streamsynth::ui
