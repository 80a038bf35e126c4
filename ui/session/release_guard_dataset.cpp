// ReleaseConfirmDialog's dataset box (see release_guard.h): the dataset the stream is charged to, what it
// has spent and its total with this stream, and the charge a new stream of a dataset that has spent
// needs ticked.
#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

#include "ui/session/release_guard.h"

namespace streamsynth::ui {

QWidget* ReleaseConfirmDialog::makeDatasetBox() {
    auto* box = new QWidget(this);
    auto* rows = new QVBoxLayout(box);
    rows->setContentsMargins(0, 0, 0, 0);
    auto* row = new QHBoxLayout();
    row->addWidget(new QLabel(tr("Dataset:"), box));
    dataset_ = new QLineEdit(box);
    dataset_->setObjectName(QStringLiteral("releaseDataset"));
    dataset_->setToolTip(
        tr("The table (and the people in it) this stream is released from. Every stream of one dataset adds "
           "to one total, so a second stream of the same rows is never a fresh budget."));
    row->addWidget(dataset_, 1);
    rows->addLayout(row);
    datasetStanding_ = new QLabel(box);
    datasetStanding_->setObjectName(QStringLiteral("releaseDatasetStanding"));
    datasetStanding_->setWordWrap(true);
    rows->addWidget(datasetStanding_);
    charge_ = new QCheckBox(box);
    charge_->setObjectName(QStringLiteral("releaseChargeDataset"));
    charge_->setToolTip(
        tr("Required for a new stream of a dataset that has spent already: its budget adds "
           "to the dataset's total"));
    charge_->hide();
    rows->addWidget(charge_);
    otherTable_ =
        new QCheckBox(tr("This is another table, not the one named above (not the same people)"), box);
    otherTable_->setObjectName(QStringLiteral("releaseOtherTable"));
    otherTable_->setToolTip(
        tr("Required when this table's file or first rows match a table released before under another "
           "dataset: if it is the same table, continue that stream or use that dataset's name instead"));
    otherTable_->hide();
    rows->addWidget(otherTable_);
    connect(otherTable_, &QCheckBox::toggled, this, &ReleaseConfirmDialog::updateTotal);
    connect(dataset_, &QLineEdit::textChanged, this, &ReleaseConfirmDialog::updateDataset);
    connect(charge_, &QCheckBox::toggled, this, &ReleaseConfirmDialog::updateTotal);
    box->setVisible(false);  // until setDataset
    return box;
}

void ReleaseConfirmDialog::setDataset(const QString& proposed, bool fixed, Standing standing) {
    standing_ = std::move(standing);
    dataset_->parentWidget()->setVisible(true);
    dataset_->setText(proposed);
    dataset_->setReadOnly(fixed);
    updateDataset();
}

QString ReleaseConfirmDialog::datasetName() const {
    return dataset_->parentWidget()->isHidden() ? QStringLiteral("-") : dataset_->text().trimmed();
}

bool ReleaseConfirmDialog::chargeConfirmed() const {
    return !charge_->isHidden() && charge_->isChecked();
}

bool ReleaseConfirmDialog::otherTableConfirmed() const {
    return !otherTable_->isHidden() && otherTable_->isChecked();
}

QString ReleaseConfirmDialog::datasetText() const {
    return datasetStanding_->text() + QLatin1Char('\n') +
           (charge_->isHidden() ? QString() : charge_->text()) +
           (otherTableConfirmed() ? QLatin1Char('\n') + otherTable_->text() : QString());
}

void ReleaseConfirmDialog::updateDataset() {
    std::optional<api::DatasetStanding> d;
    QString problem;
    if (standing_ && !dataset_->text().trimmed().isEmpty()) {
        try {
            d = standing_(dataset_->text().trimmed(), publishable());
        } catch (const std::exception& e) {
            problem = describeError(e);
        }
    }
    const auto text = [](const api::DatasetTotal& t) {
        return QString::fromStdString(api::datasetTotalText(t));
    };
    QStringList lines;
    if (!problem.isEmpty()) lines << problem;
    if (d && publishable().empty())  // nothing ticked: what the dataset has spent so far
        lines << (d->others.streams > 0
                      ? tr("This dataset has already spent %1; tick the series to publish to see its total "
                           "with this stream.")
                            .arg(text(d->others))
                      : tr("Tick the series to publish to see the dataset's total with this stream."));
    else if (d && d->others.streams > 0)
        lines
            << tr("<b>This dataset has already spent %1.</b> A new stream reads the same people, so its cost "
                  "adds up: with it the dataset's total becomes <b>%2</b>. To release new rows of a "
                  "released stream, cancel and continue its session instead (File ▸ Continue with new "
                  "rows…).")
                   .arg(text(d->others), text(d->total));
    else if (d)
        lines << tr("The dataset's total privacy loss with this stream: %1.").arg(text(d->total));
    if (d && d->maxTotalEpsilon)
        lines << tr("The dataset's limit: ε = %1 over all its streams.")
                     .arg(QString::fromStdString(api::roundedText(*d->maxTotalEpsilon)));
    if (d)
        for (const std::string& w : d->lookalikes)
            lines << tr("<b>Looks like a table released before:</b> %1")
                         .arg(QString::fromStdString(w).toHtmlEscaped());
    datasetStanding_->setText(lines.join(QStringLiteral("<br>")));
    // A new stream that looks like a table released under another dataset is refused unless
    // the steward says it is another table (a review of 2026-12-01; docs/privacy-models.md).
    const bool lookalike = d && !d->joined && !d->lookalikes.empty();
    otherTable_->setVisible(lookalike);
    if (!lookalike) otherTable_->setChecked(false);
    const bool needsCharge = d && !d->joined && d->others.streams > 0;
    charge_->setVisible(needsCharge);
    if (!needsCharge) charge_->setChecked(false);
    // With nothing ticked the total is not known yet (it was shown as if every series were published).
    if (d && publishable().empty())
        charge_->setText(tr("Charge this new stream to “%1” (tick the series to publish to see its total)")
                             .arg(QString::fromStdString(d->name)));
    else if (d)
        charge_->setText(tr("Charge this new stream to “%1” (its total becomes %2)")
                             .arg(QString::fromStdString(d->name), text(d->total)));
    updateTotal();
    // The dataset's lines came after the dialog was sized: grow so that nothing is squeezed.
    if (height() < sizeHint().height()) resize(width(), sizeHint().height());
}

}  // namespace streamsynth::ui
