// ExperimentPanel's settings: the user's (QSettings "experiment", saved and loaded) and a reopened
// session's own, shown read only while it is the document.
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <algorithm>

#include "core/values/series_spec.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/privacy_selector.h"
#include "ui/experiment/series_chooser.h"

namespace streamsynth::ui {

namespace {

const QChar kPairSeparator(u'\t');  // attribute names in settings ("a<TAB>b")

}  // namespace

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
    s.setValue(QStringLiteral("fitEngine"),
               fitEngine_->currentData().toString());  // by name: engines register
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
    // By name (an index from older settings, or an engine no longer registered: the default).
    fitEngine_->setCurrentIndex(
        std::max(0, fitEngine_->findData(s.value(QStringLiteral("fitEngine")).toString())));
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
