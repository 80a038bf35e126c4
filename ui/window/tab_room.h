// Room for the tab a steward chooses (issue 46): on a short screen (1024x700)
// the tabs under the charts get about 130 pixels, and a chart tab (True vs
// synthetic, Selections, Counters) showed a sliver of its plot. Choosing a
// tab whose page needs more height moves the splitter so that the page fits
// (the charts above scroll meanwhile, never below a strip of them: their
// minimum height is lowered for as long as the room is made); choosing
// a tab that needs less gives the charts their height back, unless the
// steward moved the splitter in between. A page that grows while shown (a
// legend appears) gets its room the same way once its layout has settled.
#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

class QEvent;
class QSplitter;
class QTabWidget;

namespace streamsynth::ui {

class TabRoom : public QObject {
    Q_OBJECT
public:
    // splitter: the charts (scrolled, so they can give height) above `tabs`. Owned by tabs.
    TabRoom(QSplitter* splitter, QTabWidget* tabs);

    // The height the current tab's page needs, tab bar included.
    int wantedHeight() const;

protected:
    bool eventFilter(QObject* object, QEvent* event) override;

private:
    void currentChanged();
    void fit();  // moves the splitter for the current page's need (see above)
    QWidget* currentContent() const;

    QSplitter* splitter_;
    QTabWidget* tabs_;
    QList<int> before_;  // the sizes before room was made (empty: none made)
    QList<int> made_;    // the sizes room was made with
    int chartsMinimum_ = -1;
    QPointer<QWidget> watched_;  // the current page's content, whose layout requests refit
    bool refitQueued_ = false;   // the charts' own minimum height (lowered while room is made)
};

}  // namespace streamsynth::ui
