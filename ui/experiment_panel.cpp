// ExperimentPanel: the form, its validation and the RunConfig it builds.
#include "ui/experiment_panel.h"

#include <cmath>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include "core/common/error.h"

namespace streamsynth::ui {

namespace {

std::size_t binomial(int n, int k) {
    if (k < 0 || k > n) return 0;
    double r = 1;
    for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
    return static_cast<std::size_t>(std::llround(r));
}

QSpinBox* makeSpin(QWidget* parent, int lo, int hi, int value) {
    auto* spin = new QSpinBox(parent);
    spin->setRange(lo, hi);
    spin->setValue(value);
    return spin;
}

}  // namespace

ExperimentPanel::ExperimentPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* form = new QFormLayout();
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    way_ = new QComboBox(this);
    way_->addItem(tr("All 2-way marginals"), 2);
    way_->addItem(tr("All 3-way marginals"), 3);
    form->addRow(tr("Workloads:"), way_);

    epsilon_ = new QLineEdit(QStringLiteral("1.0"), this);
    epsilon_->setToolTip(tr("Privacy budget per stream; several values separated by commas run one series each."));
    form->addRow(tr("ε:"), epsilon_);

    rounds_ = makeSpin(this, 1, 1000, 5);
    rounds_->setToolTip(tr("Workloads measured per step (k)."));
    form->addRow(tr("k (rounds):"), rounds_);

    fitEngine_ = new QComboBox(this);
    fitEngine_->addItem(tr("PGM (graphical model)"), QStringLiteral("pgm"));
    fitEngine_->addItem(tr("MW (multiplicative weights)"), QStringLiteral("mw"));
    form->addRow(tr("Fit engine:"), fitEngine_);

    fitIterations_ = makeSpin(this, 1, 100000, 100);
    form->addRow(tr("Fit iterations:"), fitIterations_);

    score_ = new QComboBox(this);
    score_->addItem(tr("L1 minus noise"), static_cast<int>(stream::ScoreKind::L1MinusNoise));
    score_->addItem(tr("Paper"), static_cast<int>(stream::ScoreKind::Paper));
    form->addRow(tr("Selection score:"), score_);

    seed_ = makeSpin(this, 0, 2147483647, 1);
    form->addRow(tr("Seed:"), seed_);
    layout->addLayout(form);

    auto* seriesBox = new QGroupBox(tr("Series"), this);
    auto* grid = new QGridLayout(seriesBox);
    baseline_ = new QCheckBox(tr("baseline (independent per step)"), seriesBox);
    simple_ = new QCheckBox(tr("proposed · simple"), seriesBox);
    block_ = new QCheckBox(tr("proposed · block, B ="), seriesBox);
    blockSize_ = makeSpin(seriesBox, 1, 1000000, 16);
    unboundedBlock_ = new QCheckBox(tr("proposed · unbounded block"), seriesBox);
    tree_ = new QCheckBox(tr("proposed · tree, T ="), seriesBox);
    treeHorizon_ = makeSpin(seriesBox, 1, 10000000, 1000);
    hybrid_ = new QCheckBox(tr("proposed · hybrid"), seriesBox);
    honaker_ = new QCheckBox(tr("proposed · Honaker tree, T ="), seriesBox);
    honakerHorizon_ = makeSpin(seriesBox, 1, 10000000, 1000);
    grid->addWidget(baseline_, 0, 0, 1, 2);
    grid->addWidget(simple_, 1, 0, 1, 2);
    grid->addWidget(block_, 2, 0);
    grid->addWidget(blockSize_, 2, 1);
    grid->addWidget(unboundedBlock_, 3, 0, 1, 2);
    grid->addWidget(tree_, 4, 0);
    grid->addWidget(treeHorizon_, 4, 1);
    grid->addWidget(hybrid_, 5, 0, 1, 2);
    grid->addWidget(honaker_, 6, 0);
    grid->addWidget(honakerHorizon_, 6, 1);
    baseline_->setChecked(true);
    simple_->setChecked(true);
    hybrid_->setChecked(true);
    layout->addWidget(seriesBox);

