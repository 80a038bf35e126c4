// CounterCompareView: settings, the background simulation and the chart
// (solid = simulated RMSE, dashed = theory, one colour per counter), in the
// chosen privacy model.
#include "ui/charts/counter_compare_view.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPointer>
#include <QPushButton>
#include <QScatterSeries>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>
#include <QValueAxis>
#include <cmath>

#include "core/api/privacy.h"
#include "core/api/privacy_choice.h"
#include "core/values/error.h"
#include "ui/charts/axis_ticks.h"
#include "ui/charts/chart_legend.h"
#include "ui/charts/series_palette.h"
#include "ui/experiment/privacy_selector.h"

namespace streamsynth::ui {

CounterCompareView::CounterCompareView(QWidget* parent) : QWidget(parent) {
    layout_ = new QBoxLayout(QBoxLayout::LeftToRight, this);
    layout_->setContentsMargins(0, 0, 0, 0);
    // The controls keep a readable width (the budget field, the wrapped
    // explanation); the chart takes the rest, and the tab scrolls when narrow.
    controls_ = new QWidget(this);
    controls_->setLayout(makeControls());
    controls_->setMinimumWidth(330);
    controls_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    layout_->addWidget(controls_);
    layout_->addLayout(makeChart(), 1);
    connect(compute_, &QPushButton::clicked, this, &CounterCompareView::compute);
    connect(log_, &QCheckBox::toggled, this, &CounterCompareView::compute);
    updateAvailability();
}

// The counters to compare, the privacy model and budget, the simulation's settings and Compare.
QGridLayout* CounterCompareView::makeControls() {
    auto* controls = new QGridLayout();
    int row = 0;
    for (const api::CounterChoice& choice : choices_) {
        const QString key = QString::fromStdString(choice.name);
        // The Series panel's words for the kind ("count on your elders", not "elders").
        auto* box = new QCheckBox(QCoreApplication::translate("CounterKind", choice.title.c_str()), this);
        box->setChecked(key == QLatin1String("simple") || key == QLatin1String("tree") ||
                        key == QLatin1String("hybrid"));
        boxes_.insert(key, box);
        controls->addWidget(box, row / 2, row % 2);
        ++row;
    }
    row = (row + 1) / 2;
    auto* privacyForm = new QFormLayout();
    privacyForm->setContentsMargins(0, 0, 0, 0);
    privacy_ = new PrivacySelector(this, QStringLiteral("1"));
    privacyForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    privacy_->addRowsTo(privacyForm);
    privacy_->budgetEdit()->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0.000125")) + 16);
    controls->addLayout(privacyForm, row++, 0, 1, 2);
    connect(privacy_, &PrivacySelector::modelChanged, this, [this](privacy::PrivacyModel model) {
        updateAvailability();
        // The model's best counter for the running count is shown with the others.
        const QString best = QString::fromStdString(api::bestRunningCounter(model, steps_->value()));
        if (QCheckBox* box = boxes_.value(best.section(QLatin1Char(':'), 0, 0))) box->setChecked(true);
    });
    // Two settings a row, and Log scale beside Compare: the controls fit a
    // 1280x800 window's tab without scrolling (the note is under the chart).
    auto* simulation = new QGridLayout();
    simulation->setContentsMargins(0, 0, 0, 0);
    addSimulationRows(simulation);
    controls->addLayout(simulation, row++, 0, 1, 2);
    auto* buttons = new QHBoxLayout();
    compute_ = new QPushButton(tr("Compare"), this);
    log_ = new QCheckBox(tr("Log scale"), this);
    buttons->addWidget(compute_, 1);
    buttons->addWidget(log_);
    controls->addLayout(buttons, row++, 0, 1, 2);
    controls->setRowStretch(row, 1);
    // The counters' boxes get their tooltips in updateAvailability (which depends on the model).
    privacy_->budgetEdit()->setToolTip(tr(
        "The counter's budget, one value: the measurement share ε/(2k) of a run's ε (or its ρ under zCDP)"));
    eldersArity_->setToolTip(tr("K: arity of the elders counter's tree (odd, 3 to 63)"));
    steps_->setToolTip(tr("Horizon T: steps simulated (the tree counters' horizon too)"));
    reps_->setToolTip(tr("Repetitions of the simulation: more give a smoother RMSE"));
    blockSize_->setToolTip(tr("B: steps per block of the block counter (about √T is best)"));
    log_->setToolTip(tr("Log y axis"));
    compute_->setToolTip(tr("Simulate the chosen counters on random 0/1 increments (no private data)"));
    return controls;
}

// Steps T and repetitions on one row, block size and elders arity on the next.
void CounterCompareView::addSimulationRows(QGridLayout* grid) {
    const auto addPair = [this, grid](int row, int column, const QString& label, QSpinBox* box) {
        grid->addWidget(new QLabel(label, this), row, column);
        grid->addWidget(box, row, column + 1);
    };
    steps_ = new QSpinBox(this);
    steps_->setRange(1, 100000);
    steps_->setValue(256);
    addPair(0, 0, tr("Steps T:"), steps_);
    reps_ = new QSpinBox(this);
    reps_->setRange(1, 100000);
    reps_->setValue(200);
    addPair(0, 2, tr("Repetitions:"), reps_);
    blockSize_ = new QSpinBox(this);
    blockSize_->setRange(1, 100000);
    blockSize_->setValue(16);
    addPair(1, 0, tr("Block size B:"), blockSize_);
    eldersArity_ = new QSpinBox(this);
    eldersArity_->setRange(3, 63);
    eldersArity_->setSingleStep(2);  // odd arities only
    eldersArity_->setValue(7);
    addPair(1, 2, tr("Elders arity K:"), eldersArity_);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
}

void CounterCompareView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // Beside the controls only where the chart keeps a readable width.
    const bool narrow = width() < controls_->minimumWidth() + 400;
    const auto direction = narrow ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight;
    if (layout_->direction() == direction) return;
    layout_->setDirection(direction);
    view_->setMinimumHeight(narrow ? 280 : 0);
}

