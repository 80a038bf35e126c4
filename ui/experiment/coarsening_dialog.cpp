// CoarseningDialog: the proposal's preview and the steward's choice
// (coarsening_dialog.h).
#include "ui/experiment/coarsening_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>
#include <set>

#include "core/api/label_parents.h"
#include "ui/desk/window_views.h"
#include "ui/experiment/coarsening_text.h"
#include "ui/experiment/known_labels_dialog.h"

namespace streamsynth::ui {

namespace {

QLabel* previewLabel(QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->setWordWrap(true);  // long lines wrap: no sideways scrolling to read a verdict
    return label;
}

}  // namespace

CoarseningDialog::CoarseningDialog(const std::vector<api::AttributeCoarsening>& proposal,
                                   const data::Schema& schema, double share, Recompute recompute,
                                   QWidget* parent)
    : QDialog(parent), recompute_(std::move(recompute)) {
    setObjectName(QStringLiteral("coarseningDialog"));
    setWindowTitle(tr("Large attributes"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("At this ε and step size the noise drowns these attributes: in the releases they would look "
           "nearly evenly spread. Keeping only each attribute's most frequent labels (the rest become "
           "<other>) puts more rows in each cell. Which labels are kept is chosen once, with a small part "
           "of the budget, before the first step; the rest of the budget goes to the steps as usual. "
           "Labels you know to be public (Known labels…) and a public grouping of the labels (Parents…) "
           "cost nothing. Merging neighbouring bins of a number or date column costs nothing too; a merge "
           "is ticked where it makes the column supported."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    rowsSource_ = new QLabel(tr("These figures use the private rows per step: for you only."), this);
    rowsSource_->setObjectName(QStringLiteral("rowsSource"));
    rowsSource_->setWordWrap(true);
    layout->addWidget(rowsSource_);
    auto* scroll = new QScrollArea(this);
    preview_ = previewLabel(scroll);
    showPreview(proposal);
    scroll->setWidget(preview_);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    layout->addWidget(scroll, 1);

    auto* grid = new QGridLayout();
    for (const api::AttributeCoarsening& a : proposal) {
        addRow(this, a, schema);
        const Row& row = rows_.back();
        const int r = static_cast<int>(rows_.size()) - 1;
        grid->addWidget(row.accept, r, 0);
        grid->addWidget(row.keep, r, 1);
        grid->addWidget(row.knownButton, r, 2);
        grid->addWidget(row.parentsButton, r, 3);
        grid->addWidget(row.knownNote, r, 4);
    }
    const int r = static_cast<int>(rows_.size());
    share_ = new QDoubleSpinBox(this);
    share_->setRange(0.01, 0.5);
    share_->setSingleStep(0.01);
    share_->setDecimals(2);
    share_->setValue(share);
    share_->setToolTip(
        tr("The share of each series' budget the DP choice of the kept labels spends (the CLI's "
           "--coarsen-share). Not spent when every accepted attribute keeps public labels."));
    grid->addWidget(new QLabel(tr("Share of the budget for the choice:"), this), r, 0);
    grid->addWidget(share_, r, 1);
    grid->setColumnStretch(5, 1);
    layout->addLayout(grid);
    cost_ = new QLabel(this);
    cost_->setWordWrap(true);
    layout->addWidget(cost_);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(box, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(box);
    connect(share_, &QDoubleSpinBox::valueChanged, this, &CoarseningDialog::refresh);
    for (const Row& row : rows_) connect(row.accept, &QCheckBox::toggled, this, &CoarseningDialog::refresh);
    updateInputs();  // the proposal shown is the one for `share` and no public labels
    resize(1000, 600);
}

void CoarseningDialog::addRow(QWidget* parent, const api::AttributeCoarsening& a,
                              const data::Schema& schema) {
    Row row;
    row.attribute = QString::fromStdString(a.attribute);
    const int index = schema.indexOf(a.attribute);
    if (index >= 0)
        for (const std::string& label : schema.attributes[static_cast<std::size_t>(index)].labels)
            row.domain << QString::fromStdString(label);
    row.numeric = a.numeric;
    // Counted as the import dialog's domain grid counts codes: the labels and, where the column has
    // empty values, their own code (movies' Director: 550 labels and missing = 551 codes).
    const bool missing = index >= 0 && schema.attributes[static_cast<std::size_t>(index)].missingCategory;
    const QString labels =
        missing ? tr("%1 labels and missing").arg(a.labels) : tr("%1 labels").arg(a.labels);
    row.accept = new QCheckBox(a.numeric ? tr("Merge the %2 bins of %1 into").arg(row.attribute).arg(a.labels)
                                         : tr("Coarsen %1 (%2), keeping").arg(row.attribute, labels),
                               parent);
    row.accept->setChecked(a.numeric ? api::mergePays(a) : a.proposedKeep > 0);  // merges only where they pay
    row.keep = new QSpinBox(parent);
    row.keep->setRange(1, std::max(1, a.labels - 1));
    row.keep->setValue(std::max(1, a.proposedKeep));
    row.keep->setSuffix(a.numeric ? tr(" bins (public edges)") : tr(" labels + <other>"));
    row.keep->setEnabled(row.accept->isChecked());
    row.knownButton = new QPushButton(tr("Known labels…"), parent);
    row.knownButton->setToolTip(
        tr("Tick labels you know to be public: they are kept instead of the DP choice, at no charge."));
    row.knownButton->setVisible(!a.numeric);  // a numeric attribute's bins are merged, not chosen
    row.parentsButton = new QPushButton(tr("Parents…"), parent);
    row.parentsButton->setToolTip(
        tr("Read a public hierarchy (a CSV file of label,parent lines) you confirm: each label becomes "
           "its parent, labels without a parent become <other>. No budget spent."));
    row.parentsButton->setVisible(!a.numeric);
    row.knownNote = new QLabel(parent);
    const QString attribute = row.attribute;
    connect(row.knownButton, &QPushButton::clicked, this, [this, attribute] { chooseKnown(attribute); });
    connect(row.parentsButton, &QPushButton::clicked, this, [this, attribute] { chooseParents(attribute); });
    rows_ << row;
}

void CoarseningDialog::chooseKnown(const QString& attribute) {
    const Row* row = rowOf(attribute);
    if (!row) return;
    KnownLabelsDialog dialog(attribute, row->domain, row->known, this);
    if (dialog.exec() == QDialog::Accepted) setKnownLabels(attribute, dialog.checkedLabels());
}

void CoarseningDialog::setKnownLabels(const QString& attribute, const QStringList& labels) {
    Row* row = rowOf(attribute);
    if (!row) return;
    row->known = labels;
    if (!labels.isEmpty()) row->parents.clear();  // one public form per attribute
    row->knownNote->setText(labels.isEmpty() ? QString()
                                             : tr("Public labels: %1 (no budget spent)").arg(labels.size()));
    if (!labels.isEmpty()) {
        const QSignalBlocker block(row->accept);
        row->accept->setChecked(true);
    }
    refresh();
}

void CoarseningDialog::chooseParents(const QString& attribute) {
    // The format where the file is chosen: a bare file dialog gave no hint of it (issue 46, 8).
    QFileDialog dialog(this, tr("Parents of %1: a CSV file of label,parent lines").arg(attribute),
                       lastFolder(), tr("Hierarchy (label,parent CSV) (*.csv *.txt);;All files (*)"));
    dialog.setObjectName(QStringLiteral("parentsFileDialog"));
    dialog.setOption(QFileDialog::DontUseNativeDialog);  // its own labels show the format
    dialog.setLabelText(QFileDialog::FileType, tr("Format:"));
    dialog.setToolTip(tr("One line per label of %1: label,parent (an optional first line label,parent; "
                         "quotes as in any CSV). The parents become the attribute's labels, labels without a "
                         "line become <other>; no budget is spent, because the hierarchy is public.")
                          .arg(attribute));
    dialog.setFileMode(QFileDialog::ExistingFile);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) return;
    const QString file = dialog.selectedFiles().constFirst();
    rememberFolder(file);
    try {
        setParents(attribute, api::readLabelParents(file.toStdString()), QFileInfo(file).fileName());
    } catch (const std::exception& e) {
        QMessageBox::warning(
            this, tr("Parents of %1").arg(attribute),
            tr("%1\n\nThe file needs one line per label: label,parent.").arg(QString::fromUtf8(e.what())));
    }
}

void CoarseningDialog::setParents(const QString& attribute,
                                  const std::vector<std::pair<std::string, std::string>>& parents,
                                  const QString& source) {
    Row* row = rowOf(attribute);
    if (!row) return;
    row->parents = parents;
    if (!parents.empty()) row->known.clear();  // one public form per attribute
    std::set<std::string> distinct;
    for (const auto& p : parents) distinct.insert(p.second);
    row->knownNote->setText(parents.empty() ? QString()
                                            : tr("Parents from %1: %2 labels to %3 parents (no budget spent)")
                                                  .arg(source)
                                                  .arg(parents.size())
                                                  .arg(distinct.size()));
    if (!parents.empty()) {
        const QSignalBlocker block(row->accept);
        row->accept->setChecked(true);
    }
    refresh();
}

api::CoarseningRequest CoarseningDialog::request() const {
    api::CoarseningRequest out;
    out.share = share_->value();
    for (const Row& row : rows_) {
        if (!row.accept->isChecked()) continue;
        if (row.numeric) {
            out.merges.push_back({row.attribute.toStdString(), row.keep->value()});
            continue;
        }
        if (!row.parents.empty()) {
            out.parents.push_back({row.attribute.toStdString(), row.parents});
            continue;
        }
        if (row.known.isEmpty()) {
            out.choices.push_back({row.attribute.toStdString(), row.keep->value()});
            continue;
        }
        api::KnownLabels k{row.attribute.toStdString(), {}};
        for (const QString& label : row.known) k.labels.push_back(label.toStdString());
        out.known.push_back(std::move(k));
    }
    return out;
}

std::vector<api::CoarsenChoice> CoarseningDialog::choices() const {
    return request().choices;
}

double CoarseningDialog::share() const {
    return share_->value();
}

void CoarseningDialog::setPublicRowsPerStep(double rows) {
    publicRows_ = rows;
    setStepWord(stepWord_);
}

QString CoarseningDialog::rowsSourceText() const {
    return rowsSource_->text();
}

void CoarseningDialog::setStepWord(const QString& word) {
    stepWord_ = word;
    const QString step = word.isEmpty() ? tr("step") : word;
    if (publicRows_ > 0)
        rowsSource_->setText(
            tr("These figures use %1 rows per %2, given as public knowledge: the table's own "
               "counts are not read.")
                .arg(QLocale().toString(qRound64(publicRows_)), step));
    showPreview(std::vector<api::AttributeCoarsening>(shown_));
}

void CoarseningDialog::showPreview(const std::vector<api::AttributeCoarsening>& proposal) {
    shown_ = proposal;
    preview_->setText(coarseningPreviewText(proposal, stepWord_).join(QLatin1Char('\n')));
}

// The spin boxes and the share follow the choice; the cost line says what is spent.
api::CoarseningRequest CoarseningDialog::updateInputs() {
    const api::CoarseningRequest req = request();
    for (Row& row : rows_)
        row.keep->setEnabled(row.accept->isChecked() && row.known.isEmpty() && row.parents.empty());
    share_->setEnabled(!req.choices.empty());
    QStringList dp;
    for (const api::CoarsenChoice& c : req.choices) dp << QString::fromStdString(c.attribute);
    cost_->setText(req.choices.empty()
                       ? tr("Nothing is chosen by DP: no budget is spent on the kept labels.")
                       : tr("The DP choice of the kept labels of %1 spends %2 of each series' budget once, "
                            "before step 1; the figures above are for this share.")
                             .arg(dp.join(QStringLiteral(", ")))
                             .arg(req.share));
    return req;
}

// The inputs changed: the figures are those of this share and these public labels.
void CoarseningDialog::refresh() {
    const api::CoarseningRequest req = updateInputs();
    if (!recompute_) return;
    try {
        showPreview(recompute_(api::spentShare(req), req.known, req.parents));
    } catch (const std::exception& e) {
        cost_->setText(QString::fromUtf8(e.what()));
    }
}

CoarseningDialog::Row* CoarseningDialog::rowOf(const QString& attribute) {
    for (Row& row : rows_)
        if (row.attribute == attribute) return &row;
    return nullptr;
}

const CoarseningDialog::Row* CoarseningDialog::rowOf(const QString& attribute) const {
    for (const Row& row : rows_)
        if (row.attribute == attribute) return &row;
    return nullptr;
}

QString CoarseningDialog::previewText() const {
    return preview_->text();
}

QString CoarseningDialog::costText() const {
    return cost_->text();
}

QCheckBox* CoarseningDialog::acceptCheck(const QString& attribute) const {
    const Row* row = rowOf(attribute);
    return row ? row->accept : nullptr;
}

QSpinBox* CoarseningDialog::keepSpin(const QString& attribute) const {
    const Row* row = rowOf(attribute);
    return row ? row->keep : nullptr;
}

QPushButton* CoarseningDialog::parentsButton(const QString& attribute) const {
    const Row* row = rowOf(attribute);
    return row ? row->parentsButton : nullptr;
}

QString CoarseningDialog::noteText(const QString& attribute) const {
    const Row* row = rowOf(attribute);
    return row ? row->knownNote->text() : QString();
}

QPushButton* CoarseningDialog::knownButton(const QString& attribute) const {
    const Row* row = rowOf(attribute);
    return row ? row->knownButton : nullptr;
}

}  // namespace streamsynth::ui
