// TrueVsSyntheticView: combos (series; attribute or workload), the bar chart
// and the private-data warning.
#include "ui/releases/true_vs_synthetic_view.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QHBoxLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QResizeEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/values/schema.h"
#include "ui/charts/axis_ticks.h"
#include "ui/widgets/tones.h"

namespace streamsynth::ui {

TrueVsSyntheticView::TrueVsSyntheticView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    warning_ = new QLabel(tr("Computed from the private data: not for publication."), this);
    warning_->setStyleSheet(toneStyle(Tone::Problem, this, true));
    layout->addWidget(warning_);
    auto* bar = new QHBoxLayout();
    bar->addWidget(new QLabel(tr("Series:"), this));
    series_ = new QComboBox(this);
    series_->setToolTip(tr("The series of the last run whose release is compared with the private data."));
    bar->addWidget(series_, 1);
    bar->addWidget(new QLabel(tr("Attribute or workload:"), this));
    item_ = new QComboBox(this);
    item_->setToolTip(
        tr("The attribute (1-way) or workload (2-way) whose true and synthetic shares are shown, "
           "with their total-variation distance."));
    bar->addWidget(item_, 2);
    distance_ = new QLabel(this);
    bar->addWidget(distance_);
    layout->addLayout(bar);
    view_ = new QChartView(new QChart(), this);
    view_->chart()->setAnimationOptions(QChart::NoAnimation);
    view_->setRenderHint(QPainter::Antialiasing);
    view_->chart()->legend()->setAlignment(Qt::AlignRight);  // the height goes to the bars and their names
    layout->addWidget(view_, 1);
    connect(series_, &QComboBox::currentIndexChanged, this, &TrueVsSyntheticView::seriesChanged);
    connect(item_, &QComboBox::currentIndexChanged, this, &TrueVsSyntheticView::redraw);
}

void TrueVsSyntheticView::setRun(const api::Run* run) {
    run_ = run;
    absentReason_.clear();
    const QString previous = series_->currentText();
    QSignalBlocker block(series_);
    series_->clear();
    if (run_ != nullptr)
        for (const auto& s : run_->config().series) series_->addItem(QString::fromStdString(s.id));
    const int keep = series_->findText(previous);
    series_->setCurrentIndex(keep >= 0 ? keep : 0);
    seriesChanged();
}

void TrueVsSyntheticView::setAbsentReason(const QString& reason) {
    absentReason_ = reason;
    if (run_ == nullptr) redraw();
}

QString TrueVsSyntheticView::titleText() const {
    return view_->chart()->title();
}

void TrueVsSyntheticView::seriesChanged() {
    data_ = {};
    if (run_ != nullptr && !series_->currentText().isEmpty())
        data_ = run_->compareWithTruth(series_->currentText().toStdString());
    const int previous = item_->currentIndex();
    QSignalBlocker block(item_);
    item_->clear();
    for (const api::Distribution& d : data_.attributes) item_->addItem(QString::fromStdString(d.name));
    for (const api::Distribution& d : data_.workloads) item_->addItem(QString::fromStdString(d.name));
    item_->setCurrentIndex(previous >= 0 && previous < item_->count() ? previous : 0);
    redraw();
}

const api::Distribution* TrueVsSyntheticView::current() const {
    const int i = item_->currentIndex();
    if (i < 0) return nullptr;
    const auto n = static_cast<int>(data_.attributes.size());
    if (i < n) return &data_.attributes[static_cast<std::size_t>(i)];
    if (i - n < static_cast<int>(data_.workloads.size()))
        return &data_.workloads[static_cast<std::size_t>(i - n)];
    return nullptr;
}

QString TrueVsSyntheticView::warningText() const {
    return warning_->text();
}
QString TrueVsSyntheticView::distanceText() const {
    return distance_->text();
}

namespace {
// 100000000 as "100M" (k, M, G, T when the number is a whole multiple of a
// thousand): a bin's name "[100000000, 200000000)" was cut to "[100000000, 2…"
// under its bar (a GUI walkthrough of 2026-12-01); "[100M, 200M)" fits.
QString compactNumber(const QString& text) {
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || std::abs(v) < 10000) return text;
    constexpr std::pair<double, char> kUnits[] = {{1e12, 'T'}, {1e9, 'G'}, {1e6, 'M'}, {1e3, 'k'}};
    for (const auto& [unit, suffix] : kUnits) {
        if (std::abs(v) < unit) continue;
        const double q = v / unit;
        if (std::abs(q * 1000 - std::round(q * 1000)) > 1e-6) return text;  // not a round figure
        const QString shorter = QString::number(q, 'g', 6) + QLatin1Char(suffix);
        return shorter.size() < text.size() ? shorter : text;
    }
    return text;
}
}  // namespace

