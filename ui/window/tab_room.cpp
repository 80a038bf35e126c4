// TabRoom: see tab_room.h.
#include "ui/window/tab_room.h"

#include <QScrollArea>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <algorithm>

namespace streamsynth::ui {
namespace {
// The charts keep at least this much (their controls and part of a row of plots, scrolled).
constexpr int kChartsStrip = 150;
}  // namespace

TabRoom::TabRoom(QSplitter* splitter, QTabWidget* tabs) : QObject(tabs), splitter_(splitter), tabs_(tabs) {
    connect(tabs_, &QTabWidget::currentChanged, this, &TabRoom::currentChanged);
}

int TabRoom::wantedHeight() const {
    QWidget* page = tabs_->currentWidget();
    if (!page) return 0;
    // A scrolled page: what its contents need, not the scroll area's own hint.
    QWidget* content = page;
    if (auto* scroll = qobject_cast<QScrollArea*>(page); scroll && scroll->widget())
        content = scroll->widget();
    const int need = std::max(content->minimumSizeHint().height(), content->minimumHeight());
    return need + tabs_->tabBar()->sizeHint().height() + 12;  // the pane's frame and margins
}

void TabRoom::currentChanged() {
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
