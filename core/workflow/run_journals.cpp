// Never release a step twice (detail/run_impl.h): the stream's release
// journals, its registry claims, another stream's folder and a lost session refused.
#include <QDir>
#include <QFileInfo>

#include "core/io/release_journal.h"
#include "core/privacy/ledger.h"
#include "core/stream/run_engine.h"
#include "core/values/error.h"
#include "core/values/release_output.h"
#include "core/workflow/release_claims.h"
#include "core/workflow/run_machine.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

// Claims the step's publishable releases in the registry (release mode).
void RunMachine::claimStep(int step) {
    claims.claim(
        step, [&](const std::string& id) { return engine->releaseDigest(id); },
        [&](const std::string& id, int t) { return engine->ledger(id).spent(id, t); },
        output ? output->dir : std::string(), sessionPath);
}

void RunMachine::openJournal(const std::string& path) {
    for (const io::ReleaseJournal& j : journals)
        if (j.path() == path) return;
    journals.emplace_back(path);
}

// Refuses (Error(Privacy)) a step some journal holds for this stream.
void RunMachine::refuseReleased(int firstStep, int lastStep) const {
    for (const io::ReleaseJournal& j : journals) {
        const int last = j.lastStep(streamId_);
        if (last >= firstStep)
            throw Error(
                ErrorKind::Privacy,
                "step " + std::to_string(firstStep) +
                    " of this stream was already released (release "
                    "journal " +
                    j.path() + " holds steps up to " + std::to_string(last) +
                    "); this copy of the session is older than its releases, and running it again would "
                    "publish those steps twice with fresh noise. Continue from the newest session.",
                ErrorContext::forFile(j.path()));
    }
    (void)lastStep;
}

// An output folder belongs to one stream: its journal names the stream
// whose releases it holds. A continued stream (or any run, when the
// folder holds publishable releases) never writes into another's.
void RunMachine::refuseOtherStreamsFolder(const std::string& dir, const std::string& journalPath) const {
    std::string other;
    for (const io::ReleaseJournal& j : journals)
        if (j.path() == journalPath)
            for (const io::JournalEntry& e : j.entries())
                if (e.stream != streamId_) other = e.stream;
    if (other.empty()) return;
    if (engine->nextStep() <= 1 && !holdsPublishableReleases(QString::fromStdString(dir))) return;
    throw Error(ErrorKind::Privacy,
                "the output folder " + dir + " holds the releases of stream " + other +
                    " (its releases.journal); this is stream " + streamId_ +
                    ", and a folder belongs to one stream, so its releases are never replaced or mixed. "
                    "Continue into this stream's own folder (the run's --out) or choose a new folder",
                ErrorContext::forFile(dir));
}

void RunMachine::refuseFolderWithoutItsReleases(const std::string& dir,
                                                const std::string& journalPath) const {
    const int released = engine->nextStep() - 1;
    const std::string recorded = state.setting("out");
    if (!claims.active() || released < 1 || recorded.empty()) return;
    const auto absolute = [](const std::string& path) {
        return QDir::cleanPath(QFileInfo(QString::fromStdString(path)).absoluteFilePath());
    };
    if (recorded != dir && absolute(recorded) != absolute(dir)) return;  // another folder, chosen on purpose
    int held = 0;
    for (const io::ReleaseJournal& j : journals)
        if (j.path() == journalPath) held = j.lastStep(streamId_);
    // A crash between the session's save and the journal: the last step's files are written again.
    const int needed = pendingReleaseStep() == released ? released - 1 : released;
    if (held >= needed) return;
    const std::string steps = released == 1 ? "step 1" : "steps 1.." + std::to_string(released);
    throw Error(ErrorKind::Input,
                "the output folder " + dir + " no longer holds this stream's releases of " + steps +
                    (held > 0 ? " (its releases.journal ends at step " + std::to_string(held) + ")"
                              : " (it has no releases.journal)") +
                    ": it was moved, emptied or deleted. Continuing here would start it again with the "
                    "new steps alone, and a baseline release is the rows of all its steps' files. Put "
                    "the folder back (from a backup) and continue again; or continue into another "
                    "folder (continue --out DIR), which then holds the releases from step " +
                    std::to_string(released + 1) + " on, beside the earlier folder",
                ErrorContext::forFile(dir));
}

// A new release-mode stream whose session file is missing while its
// journal or the registry shows an earlier stream released from it: the
// session was lost (a crash before its first save, a deleted file), and
// running again would release the same rows anew.
void RunMachine::refuseLostSession() {
    if (!claims.active() || !state.stepDigests.empty() || sessionPath.empty() ||
        QFileInfo::exists(QString::fromStdString(sessionPath)))
        return;
    std::string earlier;
    for (const io::ReleaseJournal& j : journals)
        if (j.path() == sessionPath + ".journal")
            for (const io::JournalEntry& e : j.entries())
                if (e.stream != streamId_) earlier = e.stream;
    if (earlier.empty()) {
        const std::string absolute =
            QFileInfo(QString::fromStdString(sessionPath)).absoluteFilePath().toStdString();
        for (const std::string& s : claims.registry().streamsOfSession(absolute))
            if (s != streamId_) earlier = s;
    }
    if (!earlier.empty() && earlier != state.setting(kRecoveredFromSetting))
        throw Error(ErrorKind::Privacy,
                    "the session " + sessionPath + " is missing, but stream " + earlier +
                        " released steps recorded with it (its journal " + sessionPath +
                        ".journal, the release registry " + claims.registry().location() +
                        "). Running again would release the same rows a second time. Restore the "
                        "session from a backup and `continue` it; without it, start a recovery stream from "
                        "its last published releases: the same `run` with --recover-from OUT (its "
                        "output folder) into a new folder (docs/privacy-models.md, \"A lost session\")",
                    ErrorContext::forFile(sessionPath));
}

// Records this step's releases (every series) in every journal that lacks them.
void RunMachine::journalStep(int step) {
    if (journals.empty()) return;  // no journal (a GUI run without a session): no digest to hash
    std::vector<io::JournalEntry> entries;
    // The releases' digests, without drawing a proposed release's rows.
    for (const SeriesConfig& s : state.config.series)
        entries.push_back({streamId_, s.id, step, engine->releaseDigest(s.id)});
    for (io::ReleaseJournal& j : journals) {
        std::vector<io::JournalEntry> missing;
        for (const io::JournalEntry& e : entries)
            if (!j.find(e.stream, e.series, e.step)) missing.push_back(e);
        j.record(missing);
    }
}

}  // namespace streamsynth::workflow
