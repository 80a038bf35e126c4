// ExperimentPanel: the form, its validation and the RunConfig it builds.
#include "ui/experiment/experiment_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "core/api/series_plan.h"
#include "core/values/error.h"
#include "core/values/series_spec.h"
#include "ui/experiment/privacy_selector.h"
#include "ui/experiment/privacy_words.h"
#include "ui/experiment/series_chooser.h"
#include "ui/experiment/workload_list_dialog.h"
#include "ui/widgets/spin_box.h"
#include "ui/widgets/tones.h"

namespace streamsynth::ui {

namespace {

std::size_t binomial(int n, int k) {
    if (k < 0 || k > n) return 0;
    double r = 1;
    for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
    return static_cast<std::size_t>(std::llround(r));
}

// A QComboBox whose items carry an enum value as data.
template <typename E>
void addEnumItem(QComboBox* box, const QString& text, E value) {
    box->addItem(text, static_cast<int>(value));
}

template <typename E>
E enumValue(const QComboBox* box) {
    return static_cast<E>(box->currentData().toInt());
}

constexpr int kCheckedList = 0;     // way_ data of the "checked list" choice
const QChar kPairSeparator(u'\t');  // attribute names in settings ("a<TAB>b")

}  // namespace

ExperimentPanel::ExperimentPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* form = new QFormLayout();
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addWorkloadRows(form);
    privacy_ = new PrivacySelector(this, QStringLiteral("1.0"));
    privacy_->addRowsTo(form);
    targetAccuracy_ = new QPushButton(tr("Target accuracy…"), this);
    targetAccuracy_->setToolTip(
        tr("Type the accuracy you need and get the smallest budget that reaches it."));
    form->addRow(QString(), targetAccuracy_);
    privacyWords_ = new PrivacyWords(this);
    form->addRow(QString(), privacyWords_);
    addCoarseningRows(form);
    addFitRows(form);
    addSelectionRows(form);
    addSeedRows(form);
    layout->addLayout(form);
    series_ = new SeriesChooser(this);
    series_->setToolTip(
        tr("Each checked series runs with every budget: the baseline (plain or carried), and the "
           "proposed streamer "
           "with each continual counter of the chosen privacy model (see the Counters tab and "
           "Help ▸ Guide)."));
    layout->addWidget(series_);
    message_ = new QLabel(this);
    message_->setWordWrap(true);
    message_->setStyleSheet(toneStyle(Tone::Problem, this));
    message_->hide();
    layout->addWidget(message_);
    layout->addStretch(1);

    connectInputs();
    updateWorkloadControls();
    validate();
}

void ExperimentPanel::addWorkloadRows(QFormLayout* form) {
    way_ = new QComboBox(this);
    way_->addItem(tr("All 2-way marginals"), 2);
    way_->addItem(tr("All 3-way marginals"), 3);
    way_->addItem(tr("Checked 2-way list"), kCheckedList);
    way_->setToolTip(
        tr("The marginals (workloads) the releases should preserve: every pair or triple of "
           "attributes, or a list you check."));
    chooseWorkloads_ = new QPushButton(tr("Choose…"), this);
    chooseWorkloads_->setToolTip(tr("Check the 2-way workloads to run"));
    auto* wayRow = new QHBoxLayout();
    wayRow->addWidget(way_, 1);
    wayRow->addWidget(chooseWorkloads_);
    form->addRow(tr("Workloads:"), wayRow);
}

// Large attributes: the coarsening proposal at this ε and period (docs/gui.md).
void ExperimentPanel::addCoarseningRows(QFormLayout* form) {
    coarsening_ = new QPushButton(tr("Large attributes…"), this);
    coarsening_->setToolTip(
        tr("Show which large categorical attributes the stream cannot support at this ε and period, what "
           "keeping their most frequent labels would give, and accept a coarsening for the next run."));
    form->addRow(QString(), coarsening_);
    coarseningNote_ = new QLabel(this);
    coarseningNote_->setWordWrap(true);
    coarseningNote_->hide();
    form->addRow(QString(), coarseningNote_);
    connect(coarsening_, &QPushButton::clicked, this, &ExperimentPanel::coarseningRequested);
}

