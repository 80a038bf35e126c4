// DataPanel: a compact form over a StreamSummary.
#include "ui/import/data_panel.h"

#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

#include "core/api/workbench.h"
#include "ui/desk/problem_text.h"
#include "ui/import/stream_text.h"
#include "ui/widgets/tones.h"

namespace streamsynth::ui {

DataPanel::DataPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* form = new QFormLayout();
    file_ = new QLabel(this);
    file_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rows_ = new QLabel(this);
    attributeCount_ = new QLabel(this);
    steps_ = new QLabel(this);
    rowsPerStep_ = new QLabel(this);
    stream_ = new QLabel(this);
    stream_->setWordWrap(true);
    attributeCount_->setWordWrap(true);
    form->addRow(tr("File:"), file_);
    form->addRow(tr("Rows:"), rows_);
    form->addRow(tr("Attributes:"), attributeCount_);
    form->addRow(tr("Steps:"), steps_);
    form->addRow(tr("Rows per step:"), rowsPerStep_);
    form->addRow(tr("Stream:"), stream_);
    protects_ = new QLabel(this);
    protects_->setObjectName(QStringLiteral("protects"));
    protects_->setWordWrap(true);
    protects_->setToolTip(
        tr("Who the guarantee protects: each row, or each unit of a key column with a "
           "public bound on its rows (Import settings… ▸ Who is protected)."));
    form->addRow(tr("Protects:"), protects_);
    layout->addLayout(form);

    attributes_ = new QListWidget(this);
    attributes_->setObjectName(QStringLiteral("attributes"));
    attributes_->setMaximumHeight(110);
    attributes_->setToolTip(tr("Attributes and their domain sizes (number of codes)."));
    layout->addWidget(attributes_);

    domainNote_ = new QLabel(this);
    domainNote_->setWordWrap(true);
    domainNote_->setStyleSheet(toneStyle(Tone::Caution, this));
    domainNote_->hide();
    layout->addWidget(domainNote_);

    problems_ = new QListWidget(this);
    problems_->setMaximumHeight(110);  // the start and end notes (first) fit without scrolling at 1000 px
    problems_->setWordWrap(true);
    problems_->hide();
    layout->addWidget(problems_);

    importButton_ = new QPushButton(tr("Import settings…"), this);
    importButton_->setToolTip(
        tr("Confirm the public domain and choose how rows become steps (time column and "
           "period, or batches)"));
    connect(importButton_, &QPushButton::clicked, this, &DataPanel::importRequested);
    layout->addWidget(importButton_);
    clear();
}

void DataPanel::clear() {
    file_->setText(tr("(no table)"));
    for (QLabel* l : {rows_, attributeCount_, steps_, rowsPerStep_, stream_}) l->setText(QStringLiteral("–"));
    attributes_->clear();
    problems_->clear();
    problems_->hide();
    domainNote_->hide();
}

void DataPanel::showMessage(const QString& file, const QString& message) {
    clear();
    file_->setText(QFileInfo(file).fileName());
    file_->setToolTip(file);
    domainNote_->setText(message);
    domainNote_->show();
}

void DataPanel::showSummary(const api::StreamSummary& s) {
    const QLocale locale;
    const QString path = QString::fromStdString(s.file);
    file_->setText(QFileInfo(path).fileName());
    file_->setToolTip(path);
    // With a unit, the rows the releases count: the bound's drops said beside them (a GUI review of
    // 2026-12-01 took 3,934 for the file's 6,155).
    const bool dropped = s.unit && s.unitDroppedRows > 0;
    rows_->setText(
        dropped ? tr("%1 (%2 left out)").arg(locale.toString(s.rows), locale.toString(s.unitDroppedRows))
                : locale.toString(s.rows));
    rows_->setToolTip(
        dropped ? tr("The bound on each unit's rows leaves out %1 of the file's %2 rows; the releases "
                     "count the other %3. Computed from the private data: for you only.")
                      .arg(locale.toString(s.unitDroppedRows), locale.toString(s.rows + s.unitDroppedRows),
                           locale.toString(s.rows))
                : QString());
    // In a steward's words; the technical terms on hover.
    attributeCount_->setText(
        tr("%1 (%2 pairs of attributes to track)").arg(s.attributes.size()).arg(s.twoWayWorkloads));
    attributeCount_->setToolTip(
        tr("Domain: about 10^%1 possible rows (cells); %2 two-way workloads, the pairs "
           "of attributes whose counts the releases track.")
            .arg(s.log10DomainSize, 0, 'f', 1)
            .arg(s.twoWayWorkloads));
    steps_->setText(locale.toString(s.steps));
    rowsPerStep_->setText(tr("min %1 · median %2 · max %3")
                              .arg(locale.toString(s.minRowsPerStep), locale.toString(s.medianRowsPerStep),
                                   locale.toString(s.maxRowsPerStep)));
    stream_->setText(streamText(s.streamDescription));
    protects_->setText(s.unit ? tr("each unit of %1, at most %2 rows over the stream, %3 in one step")
                                    .arg(QString::fromStdString(s.unit->column))
                                    .arg(s.unit->maxRows)
                                    .arg(s.unit->maxRowsPerStep)
                              : tr("each row (event level)"));
    attributes_->clear();
    for (const api::AttributeSummary& a : s.attributes)
        attributes_->addItem(tr("%1 · %2 · %3 codes")
                                 .arg(QString::fromStdString(a.name), QString::fromStdString(a.kind))
                                 .arg(a.size));
    if (s.domainDerivedFromData) {
        domainNote_->setText(tr("The domain was derived from the data and confirmed as public."));
        domainNote_->show();
    } else {
        domainNote_->hide();
    }
    problems_->clear();
    const QString lastPeriod = QString::fromStdString(s.lastPeriod);
    // The notes about the stream's start and end first: the end one refuses runs, and the list shows few
    // lines.
    std::vector<data::Problem> problems = s.problems;
    std::stable_partition(problems.begin(), problems.end(), [](const data::Problem& p) {
        return p.kind == "time-end-from-data" || p.kind == "time-span-from-data";
    });
    for (const data::Problem& p : problems) {
        // Examples quote private values: in the tooltip only, as before.
        auto* item = new QListWidgetItem(
            problemMessage(p, ProblemPlace::DataPanel, lastPeriod) + problemCount(p, false), problems_);
        QStringList examples;
        for (const std::string& e : p.examples) examples << QString::fromStdString(e);
        item->setToolTip(examples.join(QLatin1Char('\n')));
    }
    problems_->setVisible(!s.problems.empty());
}

void DataPanel::showNote(const QString& note) {
    domainNote_->setText(!domainNote_->isHidden() ? domainNote_->text() + QLatin1Char('\n') + note : note);
    domainNote_->show();
}

void DataPanel::setImportEnabled(bool enabled) {
    importButton_->setEnabled(enabled);
}

QString DataPanel::rowsText() const {
    return rows_->text();
}
QString DataPanel::attributesText() const {
    return attributeCount_->text();
}
QString DataPanel::problemsText() const {
    QStringList lines;
    for (int i = 0; i < problems_->count(); ++i) lines << problems_->item(i)->text();
    return lines.join(QLatin1Char('\n'));
}
QString DataPanel::stepsText() const {
    return steps_->text();
}
int DataPanel::attributeCount() const {
    return attributes_->count();
}

}  // namespace streamsynth::ui