    message_ = new QLabel(this);
    message_->setWordWrap(true);
    message_->setStyleSheet(QStringLiteral("color: #b00020;"));
    message_->hide();
    layout->addWidget(message_);
    layout->addStretch(1);

    const auto changedSlot = [this] { validate(); };
    connect(way_, &QComboBox::currentIndexChanged, this, changedSlot);
    connect(epsilon_, &QLineEdit::textChanged, this, changedSlot);
    connect(fitEngine_, &QComboBox::currentIndexChanged, this, changedSlot);
    connect(score_, &QComboBox::currentIndexChanged, this, changedSlot);
    for (QSpinBox* s : {rounds_, fitIterations_, seed_, blockSize_, treeHorizon_, honakerHorizon_})
        connect(s, &QSpinBox::valueChanged, this, changedSlot);
    for (QCheckBox* c : {baseline_, simple_, block_, unboundedBlock_, tree_, hybrid_, honaker_})
        connect(c, &QCheckBox::toggled, this, changedSlot);
    validate();
}

void ExperimentPanel::setStream(int attributeCount, int stepCount) {
    attributeCount_ = attributeCount;
    if (stepCount > 0) {
        treeHorizon_->setValue(stepCount);
        honakerHorizon_->setValue(stepCount);
        blockSize_->setValue(std::max(1, static_cast<int>(std::lround(std::sqrt(stepCount)))));
    }
    validate();
}

int ExperimentPanel::workloadWay() const { return way_->currentData().toInt(); }

std::size_t ExperimentPanel::workloadCount() const { return binomial(attributeCount_, workloadWay()); }

std::vector<double> ExperimentPanel::epsilons() const {
    std::vector<double> out;
    const QStringList parts = epsilon_->text().split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString& part : parts) {
        bool ok = false;
        // Accept both "0.5" and the locale's "0,5" is impossible with comma lists: C locale only.
        const double value = part.trimmed().toDouble(&ok);
        if (!ok) return {};
        out.push_back(value);
    }
    return out;
}

QStringList ExperimentPanel::counterSpecs() const {
    QStringList specs;
    if (simple_->isChecked()) specs << QStringLiteral("simple");
    if (block_->isChecked()) specs << QStringLiteral("block:%1").arg(blockSize_->value());
    if (unboundedBlock_->isChecked()) specs << QStringLiteral("unbounded-block");
    if (tree_->isChecked()) specs << QStringLiteral("tree:%1").arg(treeHorizon_->value());
    if (hybrid_->isChecked()) specs << QStringLiteral("hybrid");
    if (honaker_->isChecked()) specs << QStringLiteral("honaker:%1").arg(honakerHorizon_->value());
    return specs;
}

void ExperimentPanel::selectSeries(const QStringList& keys) {
    baseline_->setChecked(keys.contains(QStringLiteral("baseline")));
    simple_->setChecked(keys.contains(QStringLiteral("simple")));
    block_->setChecked(keys.contains(QStringLiteral("block")));
    unboundedBlock_->setChecked(keys.contains(QStringLiteral("unbounded-block")));
    tree_->setChecked(keys.contains(QStringLiteral("tree")));
    hybrid_->setChecked(keys.contains(QStringLiteral("hybrid")));
    honaker_->setChecked(keys.contains(QStringLiteral("honaker")));
}

stream::RunConfig ExperimentPanel::runConfig() const {
    stream::RunConfig config;
    config.rounds = rounds_->value();
    config.fitEngine = fitEngine_->currentData().toString().toStdString();
    config.fitIterations = fitIterations_->value();
    config.score = static_cast<stream::ScoreKind>(score_->currentData().toInt());
    config.seed = static_cast<std::uint64_t>(seed_->value());
    const std::vector<double> eps = epsilons();
    const bool several = eps.size() > 1;
    const auto suffix = [several](double e) {
        return several ? QStringLiteral("-eps%1").arg(e) : QString();
    };
    for (double e : eps) {
        if (baseline_->isChecked())
            config.series.push_back({(QStringLiteral("baseline") + suffix(e)).toStdString(),
                                     stream::StreamerKind::Baseline, "simple", e});
        for (const QString& spec : counterSpecs())
            config.series.push_back({(QStringLiteral("proposed-") + spec + suffix(e)).toStdString(),
                                     stream::StreamerKind::Proposed, spec.toStdString(), e});
    }
    return config;
}