void ExperimentPanel::setCoarseningNote(const QString& text) {
    coarseningNote_->setText(text);
    coarseningNote_->setVisible(!text.isEmpty());
}

QString ExperimentPanel::coarseningNoteText() const {
    return coarseningNote_->text();
}

// k, the fit engine and its iterations, the model-size cap.
void ExperimentPanel::addFitRows(QFormLayout* form) {
    rounds_ = makeSpin(this, 1, 1000, 5);
    rounds_->setToolTip(
        tr("k: workloads selected and measured per step. Each takes a share ε/(2k) for its "
           "selection and ε/(2k) for its measurement: a larger k measures more marginals, each "
           "with more noise."));
    form->addRow(tr("k (rounds):"), rounds_);

    fitEngine_ = new QComboBox(this);
    fitEngine_->addItem(tr("PGM (graphical model)"), QStringLiteral("pgm"));
    fitEngine_->addItem(tr("MW (multiplicative weights)"), QStringLiteral("mw"));
    fitEngine_->setToolTip(
        tr("How the synthetic data is fitted to the noisy marginals: a graphical model (PGM, "
           "McKenna et al. 2019) or multiplicative weights over the full domain."));
    form->addRow(tr("Fit engine:"), fitEngine_);

    fitIterations_ = makeSpin(this, 1, 100000, 100);
    fitIterations_->setToolTip(
        tr("Most iterations of each fit (more: closer fit, slower). No privacy cost."));
    form->addRow(tr("Fit iterations:"), fitIterations_);

    maxCells_ = new QLineEdit(QStringLiteral("100000"), this);
    maxCells_->setToolTip(
        tr("Model-size cap: a workload is only selected when the model with it stays within "
           "this many cells."));
    form->addRow(tr("Max model cells:"), maxCells_);
}

// How a workload is scored, selected and released from.
void ExperimentPanel::addSelectionRows(QFormLayout* form) {
    score_ = new QComboBox(this);
    score_->addItem(tr("error beyond the noise"), static_cast<int>(stream::ScoreKind::L1MinusNoise));
    score_->addItem(tr("as in the paper"), static_cast<int>(stream::ScoreKind::Paper));
    score_->setToolTip(
        tr("How a workload's need for measurement is scored before the private selection: its error "
           "(L1) minus the noise a measurement would add (default), or the paper's score "
           "(Liu et al.)."));
    form->addRow(tr("Selection score:"), score_);

    scoreNoise_ = new QComboBox(this);
    addEnumItem(scoreNoise_, tr("noise since the counter's last restart"), stream::ScoreNoise::SinceReset);
    addEnumItem(scoreNoise_, tr("noise of the whole released answer"), stream::ScoreNoise::Full);
    scoreNoise_->setToolTip(
        tr("The noise variance the score subtracts: of the counter since its last reset, "
           "or of the full released answer."));
    form->addRow(tr("Score noise:"), scoreNoise_);

    selection_ = new QComboBox(this);
    addEnumItem(selection_, tr("weighted random draw"), stream::SelectionMechanism::Exponential);
    addEnumItem(selection_, tr("coin flips in random order"), stream::SelectionMechanism::PermuteAndFlip);
    selection_->setToolTip(
        tr("The private selection of the workload to measure: a random draw weighted by the scores "
           "(the exponential mechanism), or candidates tried in random order, each kept by a coin "
           "flip weighted by its score (permute-and-flip, never worse in expectation)."));
    form->addRow(tr("Selection mechanism:"), selection_);

    releaseFrom_ = new QComboBox(this);
    addEnumItem(releaseFrom_, tr("last model"), stream::ReleaseFrom::LastModel);
    addEnumItem(releaseFrom_, tr("mixture of the step's models"), stream::ReleaseFrom::Mixture);
    releaseFrom_->setToolTip(
        tr("Sample the release from the model after the last round, or from the mixture of "
           "the models of all k rounds."));
    form->addRow(tr("Release from:"), releaseFrom_);
}

