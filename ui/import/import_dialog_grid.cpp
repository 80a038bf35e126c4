// ImportDialog's domain grid: the domain box (proposal and schema-file buttons, the column grid, the
// derived-domain warning and its confirmation), the grid filled from a data::Schema and read back into
// one, the proposal from the data and a schema file loaded.
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/api/workbench.h"
#include "ui/import/import_dialog.h"
#include "ui/import/table_preview_model.h"
#include "ui/import/unit_chooser.h"
#include "ui/widgets/error_text.h"
#include "ui/widgets/readable_headers.h"
#include "ui/widgets/tones.h"

namespace streamsynth::ui {

namespace {

enum EditorColumn { kName, kRole, kKind, kCodes, kBins, kLower, kUpper, kEditorColumns };

}  // namespace

// The domain editor: proposal and schema-file buttons, the column grid, the "derived from the data" warning
// and the confirmation that the domain is public.
QWidget* ImportDialog::makeSchemaBox(QWidget* parent) {
    auto* schemaBox = new QGroupBox(tr("Domain (public categories, bounds and bins)"), parent);
    auto* schemaLayout = new QVBoxLayout(schemaBox);
    auto* schemaBar = new QHBoxLayout();
    schemaBar->addWidget(new QLabel(tr("Bins for numeric columns:"), schemaBox));
    defaultBins_ = new QSpinBox(schemaBox);
    defaultBins_->setObjectName(QStringLiteral("defaultBins"));
    defaultBins_->setRange(1, 1000);
    defaultBins_->setValue(10);
    defaultBins_->setToolTip(
        tr("Number of equal-width bins proposed for each numeric column (each can be changed "
           "in its row)."));
    schemaBar->addWidget(defaultBins_);
    auto* reproposeButton = new QPushButton(tr("Propose from the data"), schemaBox);
    reproposeButton->setObjectName(QStringLiteral("propose"));
    reproposeButton->setToolTip(
        tr("Propose categories, round bounds and bins from this table again (edits are lost)."));
    connect(reproposeButton, &QPushButton::clicked, this, &ImportDialog::propose);
    schemaBar->addWidget(reproposeButton);
    auto* loadButton = new QPushButton(tr("Load schema file…"), schemaBox);
    loadButton->setToolTip(tr("Use a public schema (JSON) instead of a domain derived from the data."));
    connect(loadButton, &QPushButton::clicked, this, &ImportDialog::loadSchemaFile);
    schemaBar->addWidget(loadButton);
    schemaBar->addStretch(1);
    schemaLayout->addLayout(schemaBar);

    columns_ = new QTableWidget(0, kEditorColumns, schemaBox);
    columns_->setObjectName(QStringLiteral("importColumns"));
    columns_->setHorizontalHeaderLabels(
        {tr("Column"), tr("Role"), tr("Kind"), tr("Codes"), tr("Bins"), tr("Lower"), tr("Upper")});
    columns_->horizontalHeader()->setSectionResizeMode(kCodes, QHeaderView::Stretch);
    columns_->verticalHeader()->hide();
    // One line per attribute (codes elided, whole in the tooltip): more attributes in view.
    columns_->setWordWrap(false);
    columns_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    columns_->verticalHeader()->setDefaultSectionSize(QSpinBox().sizeHint().height() + 2);
    keepHeadersReadable(columns_);
    columns_->setToolTip(
        tr("Each column of the file: its role (attribute, time or ignored), kind and codes; numeric "
           "columns have bins between a lower and an upper bound."));
    schemaLayout->addWidget(columns_);
    schemaLayout->addWidget(makeDomainNote(schemaBox));
    return schemaBox;
}

// Where the domain's origin is stated: the warning and the confirmation for a domain derived from the data,
// or a note for a schema file, in one stack that keeps the taller one's height (nothing below moves).
QWidget* ImportDialog::makeDomainNote(QWidget* parent) {
    domainNote_ = new QStackedWidget(parent);
    domainNote_->setObjectName(QStringLiteral("importDomainNote"));
    auto* derived = new QWidget(domainNote_);
    auto* derivedLayout = new QVBoxLayout(derived);
    derivedLayout->setContentsMargins(0, 0, 0, 0);
    warning_ = new QLabel(derived);
    warning_->setWordWrap(true);
    warning_->setStyleSheet(toneStyle(Tone::Caution, this, true));
    warningText_ =
        tr("⚠ This domain is derived from the data: its categories and bounds reveal private values. "
           "Numeric bounds are rounded out to 1, 2 or 5 × 10^k, but still follow the data's range: type "
           "public bounds if you know them. Confirm only if these categories and bounds are public "
           "knowledge; otherwise load a schema file.");
    warning_->setText(warningText_);
    derivedLayout->addWidget(warning_);
    publicCheck_ = new QCheckBox(
        tr("I confirm that these categories, bounds and bins are public knowledge, and so is the "
           "data's earliest date when no public start is typed"),
        derived);
    publicCheck_->setToolTip(
        tr("Required for a domain derived from the data (SPEC §1): a release may reveal every "
           "category and bound of the domain."));
    connect(publicCheck_, &QCheckBox::toggled, this, &ImportDialog::updateState);
    derivedLayout->addWidget(publicCheck_);
    derivedLayout->addStretch(1);
    domainNote_->addWidget(derived);
    auto* fromFile =
        new QLabel(tr("This domain comes from a schema file (or was confirmed before): it is public, "
                      "no confirmation is needed."),
                   domainNote_);
    fromFile->setWordWrap(true);
    fromFile->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    domainNote_->addWidget(fromFile);
    return domainNote_;
}

void ImportDialog::propose() {
    try {
        base_ = api::withRoundBounds(workbench_.proposedSchema(defaultBins_->value()));
        fromFile_ = false;
        fillEditor(base_);
        publicCheck_->setChecked(false);
    } catch (const std::exception& e) {
        showProblem(describeError(e));
    }
    updateState();
}

void ImportDialog::fillEditor(const data::Schema& schema) {
    base_ = schema;
    columns_->setRowCount(0);
    // One row per file column: the schema's attributes, then columns it leaves out.
    QStringList names;
    for (int c = 0; c < workbench_.previewColumnCount(); ++c)
        names << QString::fromStdString(workbench_.previewHeader(c));
    for (const data::AttributeSpec& a : schema.attributes)
        if (!names.contains(QString::fromStdString(a.name))) names << QString::fromStdString(a.name);
    columns_->setRowCount(static_cast<int>(names.size()));
    for (int row = 0; row < names.size(); ++row) {
        const int index = schema.indexOf(names[row].toStdString());
        columns_->setItem(row, kName, new QTableWidgetItem(names[row]));
        columns_->item(row, kName)->setFlags(Qt::ItemIsEnabled);
        auto* role = new QComboBox(columns_);
        role->addItems({tr("attribute"), tr("time"), tr("ignore")});
        role->setToolTip(
            tr("attribute: part of the released table; time: the column that forms the steps; "
               "ignore: left out"));
        role->setCurrentIndex(index >= 0 ? Attribute : Ignore);
        if (index < 0) role->setItemData(Attribute, 0, Qt::UserRole - 1);  // no proposal to use as attribute
        columns_->setCellWidget(row, kRole, role);
        const QString name = names[row];
        connect(role, &QComboBox::currentIndexChanged, this, [this, name](int index) {
            if (index == Time) setRole(name, Time);  // keeps the time-step settings in step with the grid
            updateState();
        });
        if (index < 0) {
            auto* item =
                new QTableWidgetItem(tr("(left out of the proposal: too many distinct values or empty)"));
            item->setFlags(Qt::ItemIsEnabled);
            columns_->setItem(row, kCodes, item);
            continue;
        }
        const data::AttributeSpec& a = schema.attributes[static_cast<std::size_t>(index)];
        columns_->setItem(row, kKind,
                          new QTableWidgetItem(QString::fromStdString(data::attributeKindToString(a))));
        QStringList labels;
        for (int code = 0; code < std::min(a.domainSize(), 12); ++code)
            labels << QString::fromStdString(a.label(code));
        if (a.domainSize() > 12) labels << QStringLiteral("…");
        columns_->setItem(
            row, kCodes,
            new QTableWidgetItem(tr("%1: %2").arg(a.domainSize()).arg(labels.join(QStringLiteral(", ")))));
        for (int c : {kKind, kCodes}) columns_->item(row, c)->setFlags(Qt::ItemIsEnabled);
        columns_->item(row, kCodes)->setToolTip(columns_->item(row, kCodes)->text());  // elided in the cell
        if (a.kind == data::AttributeKind::Numeric && a.edges.empty()) {
            auto* bins = new QSpinBox(columns_);
            bins->setRange(1, 10000);
            bins->setValue(a.bins);
            columns_->setCellWidget(row, kBins, bins);
            auto* lower = new QDoubleSpinBox(columns_);
            auto* upper = new QDoubleSpinBox(columns_);
            for (QDoubleSpinBox* box : {lower, upper}) {
                box->setRange(-1e15, 1e15);
                box->setDecimals(4);
            }
            const bool whole = a.lower == std::floor(a.lower) && a.upper == std::floor(a.upper);
            for (QDoubleSpinBox* box : {lower, upper}) {
                box->setDecimals(whole ? 0 : 4);
                box->setGroupSeparatorShown(true);
                box->setToolTip(fromFile_
                                    ? tr("From the schema file.")
                                    : tr("Rounded out from the data's range to 1, 2 or 5 × 10^k: type public "
                                         "bounds if you know them (values outside them are an error)."));
            }
            bins->setToolTip(tr("Equal-width bins between the bounds."));
            lower->setValue(a.lower);
            upper->setValue(a.upper);
            columns_->setCellWidget(row, kLower, lower);
            columns_->setCellWidget(row, kUpper, upper);
        }
    }
    fixColumnWidths();
}

// Column widths that follow the column names and the editors' ranges, never the values: a new proposal, a
// schema file or a changed role leaves every column where it was.
void ImportDialog::fixColumnWidths() {
    QHeaderView* header = columns_->horizontalHeader();
    columns_->resizeColumnToContents(kName);
    QComboBox role;
    role.addItems({tr("attribute"), tr("time"), tr("ignore")});
    QSpinBox bins;
    bins.setRange(1, 10000);
    QDoubleSpinBox bound;
    bound.setRange(-1e15, 1e15);
    bound.setDecimals(4);
    bound.setGroupSeparatorShown(true);
    int kind = 0;
    for (data::AttributeKind k :
         {data::AttributeKind::Categorical, data::AttributeKind::Numeric, data::AttributeKind::IntegerCode})
        kind = std::max(kind, columns_->fontMetrics().horizontalAdvance(
                                  QString::fromStdString(data::attributeKindToString(k))) +
                                  12);
    const std::pair<int, int> widths[] = {{kRole, role.sizeHint().width()},
                                          {kKind, kind},
                                          {kBins, bins.sizeHint().width()},
                                          {kLower, bound.sizeHint().width()},
                                          {kUpper, bound.sizeHint().width()}};
    for (const auto& [column, width] : widths)
        columns_->setColumnWidth(column, std::max(width, header->sectionSizeHint(column)));
    header->setSectionResizeMode(kCodes, QHeaderView::Stretch);
}

// The time column's codes are its bins as an attribute, which it is not: its row says what it
// does instead (a GUI walkthrough of 2026-12-01 read yearly codes under a monthly stream).
void ImportDialog::showTimeColumnCodes() {
    const bool byTime = byTime_->isChecked();
    for (int row = 0; row < columns_->rowCount(); ++row) {
        const auto* role = qobject_cast<QComboBox*>(columns_->cellWidget(row, kRole));
        QTableWidgetItem* codes = columns_->item(row, kCodes);
        if (!role || !codes) continue;
        if (!codes->data(Qt::UserRole).isValid()) codes->setData(Qt::UserRole, codes->text());
        const bool time = byTime && role->currentIndex() == Time;
        const QString text = time ? tr("the time column: it forms the steps (Time steps, below)")
                                  : codes->data(Qt::UserRole).toString();
        if (codes->text() != text) {
            codes->setText(text);
            codes->setToolTip(text);
        }
    }
}

void ImportDialog::setRole(const QString& column, Role role) {
    for (int row = 0; row < columns_->rowCount(); ++row) {
        auto* box = qobject_cast<QComboBox*>(columns_->cellWidget(row, kRole));
        if (!box) continue;
        if (columns_->item(row, kName)->text() == column) {
            box->setCurrentIndex(role);
        } else if (role == Time && box->currentIndex() == Time) {
            box->setCurrentIndex(Ignore);  // one time column only
        }
    }
    if (role == Time) {
        byTime_->setChecked(true);
        timeColumn_->setCurrentText(column);
    }
    updateState();
}

data::Schema ImportDialog::editedSchema() const {
    data::Schema out;
    out.derivedFromData = false;  // the user confirms it as public (or it came from a file)
    for (int row = 0; row < columns_->rowCount(); ++row) {
        const auto* role = qobject_cast<QComboBox*>(columns_->cellWidget(row, kRole));
        if (!role || role->currentIndex() != Attribute) continue;
        const int index = base_.indexOf(columns_->item(row, kName)->text().toStdString());
        if (index < 0) continue;
        data::AttributeSpec spec = base_.attributes[static_cast<std::size_t>(index)];
        if (const auto* bins = qobject_cast<QSpinBox*>(columns_->cellWidget(row, kBins)))
            spec.bins = bins->value();
        if (const auto* lower = qobject_cast<QDoubleSpinBox*>(columns_->cellWidget(row, kLower)))
            spec.lower = lower->value();
        if (const auto* upper = qobject_cast<QDoubleSpinBox*>(columns_->cellWidget(row, kUpper)))
            spec.upper = upper->value();
        out.attributes.push_back(std::move(spec));
    }
    out.stream = streamSettings();
    return out;
}

void ImportDialog::loadSchemaFile() {
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Load schema"), QFileInfo(path_).absolutePath(), tr("Schema files (*.json);;All files (*)"));
    if (file.isEmpty()) return;
    problems_->clear();
    try {
        api::OpenOptions options;
        options.schemaPath = file.toStdString();
        workbench_.open(path_.toStdString(), options);
        previewModel_->reload();
        showWorkbenchSchema();
    } catch (const std::exception& e) {
        showProblem(describeError(e));
    }
    updateState();
}

void ImportDialog::suggestUnitColumn() {
    QString firstIgnored;
    bool current = false;  // the chooser's column is already neither time nor attribute
    for (int row = 0; row < columns_->rowCount(); ++row) {
        auto* box = qobject_cast<QComboBox*>(columns_->cellWidget(row, kRole));
        const QString name = columns_->item(row, kName)->text();
        const bool time = byTime_->isChecked() && name == timeColumn_->currentText();
        const bool free = box && box->currentIndex() == Ignore && !time;
        if (free && firstIgnored.isEmpty()) firstIgnored = name;
        if (free && name == unit_->column()) current = true;
    }
    if (!current && !firstIgnored.isEmpty()) unit_->setColumn(firstIgnored);
}

ImportDialog::Role ImportDialog::roleOf(const QString& column) const {
    for (int row = 0; row < columns_->rowCount(); ++row)
        if (columns_->item(row, kName)->text() == column)
            if (const auto* box = qobject_cast<QComboBox*>(columns_->cellWidget(row, kRole)))
                return static_cast<Role>(box->currentIndex());
    return Ignore;
}

// The unit's key column leaves the attributes (a key is never released); a
// column it leaves gets its role back, so trying keys or going back to each
// row loses no attribute (a GUI review of 2026-12-01 lost "ward" that way).
// The time column is left as it is: Check says why it cannot be the key.
void ImportDialog::followUnitColumn() {
    const QString column = unit_->column();
    if (column == unitKey_) return;
    if (!unitKey_.isEmpty() && roleOf(unitKey_) == Ignore && unitKeyRole_ == Attribute)
        setRole(unitKey_, Attribute);
    unitKey_.clear();
    const bool time = byTime_->isChecked() && column == timeColumn_->currentText();
    if (column.isEmpty() || time) return;
    unitKey_ = column;
    unitKeyRole_ = roleOf(column);
    if (unitKeyRole_ != Attribute) return;
    setRole(column, Ignore);
    showProblem(tr("%1 is the key of the privacy unit now, so it is no longer an attribute (a key is never "
                   "released); choosing another key or each row gives it back.")
                    .arg(column));
}

QString ImportDialog::unitStepProblem() const {
    if (!unit_->unit() || !byBatch_->isChecked()) return {};
    return tr(
        "Protecting each person or unit needs steps by a time column: with batches, adding or removing one "
        "person's rows would move every later batch boundary, so no bound on their rows would hold. "
        "Choose \"By a time column\", or protect each row.");
}

void ImportDialog::showWorkbenchSchema() {
    fromFile_ = true;
    fillEditor(workbench_.schema());
    const data::StreamSettings& settings = workbench_.streamSettings();
    if (settings.time) {
        setRole(QString::fromStdString(settings.time->column), Time);  // the grid shows it as the time column
        const int unit = period_->findData(static_cast<int>(settings.time->unit));
        if (unit >= 0) period_->setCurrentIndex(unit);
        periodCount_->setValue(settings.time->count);
        timeFormat_->setText(QString::fromStdString(settings.time->format));
        start_->setText(QString::fromStdString(settings.time->start));
        end_->setText(QString::fromStdString(settings.time->end));
    } else if (settings.batch) {
        setBatch(settings.batch->size, settings.batch->order == data::BatchOrder::Random);
    }
    unit_->setUnit(settings.unit);
}

}  // namespace streamsynth::ui
