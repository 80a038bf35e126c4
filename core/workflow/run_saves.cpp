// The write-ahead end of a step (detail/run_impl.h): the session saved
// first, then the journal, the registry claim and the files; the run's
// session settings and the files a crash left pending (run.h).
#include <QFileInfo>

#include "core/io/release_writer.h"
#include "core/io/session_store.h"
#include "core/stream/run_engine.h"
#include "core/values/error.h"
#include "core/values/fault_seam.h"
#include "core/values/release_output.h"
#include "core/workflow/release_claims.h"
#include "core/workflow/run_machine.h"
#include "core/workflow/run_state.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

// The session record of the state now (between steps): the edge where
// the run's state is serialized.
const io::SessionData& RunMachine::updateRecord() {
    recordReleasedSteps(state, *source, engine->nextStep() - 1);
    record = sessionRecord(state, engine->saveState());
    return record;
}

void RunMachine::save(const std::string& path, int pendingStep) {
    state.setSetting(kPendingReleaseStep, std::to_string(pendingStep));
    io::saveSession(path, updateRecord());
}

// The end of a step: the session first (recording the step and whether
// its files are due), then the journal, then the files. A crash in
// between loses only the files, which finishPendingReleases() writes
// again identically (never drawing anew).
void RunMachine::endStep(int step, std::vector<SeriesStepResult>& due, const RunCallbacks& cb) {
    if (autosave && !sessionPath.empty()) {
        std::string error;
        try {
            save(sessionPath, due.empty() ? 0 : step);
        } catch (const Error& e) {
            if (!due.empty()) throw;  // never write a release its session does not record
            error = e.describe();
        }
        if (cb.onAutosaved) cb.onAutosaved(step, error);
        reachedFaultPoint("session-save", step);
    }
    try {
        journalStep(step);
    } catch (const Error& e) {
        // Files must never appear for a step no journal records; without
        // files due (the GUI's spool) the failure is reported like a
        // failed autosave and the run goes on (the journal's later
        // records still cover every step up to them).
        if (!due.empty()) throw;
        if (cb.onAutosaved) cb.onAutosaved(step, e.describe());
    }
    reachedFaultPoint("journal", step);
    claimStep(step);  // refused: no file of this step is written, the run stops
    reachedFaultPoint("claim", step);
    for (const SeriesStepResult& r : due) writeRelease(r);
    due.clear();
}

void RunMachine::saveSession(const std::string& path) {
    save(path, 0);
}

ReleaseOutput RunMachine::recordedOutput() const {
    ReleaseOutput out;
    out.dir = state.setting("out", "streamsynth-run");
    out.which = parseExportWhich(state.setting("export-releases", "all"));
    out.bins = parseBinOutput(state.setting("bins", "interval"));
    out.marginals = state.setting("release-marginals", "0") == "1";
    out.files = parseReleaseFiles(state.setting("release-files", "csv"));
    return out;
}

const io::SessionData& RunMachine::updatedSession() {
    return updateRecord();
}

void RunMachine::setSetting(const std::string& key, const std::string& value) {
    state.setSetting(key, value);
}

std::string RunMachine::sessionSetting(const std::string& key) const {
    return state.setting(key);
}

int RunMachine::pendingReleaseStep() const {
    return std::atoi(state.setting(kPendingReleaseStep, "0").c_str());
}

std::vector<std::string> RunMachine::finishPendingReleases() {
    std::vector<std::string> written;
    const int pending = pendingReleaseStep();
    if (pending <= 0 || pending != nextStep() - 1 || !output) return written;
    claims.requireBinding(static_cast<int>(state.stepDigests.size()), pending);
    journalStep(pending);  // the records a crash may have lost (same digests: the same releases)
    claimStep(pending);    // the same: a claim with the release's own digest passes
    for (const SeriesConfig& s : config().series) {
        if (!published(s.id)) continue;
        // The files in the run's own form (compact files end in .csv.gz): a release whose files are
        // all there is not written again (nor said to be).
        const std::string csv = releasePath(s, pending, fileFormat());
        const std::string marginals = marginalsPath(s, pending);
        const auto exists = [](const std::string& path) {
            return QFileInfo::exists(QString::fromStdString(path));
        };
        if (exists(csv) && exists(io::releaseManifestPath(csv)) &&
            (marginals.empty() || (exists(marginals) && exists(io::releaseManifestPath(marginals)))))
            continue;
        writeRelease(history(s.id)[static_cast<std::size_t>(pending - 1)]);
        written.push_back(s.id);
    }
    return written;
}

}  // namespace streamsynth::workflow
