// The import dialog's "Who is protected" row (unit_chooser.h).
#include "ui/import/unit_chooser.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <algorithm>

namespace streamsynth::ui {

UnitChooser::UnitChooser(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("unitChooser"));
    // One line (the domain grid above keeps its height); the guarantee in
    // words is the chooser's tooltip.
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    who_ = new QComboBox(this);
    who_->setObjectName(QStringLiteral("protects"));
    who_->addItem(tr("each row (event level)"));
    who_->addItem(tr("each person or unit, identified by column"));
    who_->setToolTip(
        tr("Each row: the guarantee covers one row; for a person with 12 rows it holds only at 12 times the "
           "ε (a conclusion about them can then move e^(12ε) times, not e^ε). "
           "Each unit: the guarantee covers all the rows of one person (household, firm), counted up to "
           "a public bound; rows beyond it are left out of every release by a public rule."));
    row->addWidget(who_);
    column_ = new QComboBox(this);
    column_->setObjectName(QStringLiteral("unitColumn"));
    column_->setToolTip(
        tr("The column that identifies a unit (a patient number): read to bound the rows, "
           "never released and never an attribute."));
    row->addWidget(column_, 1);
    row->addWidget(new QLabel(tr("at most"), this));
    maxRows_ = new QSpinBox(this);
    maxRows_->setObjectName(QStringLiteral("unitMaxRows"));
    maxRows_->setRange(1, 1000000);
    maxRows_->setValue(12);
    maxRows_->setSuffix(tr(" rows"));
    maxRows_->setToolTip(
        tr("The most rows one unit counts over the whole stream (public). More rows per "
           "unit keep more data but need more noise."));
    row->addWidget(maxRows_);
    row->addWidget(new QLabel(tr("over the stream,"), this));
    maxRowsPerStep_ = new QSpinBox(this);
    maxRowsPerStep_->setObjectName(QStringLiteral("unitMaxRowsPerStep"));
    maxRowsPerStep_->setRange(1, 1000000);
    maxRowsPerStep_->setValue(12);
    maxRowsPerStep_->setToolTip(
        tr("The most rows one unit counts in one step (public, at most the rows over "
           "the stream). A small bound needs less noise under zCDP."));
    row->addWidget(maxRowsPerStep_);
    row->addWidget(new QLabel(tr("in one step"), this));
    connect(who_, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index == 1) Q_EMIT switchedToUnit();
        updateState();
        Q_EMIT changed();
    });
    connect(column_, &QComboBox::currentIndexChanged, this, [this] {
        updateState();
        Q_EMIT changed();
    });
    for (QSpinBox* box : {maxRows_, maxRowsPerStep_})
        connect(box, &QSpinBox::valueChanged, this, [this] {
            updateState();
            Q_EMIT changed();
        });
    updateState();
}

void UnitChooser::setColumns(const QStringList& columns) {
    const QString kept = column_->currentText();
    column_->clear();
    column_->addItems(columns);
    if (columns.contains(kept)) column_->setCurrentText(kept);
}

std::optional<data::UnitSettings> UnitChooser::unit() const {
    if (who_->currentIndex() == 0 || column_->currentText().isEmpty()) return std::nullopt;
    return data::UnitSettings{column_->currentText().toStdString(), maxRows_->value(),
                              std::min(maxRowsPerStep_->value(), maxRows_->value())};
}

void UnitChooser::setUnit(const std::optional<data::UnitSettings>& unit) {
    if (unit) {
        column_->setCurrentText(QString::fromStdString(unit->column));
        maxRows_->setValue(static_cast<int>(unit->maxRows));
        maxRowsPerStep_->setValue(static_cast<int>(unit->maxRowsPerStep));
    }
    who_->setCurrentIndex(unit ? 1 : 0);
    updateState();
}

void UnitChooser::setColumn(const QString& column) {
    column_->setCurrentText(column);
}

QString UnitChooser::column() const {
    return unit() ? column_->currentText() : QString();
}

void UnitChooser::updateState() {
    const bool byUnit = who_->currentIndex() == 1;
    for (QWidget* w : std::initializer_list<QWidget*>{column_, maxRows_, maxRowsPerStep_})
        w->setEnabled(byUnit);
    maxRowsPerStep_->setMaximum(maxRows_->value());
    const auto u = unit();
    if (!u) {
        setToolTip(tr("Each row is protected (event level: each row is counted at one step)."));
        return;
    }
    setToolTip(tr("Each unit of column %1 is protected, counting at most %2 of its rows over the stream "
                  "and %3 in one step; releases count the bounded rows. Needs steps by a time column.")
                   .arg(column_->currentText())
                   .arg(u->maxRows)
                   .arg(u->maxRowsPerStep));
}

}  // namespace streamsynth::ui
