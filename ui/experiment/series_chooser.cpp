// SeriesChooser: one row per series (checkbox and parameters), availability
// by privacy model (api::counterSupportsModel), the model's default counter.
#include "ui/experiment/series_chooser.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <algorithm>
#include <cmath>

#include "core/api/privacy_choice.h"
#include "ui/widgets/spin_box.h"

namespace streamsynth::ui {

SeriesChooser::SeriesChooser(QWidget* parent) : QGroupBox(tr("Series"), parent) {
    auto* grid = new QGridLayout(this);
    baseline_ = new QCheckBox(tr("baseline (independent per step)"), this);
    baseline_->setChecked(true);
    baseline_->setToolTip(
        tr("An independent MWEM + graphical model per step, each step with the whole budget (the "
           "paper's baseline)."));
    grid->addWidget(baseline_, 0, 0, 1, 2);
    connect(baseline_, &QCheckBox::toggled, this, &SeriesChooser::changed);
    carried_ = new QCheckBox(tr("baseline · carried model, every column measured"), this);
    carried_->setToolTip(
        tr("MWEM + graphical model per step that starts from the previous step's model and first "
           "measures every column's 1-way marginal with three quarters of the budget. The most "
           "accurate series on Adult; on thin streams (a few rows per step) single columns can "
           "end further from the truth than a uniform column."));
    grid->addWidget(carried_, 1, 0, 1, 2);
    connect(carried_, &QCheckBox::toggled, this, &SeriesChooser::changed);

    for (const api::CounterChoice& choice : api::counterChoices()) addEntry(choice);
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        const Entry& e = entries_[i];
        const int row = static_cast<int>(i) + 2;
        grid->addWidget(e.box, row, 0);
        if (!e.first) continue;
        auto* params = new QHBoxLayout();
        params->addWidget(e.first);
        if (e.second) {
            params->addWidget(new QLabel(tr("T ="), this));
            params->addWidget(e.second);
        }
        grid->addLayout(params, row, 1);
    }
    // Tab goes down the rows, each check box before its fields (the fields are made first: a GUI
    // walkthrough of 2026-12-01 tabbed to "T =" before its check box).
    QWidget* previous = carried_;
    for (const Entry& e : entries_)
        for (QWidget* w :
             {static_cast<QWidget*>(e.box), static_cast<QWidget*>(e.first), static_cast<QWidget*>(e.second)})
            if (w) {
                QWidget::setTabOrder(previous, w);
                previous = w;
            }
    box("simple")->setChecked(true);
    box("hybrid")->setChecked(true);
    updateAvailability();
}

// One row per registered counter kind (api::counterChoices): its words in the
// context "CounterKind", and a field for each parameter of its grammar.
void SeriesChooser::addEntry(const api::CounterChoice& choice) {
    using Args = api::CounterChoice::Args;
    const QString title = QCoreApplication::translate("CounterKind", choice.title.c_str());
    QString label = tr("proposed · %1").arg(title);
    QSpinBox *first = nullptr, *second = nullptr;
    const auto horizon = [this] {
        auto* spin = makeSpin(this, 1, 10000000, 1000);
        spin->setToolTip(tr("T: the stream's horizon in steps (the counter needs it in advance)."));
        horizons_.push_back(spin);
        return spin;
    };
    if (choice.args == Args::BlockSize) {
        label = tr("proposed · %1, B =").arg(title);
        first = makeSpin(this, 1, 1000000, 16);
        first->setToolTip(tr("B: steps per block (about √T is best)."));
        blockSizes_.push_back(first);
    } else if (choice.args == Args::Horizon) {
        label = tr("proposed · %1, T =").arg(title);
        first = horizon();
    } else if (choice.args == Args::ArityHorizon) {
        label = tr("proposed · %1, K =").arg(title);
        first = makeSpin(this, 3, 63, 7);
        first->setSingleStep(2);  // odd arities only (balanced digits)
        first->setToolTip(tr("Arity K of the tree (odd, 3 to 63)."));
        if (choice.name == "elders") eldersArity_ = first;
        second = horizon();
    }
    Entry e{QString::fromStdString(choice.name),
            new QCheckBox(label, this),
            choice,
            first,
            second,
            QCoreApplication::translate("CounterKind", choice.about.c_str())};
    connect(e.box, &QCheckBox::toggled, this, &SeriesChooser::changed);
    for (QSpinBox* spin : {first, second})
        if (spin) connect(spin, &QSpinBox::valueChanged, this, &SeriesChooser::changed);
    entries_.push_back(e);
}

