// ImportDialog: the dialog's layout from top to bottom (the file's preview, the domain box, the time
// steps with the noise hint, the findings and the buttons) and the step controls' connections; the
// domain grid is in import_dialog_grid.cpp, the noise hint in import_dialog_noise.cpp, Check and
// Confirm in import_dialog_checks.cpp, Large attributes in import_dialog_coarsening.cpp.
#include "ui/import/import_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
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
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "core/api/workbench.h"
#include "ui/experiment/privacy_words.h"
#include "ui/import/table_preview_model.h"
#include "ui/import/unit_chooser.h"
#include "ui/widgets/readable_headers.h"

namespace streamsynth::ui {

namespace {

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
    unit_ = new UnitChooser(stepsBox);
    stepsLayout->addRow(tr("Who is protected:"), unit_);
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
    start_->setPlaceholderText(tr("empty: the earliest date in the data"));
    start_->setToolTip(
        tr("The public start of the stream, e.g. 1990-01-01: step 1 is the period containing it. "
           "Rows before it are left out and reported. Empty: the earliest date in the data, which is "
           "private (confirmed with the public-knowledge tick above)."));
    // Start and end share one row, so that the domain grid above keeps its height. The public end (a stray
    // late date must not add steps unnoticed): a date, or the data's last period confirmed as public
    // knowledge.
    auto* endRow = new QHBoxLayout();
    endRow->addWidget(start_, 1);
    endRow->addWidget(new QLabel(tr("Public end:"), stepsBox));
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
    stepsLayout->addRow(tr("Public start:"), endRow);
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
    QStringList columns;
    for (int c = 0; c < workbench_.previewColumnCount(); ++c)
        columns << QString::fromStdString(workbench_.previewHeader(c));
    timeColumn_->addItems(columns);
    unit_->setColumns(columns);
    // The first guess for a key: a column that is neither the time column nor an attribute.
    connect(unit_, &UnitChooser::switchedToUnit, this, &ImportDialog::suggestUnitColumn);
    // A unit's key is never an attribute: choosing it sets its role to ignore (and says so).
    connect(unit_, &UnitChooser::changed, this, [this, stale] {
        stale();
        followUnitColumn();
        updateNoiseHint();
    });
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

}  // namespace streamsynth::ui
