// SeriesPalette: kinds to slots, slots to looks, and the legend icon.
#include "ui/charts/series_palette.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QScatterSeries>
#include <QStringList>
#include <array>
#include <cmath>

#include "core/api/privacy_choice.h"

namespace streamsynth::ui {

namespace {

// Okabe–Ito, reordered so that the first series differ most; yellow last.
constexpr std::array<QRgb, 8> kColors = {0x0072B2, 0xE69F00, 0x009E73, 0xCC79A7,
                                         0xD55E00, 0x56B4E9, 0x000000, 0xF0E442};
constexpr std::array<Qt::PenStyle, 6> kDashes = {Qt::SolidLine,   Qt::DashLine,       Qt::DotLine,
                                                 Qt::DashDotLine, Qt::DashDotDotLine, Qt::CustomDashLine};
constexpr std::array<MarkerShape, 6> kMarkers = {MarkerShape::Circle,   MarkerShape::Square,
                                                 MarkerShape::Triangle, MarkerShape::Diamond,
                                                 MarkerShape::Star,     MarkerShape::Pentagon};

// Series kinds in slot order: the baseline, then the registered counters
// (api::counterChoices), then the carried baseline.
const QStringList& kinds() {
    static const QStringList k = [] {
        QStringList list{QStringLiteral("baseline")};
        for (const api::CounterChoice& choice : api::counterChoices())
            list << QString::fromStdString(choice.name);
        list << QStringLiteral("baseline-carried");
        return list;
    }();
    return k;
}

void drawMarker(QPainter& p, MarkerShape shape, QPointF c, double r) {
    QPainterPath path;
    switch (shape) {
        case MarkerShape::Circle:
            path.addEllipse(c, r, r);
            break;
        case MarkerShape::Square:
            path.addRect(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r));
            break;
        case MarkerShape::Triangle:
            path.moveTo(c.x(), c.y() - r);
            path.lineTo(c.x() + r, c.y() + r);
            path.lineTo(c.x() - r, c.y() + r);
            path.closeSubpath();
            break;
        case MarkerShape::Diamond:
            path.moveTo(c.x(), c.y() - r);
            path.lineTo(c.x() + r, c.y());
            path.lineTo(c.x(), c.y() + r);
            path.lineTo(c.x() - r, c.y());
            path.closeSubpath();
            break;
        case MarkerShape::Star:
        case MarkerShape::Pentagon: {
            const int points = shape == MarkerShape::Star ? 10 : 5;
            for (int i = 0; i < points; ++i) {
                const double a = -M_PI / 2 + 2 * M_PI * i / points;
                const double rr = shape == MarkerShape::Star && i % 2 ? r * 0.45 : r;
                const QPointF q(c.x() + rr * std::cos(a), c.y() + rr * std::sin(a));
                if (i == 0)
                    path.moveTo(q);
                else
                    path.lineTo(q);
            }
            path.closeSubpath();
            break;
        }
    }
    p.drawPath(path);
}

}  // namespace

QString SeriesPalette::kindOf(const QString& id) {
    QString rest = id.section(QLatin1Char(':'), 0, 0);
    if (rest.startsWith(QLatin1String("proposed-"))) rest = rest.mid(9);
    // The longest kind that the id starts with, as a whole word ("sqrt-unbounded" before "sqrt").
    QString best;
    for (const QString& k : kinds())
        if ((rest == k || rest.startsWith(k + QLatin1Char('-'))) && k.size() > best.size()) best = k;
    return best.isEmpty() ? rest : best;
}

SeriesStyle SeriesPalette::slotStyle(int slot) {
    const auto n = static_cast<std::size_t>(slot < 0 ? 0 : slot);
    SeriesStyle s;
    s.color = QColor(kColors[n % kColors.size()]);
    // Slots 8.. repeat colours with other dashes and markers (8 and 6 are coprime after the shift).
    s.dash = kDashes[(n + n / kColors.size()) % kDashes.size()];
    s.marker = kMarkers[(n + 2 * (n / kColors.size())) % kMarkers.size()];
    return s;
}

SeriesStyle SeriesPalette::styleFor(const QString& id) {
    auto it = styles_.constFind(id);
    if (it != styles_.constEnd()) return *it;
    int slot = static_cast<int>(kinds().indexOf(kindOf(id)));
    if (slot < 0) slot = static_cast<int>(kinds().size());
    // A slot another series of this view already has: the next free one after the kinds'.
    auto taken = [this](const SeriesStyle& s) {
        for (const SeriesStyle& t : std::as_const(styles_))
            if (t == s) return true;
        return false;
    };
    for (int next = static_cast<int>(kinds().size()); taken(slotStyle(slot)); ++next) slot = next;
    const SeriesStyle style = slotStyle(slot);
    styles_.insert(id, style);
    return style;
}

void SeriesPalette::styleMarkers(QScatterSeries* markers, const SeriesStyle& style) {
    QScatterSeries::MarkerShape shape = QScatterSeries::MarkerShapeCircle;
    switch (style.marker) {
        case MarkerShape::Circle:
            shape = QScatterSeries::MarkerShapeCircle;
            break;
        case MarkerShape::Square:
            shape = QScatterSeries::MarkerShapeRectangle;
            break;
        case MarkerShape::Triangle:
            shape = QScatterSeries::MarkerShapeTriangle;
            break;
        case MarkerShape::Diamond:
            shape = QScatterSeries::MarkerShapeRotatedRectangle;
            break;
        case MarkerShape::Star:
            shape = QScatterSeries::MarkerShapeStar;
            break;
        case MarkerShape::Pentagon:
            shape = QScatterSeries::MarkerShapePentagon;
            break;
    }
    markers->setMarkerShape(shape);
    markers->setMarkerSize(8);
    markers->setColor(style.color);
    markers->setBorderColor(style.color);
}

QList<QPointF> SeriesPalette::markerPoints(const QList<QPointF>& line, int count) {
    QList<QPointF> out;
    const qsizetype every = std::max<qsizetype>(1, (line.size() + count - 1) / std::max(1, count));
    for (qsizetype i = 0; i < line.size(); i += every) out.append(line[i]);
    return out;
}

QPen SeriesPalette::pen(const SeriesStyle& style, double width) {
    QPen pen(style.color, width, style.dash);
    if (style.dash == Qt::CustomDashLine) pen.setDashPattern({8, 3});  // long dashes
    pen.setCapStyle(Qt::FlatCap);
    return pen;
}

QIcon SeriesPalette::icon(const SeriesStyle& style, int width, int height) {
    QPixmap pixmap(width * 2, height * 2);  // drawn at 2x for high-dpi screens
    pixmap.setDevicePixelRatio(2);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(pen(style, 2.0));
    p.drawLine(QPointF(1, height / 2.0), QPointF(width - 1, height / 2.0));
    p.setPen(QPen(style.color, 1.0));
    p.setBrush(style.color);
    drawMarker(p, style.marker, QPointF(width / 2.0, height / 2.0), height / 3.0);
    return QIcon(pixmap);
}

}  // namespace streamsynth::ui
