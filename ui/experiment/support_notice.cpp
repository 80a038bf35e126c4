// SupportNotice: see support_notice.h.
#include "ui/experiment/support_notice.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

#include "ui/desk/log_view.h"
#include "ui/widgets/tones.h"

namespace streamsynth::ui {

SupportNotice::SupportNotice(QWidget* parent) : QFrame(parent) {
    setObjectName(QStringLiteral("supportNotice"));
    setFrameShape(QFrame::StyledPanel);
    setStyleSheet(noticeBoxStyle(objectName(), this));  // readable in light and dark palettes
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 3, 3);
    auto* icon = new QLabel(this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(16, 16));
    layout->addWidget(icon);
    label_ = new QLabel(this);
    label_->setWordWrap(true);
    label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(label_, 1);
    auto* close = new QToolButton(this);
    close->setAutoRaise(true);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Hide this notice (the details stay in the Log tab)"));
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    layout->addWidget(close);
    hide();
}

void SupportNotice::showWarnings(const QStringList& warnings, LogView* log) {
    if (warnings.isEmpty()) {
        hide();
        return;
    }
    if (log) {
        log->append(tr("Support check (computed from the private data, for you only):"));
        for (const QString& w : warnings) log->append(QStringLiteral("  ") + w);
    }
    label_->setText(
        tr("Support check (%n finding(s)): attributes drowned by the noise in a single step may need many "
           "steps to show, or stay nearly uniform (a larger ε or a longer period helps). Details in the Log "
           "tab; from the private data, for you only.",
           nullptr, static_cast<int>(warnings.size())));
    // "150 cells" for an attribute of 50 codes needs saying: the cells are those of a workload.
    const QString cells =
        tr("Cells: those of the smallest workload that holds the attribute (for example 50 codes "
           "× 3 codes of the other attribute = 150 cells); each step's rows spread over all of "
           "them.");
    if (log) log->append(QStringLiteral("  ") + cells);
    setToolTip(warnings.join(QStringLiteral("\n\n")) + QStringLiteral("\n\n") + cells);
    show();
}

QString SupportNotice::text() const {
    return label_->text();
}

}  // namespace streamsynth::ui
