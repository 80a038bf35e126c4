// Exports of the last run or of a reopened session (File ▸ Export results…,
// the Releases tab). Every export goes into one folder of
// its own: an empty (or new) folder is written at once; a folder holding an
// earlier export is replaced only after a question (its files exactly, never
// anything else); a folder holding other files is refused. Each export ends
// with manifest.json listing every file with its SHA-256, and a notice says
// what was written. Releases of a seeded run are exported only after a
// confirmation that names them "not for publication".
#pragma once

#include <QList>
#include <QObject>
#include <QString>

#include "ui/desk/window_views.h"

namespace streamsynth::ui {

struct ReleaseRef;

class ExportController : public QObject {
    Q_OBJECT
public:
    // Exports runs' last run; document names the export folder it proposes.
    ExportController(WindowVoice voice, RunController* runs, Document* document, QObject* parent = nullptr);

    // Interactive: the seeded-run confirmation, then the folder dialog, then as below.
    bool exportResultsInteractive();
    bool exportReleasesInteractive(const QList<ReleaseRef>& releases);

    // Each series' latest release (releases/<series>/eps<E>/…), metrics, summary and ledger into dir;
    // with marginals also each proposed series' noisy marginals of that step (marginals-NNNN.csv + .json).
    bool exportResults(const QString& dir, bool marginals = false);
    // One series' latest release to csvPath (".csv" added when missing) and its manifest beside it.
    bool exportRelease(const QString& seriesId, const QString& csvPath);
    // Releases kept in the run's spool, any step, into dir (+ manifest.json). Unavailable steps are skipped
    // and logged.
    bool exportReleases(const QList<ReleaseRef>& releases, const QString& dir);

    // What the last export wrote, in words (the notice's text); empty before.
    QString lastMessage() const { return lastMessage_; }

private:
    enum class Target { Go, ChooseAnother, Cancel };
    // Empty: go. An earlier export: replace it (after a question). Anything else: choose another.
    Target prepareTarget(const QString& dir);
    bool confirmNotForPublication();
    // With marginals: the dialog offers the noisy marginals, and *marginals says whether they were chosen.
    QString chooseFolder(const QString& what, const QString& description, bool* marginals = nullptr);
    void confirmWritten(const QString& dir, const QString& what, bool privateFiles);
    bool publishable() const;

    WindowVoice voice_;
    RunController* runs_;
    Document* document_;
    QString lastMessage_;
};

}  // namespace streamsynth::ui
