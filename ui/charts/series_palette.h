// One look per series, the same in every view: a colour
// from the Okabe–Ito palette (Okabe & Ito 2008, distinguishable with the
// common colour-vision deficiencies; yellow last, it is faint on white), a
// dash pattern and a marker shape, so lines differ even in grey print. The
// look follows the series' kind (baseline, or the proposed streamer's
// counter: simple, block, tree, …): a counter has the same look in the
// charts of a run and in the counter comparison. A second series of the
// same kind in one view (another ε) takes the next look after the kinds'.
#pragma once

#include <QColor>
#include <QHash>
#include <QIcon>
#include <QList>
#include <QPen>
#include <QPointF>
#include <QString>

class QScatterSeries;

namespace streamsynth::ui {

enum class MarkerShape { Circle, Square, Triangle, Diamond, Star, Pentagon };

struct SeriesStyle {
    QColor color;
    Qt::PenStyle dash = Qt::SolidLine;
    MarkerShape marker = MarkerShape::Circle;
    bool operator==(const SeriesStyle&) const = default;
};

class SeriesPalette {
public:
    // The look of id ("baseline", "proposed-tree-16-eps0.5", or a counter
    // text "tree:256"), fixed on first use.
    SeriesStyle styleFor(const QString& id);
    QColor colorFor(const QString& id) { return styleFor(id).color; }
    void clear() { styles_.clear(); }

    // The kind of a series id or counter text ("proposed-tree-16" -> "tree").
    static QString kindOf(const QString& id);
    // The look of slot n (kinds take slots 0..; every slot < 48 differs in colour, dash or marker).
    static SeriesStyle slotStyle(int slot);
    // The line pen of a look (CustomDashLine = long dashes).
    static QPen pen(const SeriesStyle& style, double width);
    // Markers of a series in its look (shape, colour, size).
    static void styleMarkers(QScatterSeries* markers, const SeriesStyle& style);
    // Every n-th point of a line, about `count` of them: where its markers go.
    static QList<QPointF> markerPoints(const QList<QPointF>& line, int count = 10);
    // A small picture of the look (a line with its dash and one marker) for legends and lists.
    static QIcon icon(const SeriesStyle& style, int width = 30, int height = 14);

private:
    QHash<QString, SeriesStyle> styles_;
};

}  // namespace streamsynth::ui