QVBoxLayout* CounterCompareView::makeChart() {
    // The chart with the charts' legend: each counter in the look its series has in
    // the run's charts (series_palette.h); the simulated RMSE in that look, the
    // theoretical std as a thin dotted line of the same colour.
    auto* right = new QVBoxLayout();
    legend_ = new ChartLegend(this);
    connect(legend_, &ChartLegend::toggled, this, [this](const QString& id, bool shown) {
        for (QAbstractSeries* s : view_->chart()->series())
            if (s->property("counter").toString() == id) s->setVisible(shown);
    });
    right->addWidget(legend_);
    view_ = new QChartView(new QChart(), this);
    view_->chart()->setAnimationOptions(QChart::NoAnimation);
    view_->chart()->setTitle(tr("Counter error over t"));
    view_->chart()->legend()->hide();
    view_->setRenderHint(QPainter::Antialiasing);
    right->addWidget(view_, 1);
    message_ =
        new QLabel(tr("Simulated on random 0/1 increments: no private data is used. Lines with markers: "
                      "simulated RMSE; thin dotted: theoretical std."),
                   this);
    message_->setWordWrap(true);
    right->addWidget(message_);
    return right;
}

void CounterCompareView::updateAvailability() {
    const privacy::PrivacyModel model = privacy_->model();
    for (const api::CounterChoice& choice : choices_) {
        QCheckBox* box = boxes_.value(QString::fromStdString(choice.name));
        // Whether a kind exists in a model does not depend on its parameters.
        const bool available = choice.pureDp || model == privacy::PrivacyModel::ZCdp;
        box->setEnabled(available);
        if (!available) box->setChecked(false);
        box->setToolTip(
            available ? QCoreApplication::translate("CounterKind", choice.about.c_str()) + QLatin1Char(' ') +
                            tr("Compare this continual counter (Help ▸ Guide, Continual counters)")
                      : tr("Only under ρ-zCDP: this factorisation has no pure ε-DP calibration (the L1 "
                           "norm of its noise's columns grows without bound, like √T)."));
    }
}

double CounterCompareView::theoryAt(const QString& counter, int t) const {
    for (const Curve& c : shown_)
        if (c.counter == counter && t >= 1 && static_cast<std::size_t>(t) <= c.theory.size())
            return c.theory[static_cast<std::size_t>(t - 1)];
    return -1;
}

CounterCompareView::~CounterCompareView() {
    stop();
}

void CounterCompareView::stop() {
    if (!thread_) return;
    if (cancel_) cancel_->store(true);
    thread_->wait();
    delete thread_;
    thread_ = nullptr;
}

QStringList CounterCompareView::chosenCounters() const {
    QStringList out;
    const int t = steps_->value();
    for (const api::CounterChoice& choice : choices_) {
        if (!boxes_.value(QString::fromStdString(choice.name))->isChecked()) continue;
        out << QString::fromStdString(
            api::counterChoiceText(choice, blockSize_->value(), eldersArity_->value(), t));
    }
    return out;
}

void CounterCompareView::setHorizon(int steps) {
    steps_->setValue(std::max(1, steps));
    blockSize_->setValue(std::max(1, static_cast<int>(std::lround(std::sqrt(steps)))));
    forgetStaleChart();
}

QString CounterCompareView::settingsKey() const {
    return chosenCounters().join(QLatin1Char(',')) + QLatin1Char('|') + QString::number(steps_->value());
}