// Each number of a label ("[100000000, 200000000)", "5000000") in compactNumber's form.
QString TrueVsSyntheticView::compactNumbers(const QString& label) {
    static const QRegularExpression number(QStringLiteral("-?\\d+(\\.\\d+)?(e[+-]?\\d+)?"));
    QString out;
    qsizetype at = 0;
    for (auto it = number.globalMatch(label); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += label.mid(at, m.capturedStart() - at) + compactNumber(m.captured());
        at = m.capturedEnd();
    }
    return out + label.mid(at);
}

// "3 | 1" (codes, core/values/true_vs_synthetic.h) as the schema's labels of
// the distribution's attributes (by name: "age" or "age × sex").
QString TrueVsSyntheticView::cellLabel(const api::Distribution& d, std::size_t cell) const {
    const QString codes = QString::fromStdString(d.cells[cell]);
    if (run_ == nullptr) return codes;
    const data::Schema& schema = run_->schema();
    const QStringList names = QString::fromStdString(d.name).split(QStringLiteral(" × "));
    const QStringList parts = codes.split(QStringLiteral(" | "));
    if (names.size() != parts.size()) return codes;
    QStringList labels;
    for (int i = 0; i < names.size(); ++i) {
        const int a = schema.indexOf(names[i].toStdString());
        bool ok = false;
        const int code = parts[i].toInt(&ok);
        if (a < 0 || !ok) return codes;
        const data::AttributeSpec& spec = schema.attributes[static_cast<std::size_t>(a)];
        const QString label = QString::fromStdString(spec.label(code));
        // Only a numeric attribute's bins: a category named "10000" (a postcode) stays as it is.
        labels << (spec.kind == data::AttributeKind::Numeric ? compactNumbers(label) : label);
    }
    return labels.join(QStringLiteral(" | "));
}

void TrueVsSyntheticView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (!categories_.isEmpty() && view_->width() != drawnWidth_) redraw();
}

void TrueVsSyntheticView::redraw() {
    QChart* chart = view_->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    const api::Distribution* d = current();
    distance_->setText(d == nullptr ? QString() : tr("TV distance %1").arg(d->tv, 0, 'f', 3));
    const QString absent = absentReason_.isEmpty() ? tr("True vs synthetic (no finished run)")
                                                   : tr("True vs synthetic: %1").arg(absentReason_);
    chart->setTitle(d == nullptr ? absent : tr("True vs synthetic: %1").arg(QString::fromStdString(d->name)));
    // How many cells are shown on a line of its own (rich text): a long workload name and the count
    // on one line were cut to "…" at 1024x700.
    if (d != nullptr && d->truth.size() > std::min<std::size_t>(kShownCells, shownCells()))
        chart->setTitle(tr("True vs synthetic: %1").arg(QString::fromStdString(d->name).toHtmlEscaped()) +
                        QStringLiteral("<br><span style='font-size:small'>") +
                        tr("the %1 largest of %2 cells")
                            .arg(std::min<std::size_t>(kShownCells, shownCells()))
                            .arg(d->truth.size()) +
                        QStringLiteral("</span>"));
    categories_.clear();
    if (d == nullptr) return;
    // The largest true cells (all of them for a 1-way marginal up to kShownCells).
    std::vector<std::size_t> order(d->truth.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return d->truth[a] > d->truth[b]; });
    // As many as the plot's width can name: Qt Charts cuts a name to "…" when its box (upright:
    // a line high) is wider than its bar group.
    const std::size_t shown = std::min<std::size_t>(kShownCells, shownCells());
    if (order.size() > shown) order.resize(shown);
    std::sort(order.begin(), order.end());
    auto* truth = new QBarSet(tr("true"));
    auto* release = new QBarSet(tr("synthetic"));
    QStringList categories;
    double top = 0;
    for (std::size_t c : order) {
        *truth << d->truth[c];
        *release << d->release[c];
        categories << cellLabel(*d, c);
        top = std::max({top, d->truth[c], d->release[c]});
    }
    auto* series = new QBarSeries();
    series->append(truth);
    series->append(release);
    chart->addSeries(series);
    categories_ = categories;
    auto* x = new QBarCategoryAxis();
    drawnWidth_ = view_->width();
    const int angle = nameAngle(x->labelsFont());
    // The axis draws its names as HTML: "<other>" (the coarsened labels' bucket) must be escaped or
    // its bar, often the tallest, goes unnamed.
    for (const QString& c : categories) x->append(c.toHtmlEscaped());
    x->setLabelsAngle(angle);
    reserveLabelRoom(x);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    chart->addAxis(shareAxis(top), Qt::AlignLeft);
    series->attachAxis(chart->axes(Qt::Vertical).first());
    connect(series, &QBarSeries::hovered, this, [this](bool over, int index) {
        if (over)  // rich text, escaped: "<other>" is shown, not taken for a tag
            QToolTip::showText(QCursor::pos(),
                               QStringLiteral("<p>%1</p>").arg(barText(index).toHtmlEscaped()), view_);
        else
            QToolTip::hideText();
    });
}

