// RunStatus: widgets added to the window's status bar.
#include "ui/run/run_status.h"

#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QTime>
#include <algorithm>

#include "ui/widgets/status_message.h"
#include "ui/widgets/tones.h"

namespace streamsynth::ui {

namespace {
QString formatEta(double seconds) {
    if (seconds < 0) return QStringLiteral("–");
    const int s = static_cast<int>(seconds + 0.5);
    return s >= 3600 ? QStringLiteral("%1:%2:%3")
                           .arg(s / 3600)
                           .arg(s / 60 % 60, 2, 10, QLatin1Char('0'))
                           .arg(s % 60, 2, 10, QLatin1Char('0'))
                     : QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}
}  // namespace

RunStatus::RunStatus(QStatusBar* bar) : QObject(bar) {
    text_ = new QLabel(tr("Ready"), bar);
    bar_ = new QProgressBar(bar);
    bar_->setMinimumWidth(170);
    bar_->setMaximumWidth(240);
    bar_->setTextVisible(true);
    bar_->hide();
    series_ = new QLabel(bar);
    auto* notice =
        new QLabel(tr("⚠ Error metrics are computed from private data: not for publication."), bar);
    notice->setStyleSheet(toneStyle(Tone::Caution, notice));
    notice->setObjectName(QString::fromLatin1(kStatusPermanent));
    notice->setToolTip(
        tr("The charts compare releases with the true private table. They are not differentially "
           "private; publish only the synthetic releases."));
    bar->addWidget(text_);
    bar->addWidget(bar_);
    bar->addWidget(series_, 1);
    autosave_ = new QLabel(bar);
    autosave_->setObjectName(QString::fromLatin1(kStatusPermanent));
    autosave_->hide();
    bar->addPermanentWidget(autosave_);
    bar->addPermanentWidget(notice);
}

void RunStatus::autosaved(int step, const QString& error) {
    if (error.isEmpty()) {
        autosave_->setText(tr("autosaved step %1 · %2")
                               .arg(step)
                               .arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss"))));
        autosave_->setStyleSheet(QString());
        autosave_->setToolTip(QString());
    } else {
        autosave_->setText(tr("autosave failed at step %1").arg(step));
        autosave_->setStyleSheet(toneStyle(Tone::Problem, autosave_));
        autosave_->setToolTip(error);
    }
    autosave_->show();
}

void RunStatus::clearAutosave() {
    autosave_->clear();
    autosave_->hide();
}

QString RunStatus::autosaveText() const {
    return autosave_->text();
}

void RunStatus::runStarted(int stepCount, int seriesCount) {
    steps_.clear();
    paused_ = false;
    seriesCount_ = seriesCount;
    bar_->setRange(0, std::max(1, stepCount));
    bar_->setValue(0);
    bar_->show();
    series_->clear();
    text_->setText(tr("step 0 / %1 · %2 series").arg(stepCount).arg(seriesCount));
}

void RunStatus::progress(int step, int stepCount, double etaSeconds) {
    etaSeconds_ = etaSeconds;
    // Never back: the series' own steps may have moved the bar past a step whose
    // progress arrives after them (a GUI walkthrough of 2026-12-01 read "step 42 / 49"
    // beside "4 series at step 43").
    if (!bar_->isHidden()) step = std::max(step, bar_->value());
    bar_->setRange(0, std::max(1, stepCount));
    bar_->setValue(step);
    // A paused run has no ETA: it says so instead.
    bar_->setFormat(paused_ ? tr("%p % · Paused") : tr("%p % · ETA %1").arg(formatEta(etaSeconds)));
    text_->setText(paused_
                       ? tr("Paused at step %1 / %2 · %3 series").arg(step).arg(stepCount).arg(seriesCount_)
                       : tr("step %1 / %2 · %3 series").arg(step).arg(stepCount).arg(seriesCount_));
}

void RunStatus::setPaused(bool paused) {
    if (paused_ == paused || bar_->isHidden()) {
        paused_ = paused && !bar_->isHidden();
        return;
    }
    paused_ = paused;
    progress(bar_->value(), bar_->maximum(), -1);
}

void RunStatus::reset() {
    steps_.clear();
    paused_ = false;
    bar_->hide();
    series_->clear();
    text_->setText(tr("Ready"));
    clearAutosave();
}

void RunStatus::seriesStep(const QString& seriesId, int step) {
    steps_.insert(seriesId, step);
    QStringList parts;
    for (auto it = steps_.cbegin(); it != steps_.cend(); ++it)
        parts << QStringLiteral("%1 %2").arg(it.key()).arg(it.value());
    parts.sort();
    // Seven series listed one by one ran past the status bar (seen under Xvfb): when they are all at the same
    // step one short line says so; the list is in the tooltip either way.
    const QList<int> steps = steps_.values();
    const bool together =
        std::all_of(steps.cbegin(), steps.cend(), [&](int s) { return s == steps.front(); });
    series_->setText(
        together && steps.size() > 2
            ? tr("%n series at step %1", nullptr, static_cast<int>(steps.size())).arg(steps.front())
            : parts.join(QStringLiteral(" · ")));
    series_->setToolTip(parts.join(QLatin1Char('\n')));
    // Every series past the step the bar shows: the bar moves with them, so the bar and the
    // series never tell two steps (a GUI walkthrough of 2026-12-01 read "step 26 / 192" beside
    // "3 series at step 27").
    if (together && steps.size() == seriesCount_ && !bar_->isHidden() && steps.front() > bar_->value())
        progress(steps.front(), bar_->maximum(), etaSeconds_);
}

void RunStatus::runEnded(const QString& message) {
    paused_ = false;
    bar_->hide();
    text_->setText(message);
}

QString RunStatus::progressText() const {
    return text_->text();
}
QString RunStatus::barText() const {
    return bar_->text();
}

}  // namespace streamsynth::ui