void ExperimentPanel::validate() {
    error_.clear();
    const std::vector<double> eps = epsilons();
    const std::size_t q = workloadCount();
    if (eps.empty()) {
        error_ = tr("ε must be a number or a comma-separated list of numbers (e.g. 0.5, 1, 2).");
    } else if (std::any_of(eps.begin(), eps.end(), [](double e) { return !(e > 0) || !std::isfinite(e); })) {
        error_ = tr("ε must be greater than 0.");
    } else if (!baseline_->isChecked() && counterSpecs().isEmpty()) {
        error_ = tr("Choose at least one series to run.");
    } else if (attributeCount_ > 0 && static_cast<std::size_t>(rounds_->value()) > q) {
        error_ = tr("k = %1 is larger than the number of workloads |Q| = %2.").arg(rounds_->value()).arg(q);
    } else if (attributeCount_ > 0 && q > 0) {
        try {
            stream::validateRunConfig(runConfig(), q);
        } catch (const Error& e) {
            error_ = QString::fromStdString(e.message());
        }
    }
    message_->setText(error_);
    message_->setVisible(!error_.isEmpty());
    const bool valid = error_.isEmpty();
    if (valid != lastValid_) {
        lastValid_ = valid;
        Q_EMIT validityChanged(valid);
    }
    Q_EMIT changed();
}

void ExperimentPanel::saveSettings() const {
    QSettings s;
    s.beginGroup(QStringLiteral("experiment"));
    s.setValue(QStringLiteral("way"), way_->currentIndex());
    s.setValue(QStringLiteral("epsilon"), epsilon_->text());
    s.setValue(QStringLiteral("rounds"), rounds_->value());
    s.setValue(QStringLiteral("fitEngine"), fitEngine_->currentIndex());
    s.setValue(QStringLiteral("fitIterations"), fitIterations_->value());
    s.setValue(QStringLiteral("score"), score_->currentIndex());
    s.setValue(QStringLiteral("seed"), seed_->value());
    QStringList keys;
    if (baseline_->isChecked()) keys << QStringLiteral("baseline");
    if (simple_->isChecked()) keys << QStringLiteral("simple");
    if (block_->isChecked()) keys << QStringLiteral("block");
    if (unboundedBlock_->isChecked()) keys << QStringLiteral("unbounded-block");
    if (tree_->isChecked()) keys << QStringLiteral("tree");
    if (hybrid_->isChecked()) keys << QStringLiteral("hybrid");
    if (honaker_->isChecked()) keys << QStringLiteral("honaker");
    s.setValue(QStringLiteral("series"), keys);
    s.endGroup();
}

void ExperimentPanel::loadSettings() {
    QSettings s;
    s.beginGroup(QStringLiteral("experiment"));
    if (!s.contains(QStringLiteral("epsilon"))) return;
    way_->setCurrentIndex(s.value(QStringLiteral("way"), 0).toInt());
    epsilon_->setText(s.value(QStringLiteral("epsilon")).toString());
    rounds_->setValue(s.value(QStringLiteral("rounds"), 5).toInt());
    fitEngine_->setCurrentIndex(s.value(QStringLiteral("fitEngine"), 0).toInt());
    fitIterations_->setValue(s.value(QStringLiteral("fitIterations"), 100).toInt());
    score_->setCurrentIndex(s.value(QStringLiteral("score"), 0).toInt());
    seed_->setValue(s.value(QStringLiteral("seed"), 1).toInt());
    selectSeries(s.value(QStringLiteral("series")).toStringList());
    s.endGroup();
    validate();
}

}  // namespace streamsynth::ui