// Shares on 1-2-5 ticks from 0 (0.2, 0.4, …; never 0.21, 0.41, …), the top tick above the tallest bar.
QValueAxis* TrueVsSyntheticView::shareAxis(double top) {
    auto* y = new QValueAxis();
    const std::vector<double> ticks = linearTicks(0, top > 0 ? top * 1.05 : 1, 5);
    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 0.2;
    const double max = std::ceil((top > 0 ? top * 1.05 : 1) / step - 1e-9) * step;
    y->setRange(0, max);
    y->setTickType(QValueAxis::TicksDynamic);
    y->setTickAnchor(0);
    y->setTickInterval(step);
    const int decimals = std::max(0, static_cast<int>(std::ceil(-std::log10(step) - 1e-9)));
    y->setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
    y->setTitleText(tr("share of rows"));
    return y;
}

// Qt Charts cuts a name to "…" when its drawn box is wider than its bar group less the labels'
// padding: level names need their width, names slanted at 60° half of it plus most of a line,
// upright ones a line (shownCells keeps the groups at least that wide).
int TrueVsSyntheticView::plotWidth() const {
    // The plot as last laid out (a redraw follows every resize); before the first layout, the
    // view less the y axis, its title, the legend and the margins.
    const QRectF plot = view_->chart()->plotArea();
    const int laidOut = static_cast<int>(plot.width());
    return laidOut > 50 ? laidOut : std::max(150, view_->width() - 220);
}

std::size_t TrueVsSyntheticView::shownCells() const {
    const int line = QFontMetrics(QBarCategoryAxis().labelsFont()).height();
    return static_cast<std::size_t>(std::max(6, plotWidth() / (line + kLabelPadding + 2)));
}

int TrueVsSyntheticView::nameAngle(const QFont& font) const {
    if (categories_.isEmpty()) return 0;
    const QFontMetrics metrics(font);
    const double room =
        static_cast<double>(plotWidth()) / static_cast<double>(categories_.size()) - kLabelPadding;
    int longest = 0;
    for (const QString& c : categories_) longest = std::max(longest, metrics.horizontalAdvance(c));
    if (longest <= room) return 0;
    if (0.5 * longest + std::sin(M_PI / 3) * metrics.height() <= room) return -60;
    return -90;
}

// The chart is never shorter than its plot plus its category names (slanted ones take their projected
// height): in a short tab the page scrolls instead of cutting the names to "…".
void TrueVsSyntheticView::reserveLabelRoom(const QBarCategoryAxis* x) {
    const QFontMetrics metrics(x->labelsFont());
    int longest = 0;
    for (const QString& c : categories_) longest = std::max(longest, metrics.horizontalAdvance(c));
    const double angle = std::abs(x->labelsAngle()) * M_PI / 180.0;
    const int names =
        static_cast<int>(std::ceil(longest * std::sin(angle) + metrics.height() * std::cos(angle)));
    // The smallest readable plot, the title and the margins: at 190 Qt Charts still cut upright
    // names by a few characters at 1280x800 (a GUI check of 2026-12-01).
    constexpr int kPlotAndTitle = 230;
    view_->setMinimumHeight(kPlotAndTitle + names);
}

QString TrueVsSyntheticView::barText(int index) const {
    const api::Distribution* d = current();
    if (d == nullptr || index < 0 || index >= categories_.size()) return {};
    const auto bars = view_->chart()->series();
    const auto* series = bars.isEmpty() ? nullptr : qobject_cast<const QBarSeries*>(bars.first());
    if (series == nullptr || series->count() < 2) return {};
    return tr("%1 = %2: true %3%, synthetic %4%")
        .arg(QString::fromStdString(d->name), categories_[index])
        .arg(100.0 * series->barSets()[0]->at(index), 0, 'f', 1)
        .arg(100.0 * series->barSets()[1]->at(index), 0, 'f', 1);
}

}  // namespace streamsynth::ui
