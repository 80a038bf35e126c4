// The parts of the main window its controllers work on: the document
// (Workbench), the views, the run controller and the window itself (parent
// of dialogs). Plain pointers owned by the window, which outlives its
// controllers.
#pragma once

#include <QString>
#include <exception>

#include "ui/widgets/error_text.h"  // describeError, for every controller

class QWidget;

namespace streamsynth::api {
class Workbench;
}

namespace streamsynth::ui {

class ChartsView;
class CounterCompareView;
class DataPanel;
class Document;
class ExperimentPanel;
class LedgerView;
class LogView;
class ReleasesView;
class RunController;
class RunStatus;
class SelectionView;
class SupportNotice;
class TrueVsSyntheticView;

// Where a controller speaks to the steward: the window (parent of its
// dialogs) and the log. What most controllers need of the window.
struct WindowVoice {
    QWidget* window = nullptr;
    LogView* log = nullptr;
};

// Every part of the window, for the two controllers that touch them all: the
// document controller clears each view when what is loaded changes, and the
// session controller re-plots each view of a reopened session. The others
// receive only the parts they use.
struct WindowViews {
    QWidget* window = nullptr;
    api::Workbench* workbench = nullptr;
    DataPanel* data = nullptr;
    ExperimentPanel* experiment = nullptr;
    ChartsView* charts = nullptr;
    ReleasesView* releases = nullptr;
    LedgerView* ledger = nullptr;
    SelectionView* selection = nullptr;
    CounterCompareView* counters = nullptr;
    LogView* log = nullptr;
    RunStatus* status = nullptr;
    RunController* runs = nullptr;
    Document* document = nullptr;                    // what is loaded (set once the window has made it)
    TrueVsSyntheticView* trueVsSynthetic = nullptr;  // shows the last run: cleared with it
    SupportNotice* supportNotice = nullptr;          // the last run's support check: hidden with it

    WindowVoice voice() const { return {window, log}; }
};

// A window-modal warning that does not block (not exec()): runs' signals and
// tests keep going while it is shown.
void showWarningLater(QWidget* parent, const QString& title, const QString& message);
// Logs "title: message" and shows it as above.
void reportError(const WindowVoice& voice, const QString& title, const QString& message);
inline void reportError(const WindowViews& views, const QString& title, const QString& message) {
    reportError(views.voice(), title, message);
}
// The folder of the last file chosen (QSettings "files/lastFolder") and its update.
QString lastFolder();
void rememberFolder(const QString& path);
// Where sessions are saved and opened: the folder of the last one saved or
// opened, else <Documents>/StreamSynth/sessions (never the data's folder by
// default: a session holds the stream's noise state and belongs with the
// steward's work, not beside the private table).
QString sessionFolder();
void rememberSessionFolder(const QString& sessionPath);
// The folder, or its nearest ancestor that exists: a file dialog opened on a
// folder not made yet put its name in the file field ("sessions").
QString existingFolder(const QString& folder);
// <sessionFolder>/<document's name>.session ("adult.session").
QString proposedSessionPath(const QString& document);

}  // namespace streamsynth::ui