// The seed, and release mode (never persisted: see saveSettings).
void ExperimentPanel::addSeedRows(QFormLayout* form) {
    seed_ = makeSpin(this, 0, 2147483647, 1);
    seed_->setToolTip(
        tr("Makes an evaluation run reproducible. Anyone who knows it can remove the noise: seeded "
           "releases are never for publication (Release mode draws from the operating system)."));
    form->addRow(tr("Seed:"), seed_);
    releaseMode_ = new QCheckBox(tr("Release mode (publishable releases)"), this);
    releaseMode_->setToolTip(
        tr("Draw all noise from the operating system's entropy and use discrete noise for "
           "counts (discrete Laplace, or discrete Gaussian under zCDP). Without it the run is "
           "reproducible from the seed, and its releases are for evaluation only: anyone who "
           "knows the seed can remove the noise. A release-mode run asks for confirmation, "
           "spends the budget for good and keeps its releases in a folder of their own; it is "
           "off whenever StreamSynth starts."));
    form->addRow(QString(), releaseMode_);
    connect(releaseMode_, &QCheckBox::toggled, seed_, [this](bool on) { seed_->setEnabled(!on); });
}

// Every input re-validates (Run follows validityChanged).
void ExperimentPanel::connectInputs() {
    const auto changedSlot = [this] { validate(); };
    connect(way_, &QComboBox::currentIndexChanged, this, [this] {
        updateWorkloadControls();
        validate();
    });
    connect(chooseWorkloads_, &QPushButton::clicked, this, &ExperimentPanel::chooseWorkloads);
    connect(targetAccuracy_, &QPushButton::clicked, this, &ExperimentPanel::openTargetAccuracy);
    connect(privacy_, &PrivacySelector::changed, this, changedSlot);
    connect(privacy_, &PrivacySelector::modelChanged, series_, &SeriesChooser::setModel);
    connect(series_, &SeriesChooser::changed, this, changedSlot);
    connect(maxCells_, &QLineEdit::textChanged, this, changedSlot);
    for (QComboBox* c : {fitEngine_, score_, scoreNoise_, selection_, releaseFrom_})
        connect(c, &QComboBox::currentIndexChanged, this, changedSlot);
    for (QSpinBox* s : {rounds_, fitIterations_, seed_})
        connect(s, &QSpinBox::valueChanged, this, changedSlot);
    connect(releaseMode_, &QCheckBox::toggled, this, changedSlot);
}

void ExperimentPanel::setStream(const QStringList& names, const QList<int>& sizes, int stepCount) {
    attributeCount_ = static_cast<int>(names.size());
    stepCount_ = stepCount;
    names_ = names;
    sizes_ = sizes;
    // Keep the checked pairs that exist in this stream; a list that does not
    // fit at all (another table) starts as all pairs.
    QList<QStringList> kept;
    for (const QStringList& pair : std::as_const(checked_))
        if (pair.size() == 2 && names_.contains(pair[0]) && names_.contains(pair[1])) kept << pair;
    if (kept.isEmpty())
        for (int i = 0; i < names_.size(); ++i)
            for (int j = i + 1; j < names_.size(); ++j) kept << QStringList{names_[i], names_[j]};
    checked_ = kept;
    updateWorkloadControls();
    series_->setStepCount(stepCount);
    validate();
}

int ExperimentPanel::workloadWay() const {
    return usesCheckedList() ? 2 : way_->currentData().toInt();
}

bool ExperimentPanel::usesCheckedList() const {
    return way_->currentData().toInt() == kCheckedList;
}