// A GUI walkthrough of 2026-12-01: opening a 49-step stream set T = 49 while
// the chart still plotted t = 1..10 of the last comparison.
void CounterCompareView::forgetStaleChart() {
    if (shownKey_.isEmpty() || shownKey_ == settingsKey()) return;
    if (thread_) {
        stop();
        compute_->setEnabled(true);
    }
    shownKey_.clear();
    shown_.clear();
    resetAxes();
    view_->chart()->setTitle(tr("Counter error over t"));
    message_->setText(tr("The settings changed (T = %1): Compare simulates them.").arg(steps_->value()));
}

void CounterCompareView::showRunCounters(privacy::PrivacyModel model, const QStringList& counters) {
    // Each text as kind and parameters, without a "+discrete" noise suffix (release mode's).
    std::vector<QStringList> known;
    for (const QString& c : counters) {
        const QStringList parts = c.section(QLatin1Char('+'), 0, 0).split(QLatin1Char(':'));
        if (boxes_.contains(parts[0])) known.push_back(parts);
    }
    if (known.empty()) return;  // baselines only: no counter to show
    privacy_->setModel(model);  // first: a model change ticks its best counter
    QStringList kinds;
    for (const QStringList& parts : known) {
        const QString& kind = parts[0];
        kinds << kind;
        const int parameter = parts.value(1).toInt();
        if (kind == QLatin1String("block") && parameter > 0) blockSize_->setValue(parameter);
        if (kind == QLatin1String("elders") && parameter > 0) eldersArity_->setValue(parameter);
        // The horizon a tree-like counter was built for ("tree:977", "elders:7:977"): the run's T.
        const int horizon = parts.value(kind == QLatin1String("elders") ? 2 : 1).toInt();
        if (kind != QLatin1String("block") && horizon > steps_->value()) steps_->setValue(horizon);
    }
    for (auto it = boxes_.begin(); it != boxes_.end(); ++it) it.value()->setChecked(kinds.contains(it.key()));
}

void CounterCompareView::showRun(const stream::RunConfig& config, int steps) {
    setHorizon(steps);
    QStringList counters;  // the proposed series' counters (a baseline's is none, or "carried")
    for (const auto& series : config.series)
        if (series.streamer == stream::StreamerKind::Proposed)
            counters << QString::fromStdString(series.counter);
    showRunCounters(config.privacy, counters);
    forgetStaleChart();
}

void CounterCompareView::compute() {
    stop();
    const QStringList counters = chosenCounters();
    QString budgetError;
    const std::vector<privacy::Budget> budgets = privacy_->budgets(&budgetError);
    if (budgetError.isEmpty() && budgets.size() != 1) budgetError = tr("Give one budget for the comparison.");
    if (!budgetError.isEmpty()) {
        message_->setText(budgetError);
        return;
    }
    const double budget = budgets[0].amount();
    const privacy::PrivacyModel model = budgets[0].model();
    const long long steps = steps_->value();
    const long long reps = reps_->value();
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    auto cancel = cancel_;
    shownKey_ = settingsKey();
    compute_->setEnabled(false);
    message_->setText(tr("Simulating…"));
    QPointer<CounterCompareView> self(this);
    thread_ = QThread::create([self, counters, budget, model, steps, reps, cancel] {
        std::vector<Curve> curves;
        QString error;
        try {
            for (const QString& text : counters) {
                privacy::CounterSimulationSettings settings;
                settings.spec = privacy::parseCounterSpec(text.toStdString(), model);
                settings.budget = budget;
                settings.steps = steps;
                settings.reps = reps;
                settings.seed = 1;
                const auto rows =
                    privacy::simulateCounter(settings, [&](long long, long long) { return !cancel->load(); });
                Curve curve{text, {}, {}};
                for (const auto& r : rows) {
                    curve.rmse.push_back(r.rmse);
                    curve.theory.push_back(r.theoryStd);
                }
                curves.push_back(std::move(curve));
                if (cancel->load()) return;
            }
        } catch (const Error& e) {
            error = QString::fromStdString(e.describe());
        } catch (const std::exception& e) {
            error = QString::fromLocal8Bit(e.what());
        }
        // Results are plain values; the chart is built on the GUI thread.
        QMetaObject::invokeMethod(
            self.data(),
            [self, curves, error, cancel] {
                // Ignore results of a simulation that a newer one replaced.
                if (self && self->cancel_ == cancel && !cancel->load()) self->showCurves(curves, error);
            },
            Qt::QueuedConnection);
    });
    thread_->start();
}

