// A new run's session and output folder (run.h): refused when they hold
// another stream's work, the litter of a refused run removed, a replaced
// output's old releases set aside until the new run succeeds.
#include "core/workflow/run_targets.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <filesystem>

#include "core/common/file_lock.h"
#include "core/io/release_journal.h"
#include "core/io/session_store.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/release_output.h"
#include "core/values/session_settings.h"
#include "core/workflow/release_reading.h"
#include "core/workflow/run_machine.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

bool holdsPublishableReleases(const QString& folder) {
    QDirIterator it(folder + QStringLiteral("/releases"), {QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        // One that cannot be read fails the replace (Error(Io)): never taken for unpublished.
        const std::optional<QJsonObject> manifest = readOwnJson(it.next().toStdString());
        if (manifest && manifest->value("publishable").toBool()) return true;
    }
    return false;
}

void checkNewRunTargets(const std::string& sessionPath, const std::string& outDir, bool replace) {
    if (!sessionPath.empty() && QFileInfo::exists(QString::fromStdString(sessionPath))) {
        // A FIFO or a device is refused at once (a FIFO would block the run forever).
        checkInputFile(sessionPath, {InputRole::Session, 0});
        if (!io::isSessionFile(sessionPath) && replace)
            throw settingError("--session",
                               "the file " + sessionPath +
                                   " exists and is not a StreamSynth session; --replace replaces only "
                                   "a session: choose another file name");
        if (io::isSessionFile(sessionPath)) {
            const io::SessionData old = io::loadSession(sessionPath);
            if (old.config.secureRandom && !old.stepDigests.empty())
                throw Error(
                    ErrorKind::Privacy,
                    "the session " + sessionPath + " holds " + std::to_string(old.stepDigests.size()) +
                        " released steps of a real release (release mode); it cannot be replaced: continue "
                        "it (`continue`) or choose another session file",
                    ErrorContext::forFile(sessionPath));
        }
        if (!io::isSessionFile(sessionPath))
            throw settingError("--session",
                               "the file " + sessionPath +
                                   " is not a session file, and this run would write its session "
                                   "over it: choose a new file name for the session");
        if (!replace)
            throw settingError("--session",
                               "the session " + sessionPath +
                                   " exists; `continue` it, choose another file, or give --replace to "
                                   "start a new stream over it");
    }
    const QFileInfo outInfo(QString::fromStdString(outDir));
    if (outInfo.exists() && !outInfo.isDir())
        throw settingError("--out",
                           "the output folder " + outDir +
                               " is a file, not a folder: give a folder (new or empty) for the outputs");
    const QDir out(QString::fromStdString(outDir));
    QStringList entries =
        out.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
    entries.removeAll(QStringLiteral(".streamsynth.lock"));
    // The run's own session kept in the folder (the GUI's, and release mode's default): its lock,
    // taken before this check is made again under it, is not another run's output.
    const QFileInfo session(QString::fromStdString(sessionPath));
    if (!sessionPath.empty() && session.absoluteDir() == QDir(out.absolutePath()) && !session.exists())
        entries.removeAll(session.fileName() + QStringLiteral(".lock"));
    if (entries.isEmpty()) return;
    if (holdsPublishableReleases(out.path()))
        throw Error(ErrorKind::Privacy,
                    "the output folder " + outDir +
                        " holds publishable releases; they cannot be replaced: choose another folder",
                    ErrorContext::forFile(outDir));
    if (!replace)
        throw settingError("--out",
                           "the output folder " + outDir +
                               " is not empty; choose an empty or new folder, or give --replace to write "
                               "over its files");
    // --replace clears releases/ and rewrites metrics.csv: only in a folder an
    // earlier run wrote (its lock file or release journal), never in a data
    // folder that happens to hold files of those names.
    if (!out.exists(QStringLiteral(".streamsynth.lock")) && !out.exists(QStringLiteral("releases.journal")))
        throw settingError("--out", "the output folder " + outDir +
                                        " holds files no StreamSynth run wrote (no earlier run's lock file "
                                        "or release journal); --replace writes over an earlier run's "
                                        "output folder only: choose an empty or new folder");
}

NewRunTargets newRunTargets(const std::string& sessionPath, const std::string& outDir) {
    NewRunTargets t{sessionPath, outDir};
    t.sessionExisted = !sessionPath.empty() && QFileInfo::exists(QString::fromStdString(sessionPath));
    t.outExisted = QFileInfo::exists(QString::fromStdString(outDir));
    t.outLockExisted = QFileInfo::exists(QString::fromStdString(io::folderLockPath(outDir)));
    return t;
}

void removeRefusedRunLitter(const NewRunTargets& t) {
    namespace fs = std::filesystem;
    std::error_code ec;
    // The session's lock beside it, when no session and no journal of releases was written.
    if (!t.sessionPath.empty() && !t.sessionExisted && !fs::exists(t.sessionPath, ec) &&
        !fs::exists(t.sessionPath + ".journal", ec))
        fs::remove(t.sessionPath + ".lock", ec);
    if (t.outDir.empty()) return;
    const fs::path out(t.outDir);
    if (t.outExisted) {  // an existing folder (the inputs' own, say): only the lock this run left
        if (!t.outLockExisted) fs::remove(out / ".streamsynth.lock", ec);
        return;
    }
    for (const fs::directory_entry& e : fs::directory_iterator(out, ec))
        if (e.path().filename() != ".streamsynth.lock") return;  // something was written: kept
    if (ec) return;
    fs::remove(out / ".streamsynth.lock", ec);
    fs::remove(out, ec);  // only when empty
}

std::string setAsideReplacedReleases(const std::string& outDir) {
    namespace fs = std::filesystem;
    const fs::path out(outDir);
    std::error_code ec;
    // Leftovers of an interrupted replace: hidden, and never followed.
    for (const fs::directory_entry& e : fs::directory_iterator(out, ec))
        if (e.path().filename().string().rfind(".replaced-", 0) == 0) fs::remove_all(e.path(), ec);
    const fs::path releases = out / "releases";
    if (!fs::exists(fs::symlink_status(releases, ec))) return {};
    const fs::path aside = out / (".replaced-" + io::newStreamId());
    fs::rename(releases, aside, ec);  // one atomic step: the old tree leaves as a whole
    if (ec)
        throw Error(ErrorKind::Io, "cannot move the earlier run's releases aside: " + ec.message(),
                    ErrorContext::forFile(releases.string()));
    return aside.string();
}

void finishReplacedReleases(const std::string& outDir, const std::string& aside, bool runSucceeded) {
    namespace fs = std::filesystem;
    if (aside.empty()) return;
    std::error_code ec;
    const fs::path releases = fs::path(outDir) / "releases";
    if (!runSucceeded && !fs::exists(fs::symlink_status(releases, ec))) {
        fs::rename(aside, releases, ec);  // nothing new was released: the folder is as before
        if (!ec) return;
    }
    fs::remove_all(aside, ec);  // removes links, never follows them; a leftover is hidden
}

}  // namespace streamsynth::workflow
