// A legend shared by several charts: one entry per series with its look
// (colour, dash, marker), wrapping onto more lines as needed (FlowLayout).
// Clicking an entry hides or shows that series everywhere (toggled signal);
// a hidden entry is greyed and struck through. Keyboard: Tab and Space.
#pragma once

#include <QHash>
#include <QWidget>

#include "ui/charts/series_palette.h"

class QLabel;
class QToolButton;

namespace streamsynth::ui {

class FlowLayout;

class ChartLegend : public QWidget {
    Q_OBJECT
public:
    explicit ChartLegend(QWidget* parent = nullptr);

    // Removes every entry; shows emptyText (if any) instead.
    void clear(const QString& emptyText = {});
    void addEntry(const QString& id, const QString& label, const SeriesStyle& style);
    bool isShown(const QString& id) const;
    // Shows or hides a series' entry state (emits toggled when it changes).
    void setShown(const QString& id, bool shown);
    QToolButton* entry(const QString& id) const { return entries_.value(id, nullptr); }
    QStringList ids() const { return order_; }

Q_SIGNALS:
    void toggled(const QString& id, bool shown);

private:
    void restyle(QToolButton* button);

    FlowLayout* layout_ = nullptr;
    QLabel* empty_ = nullptr;
    QHash<QString, QToolButton*> entries_;
    QStringList order_;
};

}  // namespace streamsynth::ui
