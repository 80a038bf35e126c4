// TabRoom: see tab_room.h.
#include "ui/window/tab_room.h"

#include <QEvent>
#include <QScrollArea>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <algorithm>

namespace streamsynth::ui {
namespace {
// The charts keep at least this much (their controls and part of a row of plots, scrolled).
constexpr int kChartsStrip = 150;
}  // namespace

TabRoom::TabRoom(QSplitter* splitter, QTabWidget* tabs) : QObject(tabs), splitter_(splitter), tabs_(tabs) {
    connect(tabs_, &QTabWidget::currentChanged, this, &TabRoom::currentChanged);
}

QWidget* TabRoom::currentContent() const {
    QWidget* page = tabs_->currentWidget();
    // A scrolled page: what its contents need, not the scroll area's own hint.
    if (auto* scroll = qobject_cast<QScrollArea*>(page); scroll && scroll->widget()) return scroll->widget();
    return page;
}

int TabRoom::wantedHeight() const {
    QWidget* content = currentContent();
    if (!content) return 0;
    int need = std::max(content->minimumSizeHint().height(), content->minimumHeight());
    // Wrapped text needs more height at the page's width than its minimum hint says.
    if (content->hasHeightForWidth()) need = std::max(need, content->heightForWidth(content->width()));
    return need + tabs_->tabBar()->sizeHint().height() + 12;  // the pane's frame and margins
}

void TabRoom::currentChanged() {
    // The page can grow while shown (the Counters tab's legend after Compare): its layout
    // requests are watched, and the room is made again once the layout has settled.
    if (watched_) watched_->removeEventFilter(this);
    watched_ = currentContent();
    if (watched_) watched_->installEventFilter(this);
    fit();
}

bool TabRoom::eventFilter(QObject* object, QEvent* event) {
    if (object == watched_ && event->type() == QEvent::LayoutRequest && !refitQueued_) {
        refitQueued_ = true;
        QTimer::singleShot(0, this, [this] {
            refitQueued_ = false;
            fit();
        });
    }
    return QObject::eventFilter(object, event);
}

void TabRoom::fit() {
    const QList<int> sizes = splitter_->sizes();
    if (sizes.size() != 2) return;
    const int total = sizes[0] + sizes[1];
    const int want = wantedHeight();
    if (!before_.isEmpty() && sizes != made_) before_.clear();  // the steward moved the splitter since
    QWidget* charts = splitter_->widget(0);
    if (want > sizes[1]) {
        const int tabs = std::min(want, total - kChartsStrip);
        if (tabs <= sizes[1]) return;
        if (before_.isEmpty()) before_ = sizes;
        if (chartsMinimum_ < 0) chartsMinimum_ = charts->minimumHeight();
        charts->setMinimumHeight(std::min(chartsMinimum_, kChartsStrip));
        made_ = {total - tabs, tabs};
        splitter_->setSizes(made_);
        made_ = splitter_->sizes();
        return;
    }
    if (!before_.isEmpty() && want <= before_[1]) {
        if (chartsMinimum_ >= 0) charts->setMinimumHeight(chartsMinimum_);
        splitter_->setSizes(before_);
        before_.clear();
    }
}

}  // namespace streamsynth::ui
