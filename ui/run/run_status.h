// The status bar contents of a run: step counter, progress bar with ETA,
// per-series step counts, the session autosave indicator, and the permanent notice that the error metrics
// are computed from private data and not for publication.
#pragma once

#include <QHash>
#include <QObject>

class QLabel;
class QProgressBar;
class QStatusBar;

namespace streamsynth::ui {

class RunStatus : public QObject {
    Q_OBJECT
public:
    explicit RunStatus(QStatusBar* bar);

    void runStarted(int stepCount, int seriesCount);
    // step of stepCount done; eta in seconds (< 0: unknown).
    void progress(int step, int stepCount, double etaSeconds);
    void seriesStep(const QString& seriesId, int step);
    void runEnded(const QString& message);
    // Nothing running, nothing shown: "Ready" (another document was opened).
    void reset();
    // "Paused" instead of the ETA while paused; the progress resumes on false.
    void setPaused(bool paused);
    QString progressText() const;
    // The progress bar's text ("40 % · ETA 0:12", "40 % · Paused").
    QString barText() const;
    // The autosave indicator: "autosaved step 12 · 14:03:05", or the failure
    // (error non-empty). Cleared by clearAutosave().
    void autosaved(int step, const QString& error = QString());
    void clearAutosave();
    QString autosaveText() const;

private:
    QLabel* text_ = nullptr;
    QProgressBar* bar_ = nullptr;
    QLabel* series_ = nullptr;
    QLabel* autosave_ = nullptr;
    QHash<QString, int> steps_;
    int seriesCount_ = 0;
    bool paused_ = false;
    double etaSeconds_ = -1;  // the last progress report's estimate
};

}  // namespace streamsynth::ui
