// CoarseningDialog: the proposal's preview and the steward's choice
// (coarsening_dialog.h).
#include "ui/experiment/coarsening_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

namespace streamsynth::ui {

namespace {

QLabel* previewLabel(const std::vector<api::AttributeCoarsening>& proposal, QWidget* parent) {
    QStringList lines;
    for (const std::string& line : api::coarseningPreview(proposal)) lines << QString::fromStdString(line);
    auto* label = new QLabel(lines.join(QLatin1Char('\n')), parent);
    label->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    return label;
}

}  // namespace

CoarseningDialog::CoarseningDialog(const std::vector<api::AttributeCoarsening>& proposal, double share,
                                   QWidget* parent)
    : QDialog(parent) {
    setWindowTitle(tr("Large attributes"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("The noise drowns these attributes at this ε and period: their releases would stay close to a "
           "uniform column. Keeping their m most frequent labels (the rest become <other>) gives each cell "
           "more rows. The kept labels are chosen by a DP top-m selection charged once for the whole "
           "stream before step 1; the streamers spend the rest of the budget at every step. Figures "
           "computed from the private rows per step: for you only."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* scroll = new QScrollArea(this);
    preview_ = previewLabel(proposal, scroll);
    scroll->setWidget(preview_);
    scroll->setWidgetResizable(true);
    layout->addWidget(scroll, 1);

    auto* grid = new QGridLayout();
    int r = 0;
    for (const api::AttributeCoarsening& a : proposal) {
        Row row;
        row.attribute = QString::fromStdString(a.attribute);
        row.accept =
            new QCheckBox(tr("Coarsen %1 (%2 labels), keeping").arg(row.attribute).arg(a.labels), this);
        row.accept->setChecked(a.proposedKeep > 0);
        row.keep = new QSpinBox(this);
        row.keep->setRange(1, std::max(1, a.labels - 1));
        row.keep->setValue(std::max(1, a.proposedKeep));
        row.keep->setSuffix(tr(" labels + <other>"));
        row.keep->setEnabled(row.accept->isChecked());
        connect(row.accept, &QCheckBox::toggled, row.keep, &QWidget::setEnabled);
        grid->addWidget(row.accept, r, 0);
        grid->addWidget(row.keep, r, 1);
        ++r;
        rows_ << row;
    }
    share_ = new QDoubleSpinBox(this);
    share_->setRange(0.01, 0.5);
    share_->setSingleStep(0.01);
    share_->setDecimals(2);
    share_->setValue(share);
    share_->setToolTip(
        tr("The share of each series' budget the DP choice of the kept labels spends (the "
           "CLI's --coarsen-share). The figures above are for the share this dialog "
           "opened with."));
    grid->addWidget(new QLabel(tr("Share of the budget for the choice:"), this), r, 0);
    grid->addWidget(share_, r, 1);
    grid->setColumnStretch(2, 1);
    layout->addLayout(grid);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(box);
    resize(900, 560);
}

std::vector<api::CoarsenChoice> CoarseningDialog::choices() const {
    std::vector<api::CoarsenChoice> out;
    for (const Row& row : rows_)
        if (row.accept->isChecked()) out.push_back({row.attribute.toStdString(), row.keep->value()});
    return out;
}

double CoarseningDialog::share() const {
    return share_->value();
}

QString CoarseningDialog::previewText() const {
    return preview_->text();
}

QCheckBox* CoarseningDialog::acceptCheck(const QString& attribute) const {
    for (const Row& row : rows_)
        if (row.attribute == attribute) return row.accept;
    return nullptr;
}

QSpinBox* CoarseningDialog::keepSpin(const QString& attribute) const {
    for (const Row& row : rows_)
        if (row.attribute == attribute) return row.keep;
    return nullptr;
}

}  // namespace streamsynth::ui
