// Temporary status-bar messages kept clear of the permanent widgets (status_message.h).
#include "ui/widgets/status_message.h"

#include <QFontMetrics>
#include <QMainWindow>
#include <QStatusBar>
#include <algorithm>

namespace streamsynth::ui {

void showStatusMessage(QWidget* window, const QString& text, int ms) {
    auto* main = qobject_cast<QMainWindow*>(window);
    if (!main) return;
    QStatusBar* bar = main->statusBar();
    int room = bar->width() - 16;  // the size grip and the margins
    for (QWidget* w : bar->findChildren<QWidget*>(QString::fromLatin1(kStatusPermanent)))
        if (w->isVisible()) room -= w->width() + 8;
    const QString shown = QFontMetrics(bar->font()).elidedText(text, Qt::ElideRight, std::max(80, room));
    bar->setToolTip(shown == text ? QString() : text);
    bar->showMessage(shown, ms);
}

}  // namespace streamsynth::ui