// The model and budget in the title; the legend says which line is which (markers: simulated RMSE).
void CounterCompareView::showHeading(const QString& error) {
    view_->chart()->setTitle(tr("Counter error over t") + QStringLiteral(" · ") +
                             (privacy_->model() == privacy::PrivacyModel::Pure
                                  ? tr("pure ε-DP, ε = %1").arg(privacy_->budgetEdit()->text().trimmed())
                                  : tr("ρ-zCDP, %1").arg(privacy_->conversionText())));
    message_->setText(error.isEmpty()
                          ? tr("Simulated on random 0/1 increments: no private data is used. Lines with "
                               "markers: simulated RMSE; thin dotted: theoretical std.")
                          : error);
}

// An empty chart with a fresh t axis and a linear or log error axis.
std::pair<QValueAxis*, QAbstractAxis*> CounterCompareView::resetAxes() {
    QChart* chart = view_->chart();
    chart->removeAllSeries();
    for (QAbstractAxis* axis : chart->axes()) {
        chart->removeAxis(axis);
        delete axis;
    }
    auto* x = new QValueAxis();
    x->setTitleText(tr("t"));
    x->setLabelFormat(QStringLiteral("%d"));
    QAbstractAxis* y = nullptr;
    if (log_->isChecked()) {
        auto* logAxis = new QLogValueAxis();
        logAxis->setLabelFormat(QStringLiteral("%.3g"));
        y = logAxis;
    } else {
        auto* linear = new QValueAxis();
        linear->setLabelFormat(QStringLiteral("%.3g"));  // "40", not "40.0": a narrow chart cut it to "4…"
        y = linear;
    }
    y->setTitleText(tr("error (counts)"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    return {x, y};
}

void CounterCompareView::showCurves(const std::vector<Curve>& curves, const QString& error) {
    if (thread_) {
        thread_->wait();
        delete thread_;
        thread_ = nullptr;
    }
    compute_->setEnabled(true);
    shown_ = curves;
    showHeading(error);
    QChart* chart = view_->chart();
    const auto [x, y] = resetAxes();
    SeriesPalette palette;
    legend_->clear();
    QList<QScatterSeries*> marks;
    double hi = 0, lo = 1e300;
    int steps = 1;
    for (const Curve& c : curves) {
        const SeriesStyle style = palette.styleFor(c.counter);
        const QColor color = style.color;
        legend_->addEntry(c.counter, c.counter, style);
        auto* sim = new QLineSeries();
        auto* theory = new QLineSeries();
        sim->setName(tr("%1 simulated").arg(c.counter));
        theory->setName(tr("%1 theory").arg(c.counter));
        sim->setPen(SeriesPalette::pen(style, 1.8));
        theory->setPen(QPen(color, 1.0, Qt::DotLine));
        sim->setProperty("counter", c.counter);
        theory->setProperty("counter", c.counter);
        QList<QPointF> a, b;
        for (std::size_t i = 0; i < c.rmse.size(); ++i) {
            const double t = static_cast<double>(i + 1);
            // Log axes cannot show 0 (a counter may be exact at t = 1 of no noise terms).
            a.append({t, std::max(c.rmse[i], 1e-9)});
            b.append({t, std::max(c.theory[i], 1e-9)});
            hi = std::max({hi, c.rmse[i], c.theory[i]});
            lo = std::min({lo, std::max(c.rmse[i], 1e-9), std::max(c.theory[i], 1e-9)});
        }
        steps = std::max(steps, static_cast<int>(c.rmse.size()));
        sim->replace(a);
        theory->replace(b);
        for (QLineSeries* s : {sim, theory}) {
            chart->addSeries(s);
            s->attachAxis(x);
            s->attachAxis(y);
        }
        auto* m = new QScatterSeries();
        SeriesPalette::styleMarkers(m, style);
        m->setProperty("counter", c.counter);
        m->replace(SeriesPalette::markerPoints(a));
        marks << m;
    }
    // After every line pair, so the lines keep their order (simulated, theory per counter).
    for (QScatterSeries* m : marks) {
        chart->addSeries(m);
        m->attachAxis(x);
        m->attachAxis(y);
    }
    x->setRange(1, std::max(2, steps));
    // Whole steps at 1-2-5 multiples, as in the run's charts.
    const std::vector<double> xs = linearTicks(0, std::max(2, steps), 6);
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(0);
    x->setTickInterval(xs.size() >= 2 ? std::max(1.0, xs[1] - xs[0]) : 1.0);
    if (log_->isChecked())
        y->setRange(lo > 0 && lo < 1e300 ? lo : 0.1, hi > 0 ? hi * 1.2 : 1);
    else {
        y->setRange(0, hi > 0 ? hi * 1.05 : 1);
        static_cast<QValueAxis*>(y)->applyNiceNumbers();
    }
    Q_EMIT computed();
}

}  // namespace streamsynth::ui
