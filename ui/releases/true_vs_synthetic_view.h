// "True vs synthetic": for the chosen series of the last run, one
// attribute's or one 2-way workload's true distribution beside the release's
// (bar chart of shares; workloads show their 30 largest true cells, named by
// their category labels) with the total-variation distance. Flagged in red as computed from the private data:
// not for publication. The numbers come from api::Run::compareWithTruth.
#pragma once

#include <QWidget>

#include "core/api/run.h"

class QBarCategoryAxis;
class QFont;
class QValueAxis;
class QChartView;
class QComboBox;
class QLabel;

namespace streamsynth::ui {

class TrueVsSyntheticView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kShownCells = 30;
    explicit TrueVsSyntheticView(QWidget* parent = nullptr);

    // Shows the run's series (call between steps: after a run finished).
    // Null clears the view (the run must outlive what it shows).
    void setRun(const api::Run* run);
    // Why nothing is shown, in the chart's title while no run is set ("a reopened session
    // holds no private table"); empty: the plain "no finished run". setRun clears it.
    void setAbsentReason(const QString& reason);
    QString titleText() const;
    // What is shown now (for tests): the chosen distribution, or null.
    const api::Distribution* current() const;
    QString warningText() const;
    QString distanceText() const;
    // The category names of the bars shown ("Male", "Bachelors | >50K"):
    // the schema's labels of the cells' codes, first attribute first.
    QStringList categories() const { return categories_; }
    // A bin's numbers as "100M", "2.5k" where they are whole thousands (so names fit under bars).
    static QString compactNumbers(const QString& label);
    // The hover read-out of bar `index`: its name and both shares.
    QString barText(int index) const;

protected:
    // The names' layout depends on the width (nameLayout): a new width draws them again.
    void resizeEvent(QResizeEvent* event) override;

private:
    QString cellLabel(const api::Distribution& d, std::size_t cell) const;
    void seriesChanged();
    void redraw();
    void reserveLabelRoom(const QBarCategoryAxis* x);
    static QValueAxis* shareAxis(double top);
    // The bars' names are never cut to "…": as many bars as the width can name (the largest
    // true cells), their names level, slanted or upright (nameAngle).
    static constexpr int kLabelPadding = 12;  // Qt Charts' padding on both sides of a name, and a pixel each
    int plotWidth() const;
    std::size_t shownCells() const;
    int nameAngle(const QFont& font) const;
    int drawnWidth_ = -1;  // the view's width when the names were laid out

    const api::Run* run_ = nullptr;
    QString absentReason_;
    api::TrueVsSynthetic data_;
    QComboBox* series_ = nullptr;
    QComboBox* item_ = nullptr;
    QLabel* warning_ = nullptr;
    QLabel* distance_ = nullptr;
    QChartView* view_ = nullptr;
    QStringList categories_;
};

}  // namespace streamsynth::ui