std::size_t ExperimentPanel::workloadCount() const {
    if (usesCheckedList()) return static_cast<std::size_t>(checked_.size());
    return binomial(attributeCount_, workloadWay());
}

std::vector<std::vector<std::string>> ExperimentPanel::workloads() const {
    std::vector<std::vector<std::string>> out;
    if (!usesCheckedList()) return out;
    for (const QStringList& pair : checked_) {
        std::vector<std::string> names;
        for (const QString& n : pair) names.push_back(n.toStdString());
        out.push_back(std::move(names));
    }
    return out;
}

double ExperimentPanel::smallestWorkloadCells() const {
    if (sizes_.size() != names_.size() || names_.isEmpty()) return 0;
    if (usesCheckedList()) {
        double best = 0;
        for (const QStringList& pair : checked_) {
            double cells = 1;
            for (const QString& n : pair) cells *= sizes_.value(static_cast<int>(names_.indexOf(n)), 0);
            if (best == 0 || cells < best) best = cells;
        }
        return best;
    }
    // All way-way workloads: the smallest product is that of the `way`
    // smallest domain sizes (sizes are >= 1).
    const int way = workloadWay();
    if (way > sizes_.size()) return 0;
    QList<int> sorted = sizes_;
    std::sort(sorted.begin(), sorted.end());
    double cells = 1;
    for (int i = 0; i < way; ++i) cells *= sorted[i];
    return cells;
}

void ExperimentPanel::setCheckedWorkloads(const QList<QStringList>& pairs) {
    checked_ = pairs;
    updateWorkloadControls();
    validate();
}

void ExperimentPanel::setWorkloadMode(int mode) {
    const int index = way_->findData(mode);
    if (index >= 0) way_->setCurrentIndex(index);
}

void ExperimentPanel::updateWorkloadControls() {
    chooseWorkloads_->setEnabled(!names_.isEmpty());
    coarsening_->setEnabled(!names_.isEmpty());
    way_->setItemText(
        way_->findData(kCheckedList),
        names_.isEmpty()
            ? tr("Checked 2-way list")
            : tr("Checked 2-way list (%1 of %2)").arg(checked_.size()).arg(binomial(attributeCount_, 2)));
}

void ExperimentPanel::chooseWorkloads() {
    WorkloadListDialog dialog(names_, sizes_, checked_, this);
    if (dialog.exec() != QDialog::Accepted) return;
    checked_ = dialog.checkedWorkloads();
    setWorkloadMode(kCheckedList);
    updateWorkloadControls();
    validate();
}

double ExperimentPanel::maxCells(bool* ok) const {
    const double v = maxCells_->text().trimmed().toDouble(ok);
    if (*ok) *ok = v > 0 && std::isfinite(v);
    return v;
}

QLineEdit* ExperimentPanel::epsilonEdit() const {
    return privacy_->budgetEdit();
}

std::vector<privacy::Budget> ExperimentPanel::budgets() const {
    return privacy_->budgets(nullptr);
}

privacy::PrivacyModel ExperimentPanel::privacyModel() const {
    return privacy_->model();
}

void ExperimentPanel::selectSeries(const QStringList& keys) {
    series_->selectSeries(keys);
}

stream::RunConfig ExperimentPanel::runConfig() const {
    stream::RunConfig config;
    config.rounds = rounds_->value();
    config.fitEngine = fitEngine_->currentData().toString().toStdString();
    config.fitIterations = fitIterations_->value();
    config.score = enumValue<stream::ScoreKind>(score_);
    config.scoreNoise = enumValue<stream::ScoreNoise>(scoreNoise_);
    config.selection = enumValue<stream::SelectionMechanism>(selection_);
    config.releaseFrom = enumValue<stream::ReleaseFrom>(releaseFrom_);
    bool ok = false;
    const double cap = maxCells(&ok);
    if (ok) config.maxModelCells = cap;
    config.seed = static_cast<std::uint64_t>(seed_->value());
    config.threads = 0;  // every core: releases are bitwise the same for any thread count
    config.secureRandom = releaseMode_->isChecked();
    config.discreteNoise = releaseMode_->isChecked();
    config.privacy = privacy_->model();
    // The series, their ids and the run's privacy exactly as the CLI makes
    // them (one identity: the same seed and settings give the same noise in both).
    try {
        api::planRunSeries(config, series_->seriesNames(), privacy_->budgets(nullptr));
    } catch (const Error&) {
        // An invalid choice: validate() has told the user, and Run stays disabled.
    }
    return config;
}

