// ImportDialog: builds the editor from a data::Schema, turns the edits back
// into a Schema, and confirms it through the Workbench.
#include "ui/import/import_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QScreen>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/api/noise_hint.h"
#include "core/api/plain_privacy.h"
#include "core/api/workbench.h"
#include "core/values/error.h"
#include "ui/experiment/privacy_words.h"
#include "ui/import/stream_text.h"
#include "ui/import/table_preview_model.h"
#include "ui/widgets/error_text.h"
#include "ui/widgets/readable_headers.h"
#include "ui/widgets/tones.h"
#include "ui/window/problem_text.h"

namespace streamsynth::ui {

namespace {

enum EditorColumn { kName, kRole, kKind, kCodes, kBins, kLower, kUpper, kEditorColumns };

// A period is proposed when its steps hold this many rows (median): with ε = 1 and k = 5 the
// noise std of a measured count is about 14 rows (api::countNoiseStd), 14% of 100 rows.
constexpr long long kProposedRowsPerStep = 100;

const std::pair<data::PeriodUnit, const char*> kPeriods[] = {
    {data::PeriodUnit::Day, QT_TRANSLATE_NOOP("streamsynth::ui::ImportDialog", "day")},
    {data::PeriodUnit::Week, QT_TRANSLATE_NOOP("streamsynth::ui::ImportDialog", "week")},
    {data::PeriodUnit::TwoWeeks, QT_TRANSLATE_NOOP("streamsynth::ui::ImportDialog", "two weeks")},
    {data::PeriodUnit::Month, QT_TRANSLATE_NOOP("streamsynth::ui::ImportDialog", "month")},
    {data::PeriodUnit::Quarter, QT_TRANSLATE_NOOP("streamsynth::ui::ImportDialog", "quarter")},
    {data::PeriodUnit::Year, QT_TRANSLATE_NOOP("streamsynth::ui::ImportDialog", "year")},
    {data::PeriodUnit::Units, QT_TRANSLATE_NOOP("streamsynth::ui::ImportDialog", "units (integer time)")}};

}  // namespace

ImportDialog::ImportDialog(api::Workbench& workbench, const QString& path, QWidget* parent)
    : QDialog(parent), workbench_(workbench), path_(path) {
    setObjectName(QStringLiteral("importDialog"));
    setWindowTitle(tr("Import %1").arg(QFileInfo(path).fileName()));
    auto* layout = new QVBoxLayout(this);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(makePreview(splitter));
    splitter->addWidget(makeSchemaBox(splitter));
    // The domain grid is what the steward edits and confirms: it gets most of the height (at 1280x800 a
    // dozen attributes' rows, not three); the preview a few rows of the table (issue 46, 2).
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({110, 640});
    splitter_ = splitter;
    layout->addWidget(splitter, 1);
    layout->addWidget(makeStepsBox());
    layout->addWidget(makeFindings());
    layout->addWidget(makeButtons());
    connectStepControls();
    if (workbench_.hasConfirmedSchema()) {
        showWorkbenchSchema();
    } else {
        propose();
        proposeTime();
    }
    // Within the screen (a 1024x700 one included), title bar and frame left room.
    const QScreen* screen = parent ? parent->screen() : QGuiApplication::primaryScreen();
    const QRect room = screen ? screen->availableGeometry() : QRect(0, 0, 1024, 700);
    resize(std::min(1000, room.width() - 24), std::min(760, room.height() - 48));
    updateState();
}

QWidget* ImportDialog::makePreview(QWidget* parent) {
    previewModel_ = new TablePreviewModel(workbench_, this);
    preview_ = new QTableView(parent);
    preview_->setObjectName(QStringLiteral("importPreview"));
    preview_->setModel(previewModel_);
    preview_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    preview_->setWordWrap(false);
    preview_->verticalHeader()->setDefaultSectionSize(preview_->fontMetrics().height() + 6);
    keepHeadersReadable(preview_);
    return preview_;
}

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

// What the proposal and the last check found, in a box of fixed height: filling it moves nothing.
QWidget* ImportDialog::makeFindings() {
    problems_ = new QListWidget(this);
    problems_->setObjectName(QStringLiteral("importFindings"));
    problems_->setWordWrap(true);  // long notes wrap instead of running off to the right
    problems_->setToolTip(tr("What the proposal and the last check found in the data"));
    problems_->setFixedHeight(4 * problems_->fontMetrics().lineSpacing() + 2 * problems_->frameWidth() + 8);
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(problems_);
    coarseningNote_ = new QLabel(box);  // the Large attributes choice set up here
    coarseningNote_->setObjectName(QStringLiteral("importCoarseningNote"));
    coarseningNote_->setWordWrap(true);
    coarseningNote_->hide();
    layout->addWidget(coarseningNote_);
    return box;
}

// How rows become steps: by a time column (period, format, public start and end) or in batches, and the
// expected-noise hint.
QWidget* ImportDialog::makeStepsBox() {
    auto* stepsBox = new QGroupBox(tr("Time steps"), this);
    auto* stepsLayout = new QFormLayout(stepsBox);
    stepsBox->setObjectName(QStringLiteral("importSteps"));
    byTime_ = new QRadioButton(tr("By a time column"), stepsBox);
    byTime_->setObjectName(QStringLiteral("byTime"));
    byTime_->setToolTip(tr("One step per period of a date column (empty periods are steps too)."));
    byBatch_ = new QRadioButton(tr("In batches (no time column)"), stepsBox);
    byBatch_->setObjectName(QStringLiteral("byBatch"));
    byBatch_->setToolTip(tr("Steps of a fixed number of rows, in random or sorted order."));
    byBatch_->setChecked(true);
    timeColumn_ = new QComboBox(stepsBox);
    timeColumn_->setObjectName(QStringLiteral("timeColumn"));
    timeColumn_->setToolTip(tr("The column holding each row's date."));
    auto* timeRow = new QHBoxLayout();
    timeRow->addWidget(timeColumn_, 1);
    timeRow->addWidget(new QLabel(tr("every"), stepsBox));
    periodCount_ = new QSpinBox(stepsBox);
    periodCount_->setObjectName(QStringLiteral("periodCount"));
    periodCount_->setRange(1, 1000000);
    periodCount_->setToolTip(tr("Periods per step (e.g. 3 months)."));
    timeRow->addWidget(periodCount_);
    period_ = new QComboBox(stepsBox);
    period_->setObjectName(QStringLiteral("period"));
    for (const auto& [unit, name] : kPeriods) period_->addItem(tr(name), static_cast<int>(unit));
    period_->setCurrentIndex(3);  // month
    period_->setToolTip(tr("The period of one step."));
    timeRow->addWidget(period_);
    timeFormat_ = new QLineEdit(stepsBox);
    timeFormat_->setObjectName(QStringLiteral("timeFormat"));
    timeFormat_->setPlaceholderText(tr("format (detect)"));
    timeFormat_->setToolTip(
        tr("Qt date format such as yyyy-MM-dd or M/d/yy; empty detects ISO and common forms."));
    timeRow->addWidget(timeFormat_);
    stepsLayout->addRow(byTime_, timeRow);
    addStartEndRows(stepsLayout, stepsBox);
    stepsLayout->addRow(byBatch_, makeBatchRow(stepsBox));
    noise_ = new QLabel(stepsBox);
    noise_->setObjectName(QStringLiteral("noiseHint"));
    noise_->setWordWrap(true);
    // Room for the longest hint (four lines at the dialog's size), so that a longer one moves nothing below.
    noise_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    noise_->setMinimumHeight(4 * noise_->fontMetrics().lineSpacing());
    noise_->setToolTip(
        tr("The standard deviation of the noise on one count measured at one step (the measurement "
           "share ε/(2k) of the budget), against the rows a step holds. Counts of single cells are "
           "smaller than a step's rows, so their relative noise is larger still."));
    targetAccuracy_ = new QPushButton(tr("Target accuracy…"), stepsBox);
    targetAccuracy_->setObjectName(QStringLiteral("targetAccuracy"));
    targetAccuracy_->setToolTip(
        tr("Type the accuracy you need and get the smallest budget that reaches it."));
    connect(targetAccuracy_, &QPushButton::clicked, this, &ImportDialog::openTargetAccuracy);
    // The button beside the hint, not on a row of its own: the domain grid above keeps the height.
    auto* noiseRow = new QHBoxLayout();
    noiseRow->addWidget(noise_, 1);
    noiseRow->addWidget(targetAccuracy_, 0, Qt::AlignTop);
    stepsLayout->addRow(tr("Expected noise:"), noiseRow);
    privacyWords_ = new PrivacyWords(stepsBox);  // what the budget means (issue 47)
    stepsLayout->addRow(tr("What ε means:"), privacyWords_);
    return stepsBox;
}

void ImportDialog::addStartEndRows(QFormLayout* stepsLayout, QWidget* stepsBox) {
    start_ = new QLineEdit(stepsBox);
    start_->setObjectName(QStringLiteral("publicStart"));
    start_->setPlaceholderText(
        tr("empty: the earliest date in the data (private: confirmed with the public-knowledge tick above)"));
    start_->setToolTip(
        tr("The public start of the stream, e.g. 1990-01-01: step 1 is the period containing it. "
           "Rows before it are left out and reported."));
    stepsLayout->addRow(tr("Public start:"), start_);
    // The public end (a stray late date must not add steps unnoticed): a date, or the data's last
    // period confirmed as public knowledge.
    auto* endRow = new QHBoxLayout();
    end_ = new QLineEdit(stepsBox);
    end_->setObjectName(QStringLiteral("publicEnd"));
    end_->setPlaceholderText(tr("e.g. 2010-12-31"));
    end_->setToolTip(
        tr("The public end of the stream: the last step is the period containing it. Rows after it "
           "are left out and reported."));
    endRow->addWidget(end_, 1);
    dataEnd_ = new QCheckBox(tr("or: the latest period in the data is public"), stepsBox);
    dataEnd_->setObjectName(QStringLiteral("dataEnd"));
    // The findings spoke of the end before the tick changed: they are for the settings of the last Check.
    connect(dataEnd_, &QCheckBox::toggled, this, [this] {
        if (problems_->count() == 0) return;
        problems_->clear();
        showProblem(tr("The settings changed: press Check for the findings."));
    });
    dataEnd_->setToolTip(
        tr("Without a public end the stream ends with the latest date in the data, which is "
           "private: tick only if that period is public knowledge."));
    endRow->addWidget(dataEnd_);
    stepsLayout->addRow(tr("Public end:"), endRow);
}

QHBoxLayout* ImportDialog::makeBatchRow(QWidget* stepsBox) {
    auto* batchRow = new QHBoxLayout();
    batchSize_ = new QSpinBox(stepsBox);
    batchSize_->setObjectName(QStringLiteral("batchSize"));
    batchSize_->setRange(1, 100000000);
    batchSize_->setValue(1000);
    batchSize_->setSuffix(tr(" rows"));
    batchSize_->setToolTip(tr("Rows per step."));
    batchRow->addWidget(batchSize_);
    batchOrder_ = new QComboBox(stepsBox);
    batchOrder_->setObjectName(QStringLiteral("batchOrder"));
    batchOrder_->addItem(tr("random order"), static_cast<int>(data::BatchOrder::Random));
    batchOrder_->addItem(tr("sorted order"), static_cast<int>(data::BatchOrder::Sorted));
    batchOrder_->setToolTip(tr("Random: rows shuffled with the seed; sorted: by their codes."));
    batchRow->addWidget(batchOrder_);
    batchRow->addWidget(new QLabel(tr("seed"), stepsBox));
    batchSeed_ = new QSpinBox(stepsBox);
    batchSeed_->setRange(0, 2147483647);
    batchSeed_->setValue(1);
    batchSeed_->setToolTip(tr("Seed of the random batch order (public: it only orders rows)."));
    batchRow->addWidget(batchSeed_);
    batchRow->addStretch(1);
    return batchRow;
}

QDialogButtonBox* ImportDialog::makeButtons() {
    auto* buttons = new QDialogButtonBox(this);
    buttons->setObjectName(QStringLiteral("importButtons"));
    auto* checkButton = buttons->addButton(tr("Check"), QDialogButtonBox::ActionRole);
    checkButton->setToolTip(tr("Apply the settings and list the problems found in the data."));
    connect(checkButton, &QPushButton::clicked, this, &ImportDialog::check);
    largeAttributes_ = buttons->addButton(tr("Large attributes…"), QDialogButtonBox::ActionRole);
    largeAttributes_->setObjectName(QStringLiteral("importLargeAttributes"));
    largeAttributes_->setToolTip(tr(
        "Once the domain is ticked as public: checks the settings, then coarsens the attributes the stream "
        "cannot support: keep the top labels + <other>, a public hierarchy (Parents…) or merged bins. "
        "Drawn when the run starts, after its confirmation."));
    largeAttributes_->setEnabled(false);  // enabled once a chooser is set (setCoarsening)
    connect(largeAttributes_, &QPushButton::clicked, this, &ImportDialog::chooseLargeAttributes);
    confirm_ = buttons->addButton(tr("Confirm"), QDialogButtonBox::AcceptRole);
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &ImportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    return buttons;
}

// Every control of the steps box updates the role grid, the enabled state and the noise hint.
void ImportDialog::connectStepControls() {
    // A changed step setting makes the findings (the proposal's note, the last Check) stale.
    const auto stale = [this] {
        if (problems_->count() == 0) return;
        problems_->clear();
        showProblem(tr("The settings changed: press Check for the findings."));
    };
    connect(period_, &QComboBox::currentIndexChanged, this, stale);
    connect(periodCount_, &QSpinBox::valueChanged, this, stale);
    connect(timeColumn_, &QComboBox::currentIndexChanged, this, stale);
    connect(batchSize_, &QSpinBox::valueChanged, this, stale);
    connect(byBatch_, &QRadioButton::toggled, this, stale);
    for (int c = 0; c < workbench_.previewColumnCount(); ++c)
        timeColumn_->addItem(QString::fromStdString(workbench_.previewHeader(c)));
    connect(byTime_, &QRadioButton::toggled, this, &ImportDialog::updateState);
    connect(timeColumn_, &QComboBox::currentIndexChanged, this, [this] {
        if (byTime_->isChecked()) setRole(timeColumn_->currentText(), Time);
    });
    for (QComboBox* box : {timeColumn_, period_})
        connect(box, &QComboBox::currentIndexChanged, this, &ImportDialog::updateNoiseHint);
    for (QSpinBox* box : {periodCount_, batchSize_})
        connect(box, &QSpinBox::valueChanged, this, &ImportDialog::updateNoiseHint);
    for (QLineEdit* edit : {timeFormat_, start_, end_})
        connect(edit, &QLineEdit::editingFinished, this, &ImportDialog::updateNoiseHint);
    connect(end_, &QLineEdit::textChanged, this, &ImportDialog::updateState);
    connect(byBatch_, &QRadioButton::toggled, this, &ImportDialog::updateNoiseHint);
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

void ImportDialog::setBatch(long long size, bool random) {
    byBatch_->setChecked(true);
    batchSize_->setValue(static_cast<int>(size));
    batchOrder_->setCurrentIndex(random ? 0 : 1);
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

data::StreamSettings ImportDialog::streamSettings() const {
    data::StreamSettings settings;
    if (byTime_->isChecked()) {
        data::TimeSettings time;
        time.column = timeColumn_->currentText().toStdString();
        time.unit = static_cast<data::PeriodUnit>(period_->currentData().toInt());
        time.count = periodCount_->value();
        time.format = timeFormat_->text().trimmed().toStdString();
        time.start = start_->text().trimmed().toStdString();
        time.end = end_->text().trimmed().toStdString();
        settings.time = time;
    } else {
        data::BatchSettings batch;
        batch.size = batchSize_->value();
        batch.order = static_cast<data::BatchOrder>(batchOrder_->currentData().toInt());
        settings.batch = batch;
    }
    return settings;
}

bool ImportDialog::canConfirm() const {
    return fromFile_ || publicCheck_->isChecked();
}

void ImportDialog::updateState() {
    domainNote_->setCurrentIndex(fromFile_ ? 1 : 0);
    for (QWidget* w :
         std::initializer_list<QWidget*>{timeColumn_, period_, periodCount_, timeFormat_, start_, end_})
        w->setEnabled(byTime_->isChecked());
    dataEnd_->setEnabled(byTime_->isChecked() && end_->text().trimmed().isEmpty());
    for (QWidget* w : std::initializer_list<QWidget*>{batchSize_, batchOrder_, batchSeed_})
        w->setEnabled(byBatch_->isChecked());
    confirm_->setEnabled(canConfirm());
    confirm_->setToolTip(canConfirm() ? QString()
                                      : tr("Tick the confirmation that the domain is public first."));
}

void ImportDialog::showProblem(const QString& message) {
    problems_->addItem(message);
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

void ImportDialog::check() {
    checkSettings();
}

bool ImportDialog::checkSettings() {
    problems_->clear();
    if (!canConfirm()) {
        showProblem(
            tr("Tick that the domain is public (above the domain grid) first: Check and Large "
               "attributes… test the data against a public domain only."));
        return false;
    }
    try {
        workbench_.confirmSchema(editedSchema());
        workbench_.setStreamSettings(streamSettings(), static_cast<std::uint64_t>(batchSeed_->value()));
        const api::StreamSummary summary = workbench_.summary();
        problems_->addItem(tr("%1 rows, %2 attributes, %3 steps (%4).")
                               .arg(summary.rows)
                               .arg(summary.attributes.size())
                               .arg(summary.steps)
                               .arg(streamText(summary.streamDescription)));
        const QString lastPeriod = QString::fromStdString(summary.lastPeriod);
        for (const data::Problem& p : summary.problems) {
            // The end confirmed by the tick above is no longer a problem to act on (issue 46, 2).
            if (p.kind == "time-end-from-data" && dataEnd_->isChecked() && dataEnd_->isEnabled()) {
                showProblem(
                    tr("The stream ends with the latest period in the data%1, which you confirm is public "
                       "(the "
                       "tick above).")
                        .arg(lastPeriod.isEmpty() ? QString() : QStringLiteral(", %1").arg(lastPeriod)));
                continue;
            }
            auto* item = new QListWidgetItem(
                problemMessage(p, ProblemPlace::ImportDialog, lastPeriod) + problemCount(p, true), problems_);
            item->setForeground(toneColor(Tone::Caution, this));
        }
        showUnsupported();
    } catch (const std::exception& e) {
        showProblem(describeError(e));
        return false;
    }
    return true;
}

// The support check per large attribute, below the data's problems.
void ImportDialog::showUnsupported() {
    if (!coarsening_.unsupported) return;
    if (!coarseningNote_->isHidden()) {  // a choice is set up: the full domain's figures no longer apply
        showProblem(
            tr("Large attributes set up for the next run (see below); their kept labels are drawn "
               "when it starts."));
        return;
    }
    const QStringList lines = coarsening_.unsupported();
    for (const QString& line : lines) {
        auto* item = new QListWidgetItem(line, problems_);
        item->setForeground(toneColor(Tone::Caution, this));
    }
    if (!lines.isEmpty())
        showProblem(
            tr("Use Large attributes… to coarsen them here, so that the stream can support its domain."));
}

// A short dialog (on a 1024x700 screen): the table's preview folds (its handle drags it open) and the
// derived-domain warning is one sentence (the whole text in its tooltip), so the grid shows several rows.
void ImportDialog::resizeEvent(QResizeEvent* event) {
    QDialog::resizeEvent(event);
    const bool compact = height() < 700;
    if (compact == compact_) return;
    compact_ = compact;
    warning_->setText(compact
                          ? tr("⚠ Derived from the data: these categories and bounds reveal private values. "
                               "Confirm only if they are public knowledge, or load a schema file.")
                          : warningText_);
    warning_->setToolTip(compact ? warningText_ : QString());
    splitter_->setSizes(compact ? QList<int>{0, 1} : QList<int>{110, 640});
}

void ImportDialog::setCoarsening(Coarsening coarsening) {
    coarsening_ = std::move(coarsening);
    largeAttributes_->setEnabled(static_cast<bool>(coarsening_.choose));
}

void ImportDialog::chooseLargeAttributes() {
    if (!coarsening_.choose || !checkSettings()) return;
    const QString summary = coarsening_.choose(this);
    if (summary.isEmpty()) return;
    coarseningNote_->setText(tr("Large attributes: %1. The kept labels chosen by DP are drawn when the run "
                                "starts, after its confirmation.")
                                 .arg(summary));
    coarseningNote_->show();
}

QString ImportDialog::coarseningNoteText() const {
    return coarseningNote_->isVisible() ? coarseningNote_->text() : QString();
}

void ImportDialog::accept() {
    if (!canConfirm()) return;
    problems_->clear();
    const bool needsEnd =
        byTime_->isChecked() && end_->text().trimmed().isEmpty() && streamSettings().time->steps == 0;
    if (needsEnd && !dataEnd_->isChecked()) {
        showProblem(
            tr("Type a public end date, or tick that the latest period in the data is public: without either "
               "the stream's length would be read from the private data."));
        return;
    }
    try {
        workbench_.confirmSchema(editedSchema());
        workbench_.setStreamSettings(streamSettings(), static_cast<std::uint64_t>(batchSeed_->value()));
        if (needsEnd) workbench_.confirmDataEnd();  // the data's last period becomes the stream's public end
    } catch (const std::exception& e) {
        showProblem(describeError(e));
        return;
    }
    QDialog::accept();
}

void ImportDialog::showWorkbenchSchema() {
    fromFile_ = true;
    fillEditor(workbench_.schema());
    const data::StreamSettings& settings = workbench_.streamSettings();
    if (settings.time) {
        byTime_->setChecked(true);
        timeColumn_->setCurrentText(QString::fromStdString(settings.time->column));
        const int unit = period_->findData(static_cast<int>(settings.time->unit));
        if (unit >= 0) period_->setCurrentIndex(unit);
        periodCount_->setValue(settings.time->count);
        timeFormat_->setText(QString::fromStdString(settings.time->format));
        start_->setText(QString::fromStdString(settings.time->start));
        end_->setText(QString::fromStdString(settings.time->end));
    } else if (settings.batch) {
        setBatch(settings.batch->size, settings.batch->order == data::BatchOrder::Random);
    }
}

}  // namespace streamsynth::ui

namespace streamsynth::ui {

void ImportDialog::proposeTime() {
    const std::optional<api::TimeColumnGuess> guess = api::detectTimeColumn(workbench_);
    if (!guess) {
        updateNoiseHint();
        return;
    }
    const QString column = QString::fromStdString(guess->column);
    const data::PeriodUnit unit =
        api::proposePeriod(api::periodOptions(workbench_, guess->column), kProposedRowsPerStep);
    period_->setCurrentIndex(std::max(0, period_->findData(static_cast<int>(unit))));
    setRole(column, Time);  // also chooses "By a time column" and the column
    showProblem(
        tr("'%1' holds dates (%2 of %3 values): proposed as the time column, by %4. Type a public start "
           "and end date: the data's earliest and latest dates are private (without a start the earliest "
           "is used and must be confirmed; without an end, tick that the latest period is public).")
            .arg(column)
            .arg(guess->dates)
            .arg(guess->values)
            .arg(period_->currentText()));
    updateNoiseHint();
}

void ImportDialog::setNoiseSettings(privacy::PrivacyModel model, const std::vector<double>& budgets,
                                    int rounds) {
    model_ = model;
    budget_ = budgets.empty() ? 1.0 : *std::min_element(budgets.begin(), budgets.end());
    seriesBudgets_ = budgets;
    rounds_ = std::max(1, rounds);
    updateNoiseHint();
}

long long ImportDialog::rowsPerStep(data::PeriodUnit unit) {
    if (!byTime_->isChecked()) return batchSize_->value();
    const QString key = timeColumn_->currentText() + QLatin1Char('\n') + timeFormat_->text().trimmed() +
                        QLatin1Char('\n') + start_->text().trimmed() + QLatin1Char('\n') +
                        end_->text().trimmed() + QLatin1Char('\n') + QString::number(periodCount_->value());
    if (key != optionsKey_) {
        optionsKey_ = key;
        options_ = api::periodOptions(workbench_, timeColumn_->currentText().toStdString(),
                                      timeFormat_->text().trimmed().toStdString(),
                                      start_->text().trimmed().toStdString(), periodCount_->value(),
                                      end_->text().trimmed().toStdString());
    }
    for (const api::PeriodOption& o : options_)
        if (o.unit == unit && o.steps > 0) return o.medianRows;
    return -1;
}

void ImportDialog::updatePrivacyWords() {
    if (!privacyWords_) return;
    api::PlainPrivacyRequest r;
    r.plan.privacy = model_;
    r.plan.rounds = rounds_;
    // One published series (the smallest budget), the run's others each adding theirs if published.
    r.published = {{"proposed", true, budget_}};
    bool described = false;
    for (double b : seriesBudgets_) {
        if (!described && b == budget_) {
            described = true;
            continue;
        }
        r.others.push_back({"series", true, b});
    }
    try {
        privacyWords_->setDescription(api::describePrivacy(r));
    } catch (const std::exception&) {
        privacyWords_->setUnavailable(tr("Set a valid budget and k in the experiment panel."));
    }
}

void ImportDialog::updateNoiseHint() {
    updatePrivacyWords();
    if (!noise_) return;
    double noise = 0;
    try {
        noise = api::countNoiseStd(model_, budget_, rounds_);
    } catch (const std::exception&) {
        noise_->setText(tr("Set a valid budget and k in the experiment panel to see the expected noise."));
        return;
    }
    const auto unit = static_cast<data::PeriodUnit>(period_->currentData().toInt());
    const bool calendar = unit != data::PeriodUnit::Units;
    const long long rows = byTime_->isChecked() && !calendar ? -1 : rowsPerStep(unit);
    const QString budget =
        tr("%1 = %2, k = %3")
            .arg(model_ == privacy::PrivacyModel::ZCdp ? QStringLiteral("ρ") : QStringLiteral("ε"))
            .arg(budget_)
            .arg(rounds_);
    QString text =
        tr("At %1 every count measured at a step gets noise of about ±%2 rows (standard deviation).")
            .arg(budget)
            .arg(noise, 0, 'f', noise < 10 ? 1 : 0);
    if (rows < 0) {
        noise_->setText(text + QLatin1Char(' ') + tr("The rows per step are not known for these settings."));
        noise_->setStyleSheet(QString());
        return;
    }
    if (rows == 0) {
        // Sparse early periods: most steps hold nothing, and their releases are noise alone.
        long long steps = 0;
        for (const api::PeriodOption& o : options_)
            if (o.unit == unit) steps = o.steps;
        // Empty steps come from sparse early years (no public start) or a stray late date in the data.
        noise_->setText(
            text + QLatin1Char(' ') +
            tr("At least half of the %1 steps (by %2, from the start to the latest date in the data) "
               "hold no rows at all: their releases will be noise alone. Set a public start date, check "
               "the latest dates in the data, or choose a longer period.")
                .arg(steps)
                .arg(period_->currentText()));
        noise_->setStyleSheet(toneStyle(Tone::Problem, this));
        return;
    }
    const QString per = byTime_->isChecked() ? tr("by %1").arg(period_->currentText()) : tr("in batches");
    text +=
        QLatin1Char(' ') + tr("Rows per step: about %1 (median, %2); the noise is %3% of them.")
                               .arg(rows)
                               .arg(per)
                               .arg(100.0 * noise / double(rows), 0, 'f', noise / double(rows) < 0.1 ? 1 : 0);
    const api::NoiseLevel level = api::noiseLevel(noise, double(rows));
    if (level == api::NoiseLevel::High) {
        text += QLatin1Char(' ') +
                tr("Releases will be very noisy; longer periods, a larger ε or a smaller k help.");
        // The shortest longer period that would be less noisy, when there is one.
        for (int i = period_->currentIndex() + 1; byTime_->isChecked() && i < period_->count(); ++i) {
            const auto longer = static_cast<data::PeriodUnit>(period_->itemData(i).toInt());
            const long long r = longer == data::PeriodUnit::Units ? -1 : rowsPerStep(longer);
            if (r > 0 && api::noiseLevel(noise, double(r)) != api::NoiseLevel::High) {
                text +=
                    QLatin1Char(' ') + tr("By %1: about %2 rows per step.").arg(period_->itemText(i)).arg(r);
                break;
            }
        }
    } else if (level == api::NoiseLevel::Noticeable) {
        text += QLatin1Char(' ') + tr("Small cells will be noticeably noisy.");
    }
    noise_->setText(text);
    noise_->setStyleSheet(level == api::NoiseLevel::High         ? toneStyle(Tone::Problem, this)
                          : level == api::NoiseLevel::Noticeable ? toneStyle(Tone::Caution, this)
                                                                 : QString());
}

void ImportDialog::setPeriod(data::PeriodUnit unit) {
    const int index = period_->findData(static_cast<int>(unit));
    if (index >= 0) period_->setCurrentIndex(index);
}

bool ImportDialog::byTime() const {
    return byTime_->isChecked();
}
QString ImportDialog::timeColumn() const {
    return timeColumn_->currentText();
}
data::PeriodUnit ImportDialog::period() const {
    return static_cast<data::PeriodUnit>(period_->currentData().toInt());
}
QString ImportDialog::noiseHint() const {
    return noise_->text();
}

QString ImportDialog::problemsText() const {
    QStringList lines;
    for (int i = 0; i < problems_->count(); ++i) lines << problems_->item(i)->text();
    return lines.join(QLatin1Char('\n'));
}

}  // namespace streamsynth::ui
