// ChartLegend (see chart_legend.h).
#include "ui/charts/chart_legend.h"

#include <QLabel>
#include <QToolButton>

#include "ui/widgets/flow_layout.h"

namespace streamsynth::ui {

ChartLegend::ChartLegend(QWidget* parent) : QWidget(parent) {
    layout_ = new FlowLayout(this, 14, 2);
    empty_ = new QLabel(this);
    layout_->addWidget(empty_);
    empty_->hide();
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void ChartLegend::clear(const QString& emptyText) {
    for (QToolButton* b : std::as_const(entries_)) {
        layout_->removeWidget(b);
        delete b;
    }
    entries_.clear();
    order_.clear();
    empty_->setText(emptyText);
    empty_->setVisible(!emptyText.isEmpty());
    updateGeometry();
}

void ChartLegend::addEntry(const QString& id, const QString& label, const SeriesStyle& style) {
    if (entries_.contains(id)) return;
    empty_->hide();
    auto* b = new QToolButton(this);
    b->setObjectName(QStringLiteral("legend:") + id);
    b->setText(label);
    b->setIcon(SeriesPalette::icon(style));
    b->setIconSize(QSize(30, 14));
    b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    b->setAutoRaise(true);
    b->setCheckable(true);
    b->setChecked(true);
    b->setToolTip(tr("%1: click to hide or show this series in every chart").arg(label));
    b->setAccessibleName(tr("Series %1").arg(label));
    connect(b, &QToolButton::toggled, this, [this, id, b](bool on) {
        restyle(b);
        Q_EMIT toggled(id, on);
    });
    entries_.insert(id, b);
    order_ << id;
    layout_->addWidget(b);
    updateGeometry();
}

void ChartLegend::restyle(QToolButton* b) {
    QFont f = b->font();
    f.setStrikeOut(!b->isChecked());
    b->setFont(f);
    QPalette p = b->palette();
    p.setColor(QPalette::ButtonText,
               palette().color(b->isChecked() ? QPalette::Active : QPalette::Disabled, QPalette::ButtonText));
    b->setPalette(p);
}

bool ChartLegend::isShown(const QString& id) const {
    const QToolButton* b = entries_.value(id, nullptr);
    return b && b->isChecked();
}

void ChartLegend::setShown(const QString& id, bool shown) {
    if (QToolButton* b = entries_.value(id, nullptr)) b->setChecked(shown);
}

}  // namespace streamsynth::ui