void ExperimentPanel::validate() {
    error_.clear();
    QString budgetError;
    (void)privacy_->budgets(&budgetError);
    const std::size_t q = workloadCount();
    if (!budgetError.isEmpty()) {
        error_ = budgetError;
    } else if (series_->seriesNames().empty()) {
        error_ = tr("Choose at least one series to run.");
    } else if (usesCheckedList() && checked_.isEmpty()) {
        error_ = tr("Check at least one workload (Choose…).");
    } else if (bool ok = false; maxCells(&ok), !ok) {
        error_ = tr("Max model cells must be a number greater than 0 (e.g. 100000 or 1e5).");
    } else if (attributeCount_ > 0 && static_cast<std::size_t>(rounds_->value()) > q) {
        error_ = tr("k = %1 is larger than the number of workloads |Q| = %2.").arg(rounds_->value()).arg(q);
    } else if (const double smallest = smallestWorkloadCells();
               smallest > 0 && runConfig().maxModelCells < smallest) {
        error_ = tr("The model-size cap of %1 cells admits no workload: the smallest has %2 cells.")
                     .arg(runConfig().maxModelCells, 0, 'g', 6)
                     .arg(smallest, 0, 'g', 6);
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
    updatePrivacyWords();
    Q_EMIT changed();
}

void ExperimentPanel::showSession(const stream::RunConfig& config) {
    if (!sessionShown_) saveSettings();  // the user's own settings, restored by leaveSession()
    sessionShown_ = true;
    QStringList budgets, specs;
    bool baseline = false, carried = false;
    for (const stream::SeriesConfig& s : config.series) {
        const QString budget = QString::fromStdString(stream::epsilonText(s.budget.amount()));
        if (!budgets.contains(budget)) budgets << budget;
        if (s.streamer == stream::StreamerKind::Baseline)
            (stream::isCarriedBaseline(s) ? carried : baseline) = true;
        else if (const QString spec = QString::fromStdString(s.counter); !specs.contains(spec))
            specs << spec;
    }
    privacy_->setModel(config.privacy);  // first: it decides which counters exist
    if (config.privacy == privacy::PrivacyModel::ZCdp) {
        privacy_->setConvertsEpsilonDelta(false);  // a session records ρ
        if (config.delta > 0) privacy_->deltaEdit()->setText(QString::number(config.delta, 'g', 6));
    }
    epsilonEdit()->setText(budgets.join(QStringLiteral(", ")));
    rounds_->setValue(config.rounds);
    fitEngine_->setCurrentIndex(std::max(0, fitEngine_->findData(QString::fromStdString(config.fitEngine))));
    fitIterations_->setValue(config.fitIterations);
    maxCells_->setText(QString::number(config.maxModelCells, 'g', 10));
    score_->setCurrentIndex(std::max(0, score_->findData(static_cast<int>(config.score))));
    scoreNoise_->setCurrentIndex(std::max(0, scoreNoise_->findData(static_cast<int>(config.scoreNoise))));
    selection_->setCurrentIndex(std::max(0, selection_->findData(static_cast<int>(config.selection))));
    releaseFrom_->setCurrentIndex(std::max(0, releaseFrom_->findData(static_cast<int>(config.releaseFrom))));
    seed_->setValue(static_cast<int>(std::min<std::uint64_t>(config.seed, 2147483647)));
    releaseMode_->setChecked(config.secureRandom);
    series_->selectSpecs(specs, baseline, carried);
    validate();
}

void ExperimentPanel::leaveSession() {
    if (!sessionShown_) return;
    sessionShown_ = false;
    releaseMode_->setChecked(false);  // never saved: every table starts in evaluation mode
    loadSettings();
}

void ExperimentPanel::saveSettings() const {
    if (sessionShown_) return;  // a session's settings are its own, never the user's defaults
    QSettings s;
    s.beginGroup(QStringLiteral("experiment"));
    s.setValue(QStringLiteral("way"), way_->currentIndex());
    s.setValue(QStringLiteral("epsilon"), epsilonEdit()->text());
    privacy_->save(s);
    s.setValue(QStringLiteral("eldersArity"), series_->eldersAritySpin()->value());
    s.setValue(QStringLiteral("rounds"), rounds_->value());
    s.setValue(QStringLiteral("fitEngine"), fitEngine_->currentIndex());
    s.setValue(QStringLiteral("fitIterations"), fitIterations_->value());
    s.setValue(QStringLiteral("score"), score_->currentIndex());
    s.setValue(QStringLiteral("scoreNoise"), scoreNoise_->currentIndex());
    s.setValue(QStringLiteral("selection"), selection_->currentIndex());
    s.setValue(QStringLiteral("releaseFrom"), releaseFrom_->currentIndex());
    s.setValue(QStringLiteral("maxModelCells"), maxCells_->text());
    QStringList pairs;
    for (const QStringList& pair : checked_) pairs << pair.join(kPairSeparator);
    s.setValue(QStringLiteral("checkedWorkloads"), pairs);
    s.setValue(QStringLiteral("seed"), seed_->value());
    // Release mode is never saved: every start is in evaluation mode, so real budget is never spent by habit.
    s.setValue(QStringLiteral("series"), series_->checkedKeys());
    s.endGroup();
}

void ExperimentPanel::loadSettings() {
    QSettings s;
    s.beginGroup(QStringLiteral("experiment"));
    if (!s.contains(QStringLiteral("epsilon"))) return;
    way_->setCurrentIndex(s.value(QStringLiteral("way"), 0).toInt());
    privacy_->load(s);  // the model first: it decides which series exist
    epsilonEdit()->setText(s.value(QStringLiteral("epsilon")).toString());
    series_->eldersAritySpin()->setValue(s.value(QStringLiteral("eldersArity"), 7).toInt());
    rounds_->setValue(s.value(QStringLiteral("rounds"), 5).toInt());
    fitEngine_->setCurrentIndex(s.value(QStringLiteral("fitEngine"), 0).toInt());
    fitIterations_->setValue(s.value(QStringLiteral("fitIterations"), 100).toInt());
    score_->setCurrentIndex(s.value(QStringLiteral("score"), 0).toInt());
    scoreNoise_->setCurrentIndex(s.value(QStringLiteral("scoreNoise"), 0).toInt());
    selection_->setCurrentIndex(s.value(QStringLiteral("selection"), 0).toInt());
    releaseFrom_->setCurrentIndex(s.value(QStringLiteral("releaseFrom"), 0).toInt());
    maxCells_->setText(s.value(QStringLiteral("maxModelCells"), QStringLiteral("100000")).toString());
    QList<QStringList> pairs;
    for (const QString& pair : s.value(QStringLiteral("checkedWorkloads")).toStringList()) {
        const QStringList names = pair.split(kPairSeparator);
        if (names.size() == 2) pairs << names;
    }
    if (!pairs.isEmpty()) checked_ = pairs;
    updateWorkloadControls();
    seed_->setValue(s.value(QStringLiteral("seed"), 1).toInt());
    selectSeries(s.value(QStringLiteral("series")).toStringList());
    s.endGroup();
    validate();
}

}  // namespace streamsynth::ui
