// ExperimentPanel's rows (top to bottom): workloads, the privacy selector with Target accuracy… and ε
// in words, Large attributes, k and the fit, the selection, the seed and release mode, the series; and
// the connections that re-validate on every input.
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "core/api/fit_engine_choice.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/experiment_panel_parts.h"
#include "ui/experiment/privacy_selector.h"
#include "ui/experiment/privacy_words.h"
#include "ui/experiment/series_chooser.h"
#include "ui/widgets/spin_box.h"
#include "ui/widgets/tones.h"

namespace streamsynth::ui {

namespace {

// A QComboBox whose items carry an enum value as data.
template <typename E>
void addEnumItem(QComboBox* box, const QString& text, E value) {
    box->addItem(text, static_cast<int>(value));
}

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
    // The registered engines (api::fitEngineChoices), their words translated
    // in the context "FitEngineKind".
    for (const api::FitEngineChoice& c : api::fitEngineChoices()) {
        fitEngine_->addItem(QCoreApplication::translate("FitEngineKind", c.title.c_str()),
                            QString::fromStdString(c.name));
        fitEngine_->setItemData(fitEngine_->count() - 1,
                                QCoreApplication::translate("FitEngineKind", c.about.c_str()),
                                Qt::ToolTipRole);
    }
    fitEngine_->setToolTip(tr("How the synthetic data is fitted to the noisy marginals."));
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

}  // namespace streamsynth::ui