QCheckBox* SeriesChooser::box(const QString& key) const {
    if (key == QLatin1String("baseline")) return baseline_;
    if (key == QLatin1String("baseline-carried")) return carried_;
    for (const Entry& e : entries_)
        if (e.key == key) return e.box;
    return nullptr;
}

void SeriesChooser::setStepCount(int steps) {
    if (steps <= 0) return;
    steps_ = steps;
    for (QSpinBox* spin : horizons_) spin->setValue(steps);
    for (QSpinBox* spin : blockSizes_)
        spin->setValue(std::max(1, static_cast<int>(std::lround(std::sqrt(steps)))));
}

QString SeriesChooser::counterText(const Entry& e) const {
    // Arity kinds' first field is K, the second T; other kinds' one field is B or T.
    const bool arity = e.choice.args == api::CounterChoice::Args::ArityHorizon;
    const long long first = e.first ? e.first->value() : 0;
    return QString::fromStdString(api::counterChoiceText(e.choice, first, arity ? static_cast<int>(first) : 0,
                                                         arity ? e.second->value() : first));
}

QString SeriesChooser::defaultKey(privacy::PrivacyModel model) const {
    const QString text = QString::fromStdString(api::defaultCounter(model, steps_));
    return text.section(QLatin1Char(':'), 0, 0);
}

void SeriesChooser::setModel(privacy::PrivacyModel model) {
    if (model == model_) return;
    // The default follows the model: the old model's default counter is swapped for the new one's.
    QCheckBox* oldDefault = box(defaultKey(model_));
    const bool swap = oldDefault && oldDefault->isChecked();
    model_ = model;
    updateAvailability();
    if (swap) {
        oldDefault->setChecked(false);
        if (QCheckBox* b = box(defaultKey(model))) b->setChecked(true);
    }
    Q_EMIT changed();
}

void SeriesChooser::updateAvailability() {
    for (const Entry& e : entries_) {
        const bool available = api::counterSupportsModel(counterText(e).toStdString(), model_);
        e.box->setEnabled(available);
        if (e.first) e.first->setEnabled(available);
        if (e.second) e.second->setEnabled(available);
        if (!available) e.box->setChecked(false);
        e.box->setToolTip(
            available ? e.about
                      : tr("Only under ρ-zCDP: this factorisation has no pure ε-DP calibration (the L1 "
                           "norm of its noise's columns grows without bound, like √T). Choose the zCDP "
                           "privacy model to use it."));
    }
}

std::vector<std::string> SeriesChooser::seriesNames() const {
    std::vector<std::string> names;
    if (baseline_->isChecked()) names.push_back("baseline");
    if (carried_->isChecked()) names.push_back("baseline:carried");
    for (const QString& spec : counterSpecs()) names.push_back("proposed:" + spec.toStdString());
    return names;
}

QStringList SeriesChooser::counterSpecs() const {
    QStringList specs;
    for (const Entry& e : entries_)
        if (e.box->isChecked()) specs << counterText(e);
    return specs;
}

QStringList SeriesChooser::checkedKeys() const {
    QStringList keys;
    if (baseline_->isChecked()) keys << QStringLiteral("baseline");
    if (carried_->isChecked()) keys << QStringLiteral("baseline-carried");
    for (const Entry& e : entries_)
        if (e.box->isChecked()) keys << e.key;
    return keys;
}

void SeriesChooser::selectSeries(const QStringList& keys) {
    baseline_->setChecked(keys.contains(QStringLiteral("baseline")));
    carried_->setChecked(keys.contains(QStringLiteral("baseline-carried")));
    for (const Entry& e : entries_) e.box->setChecked(e.box->isEnabledTo(this) && keys.contains(e.key));
}

void SeriesChooser::selectSpecs(const QStringList& counterSpecs, bool baseline, bool carried) {
    baseline_->setChecked(baseline);
    carried_->setChecked(carried);
    for (const Entry& e : entries_) {
        QStringList parts;
        for (const QString& spec : counterSpecs)
            if (spec.section(QLatin1Char(':'), 0, 0) == e.key) parts = spec.split(QLatin1Char(':'));
        if (parts.size() > 1 && e.first) e.first->setValue(parts[1].toInt());
        if (parts.size() > 2 && e.second) e.second->setValue(parts[2].toInt());
        e.box->setChecked(!parts.isEmpty() && e.box->isEnabledTo(this));
    }
}

}  // namespace streamsynth::ui
