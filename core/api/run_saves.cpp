// The write-ahead end of a step (detail/run_impl.h): the session saved
// first, then the journal, the registry claim and the files; the run's
// session settings and the files a crash left pending (run.h).
#include <QFileInfo>

#include "core/api/detail/release_claims.h"
#include "core/api/detail/run_impl.h"
#include "core/api/detail/run_state.h"
#include "core/api/fault_seam.h"
#include "core/api/run.h"
#include "core/io/session_store.h"
#include "core/stream/run_engine.h"
#include "core/values/error.h"

namespace streamsynth::api {

// The session record of the state now (between steps): the edge where
// the run's state is serialized.
const io::SessionData& Run::Impl::updateRecord() {
    recordReleasedSteps(state, *source, engine->nextStep() - 1);
    record = sessionRecord(state, engine->saveState());
    return record;
}

void Run::Impl::save(const std::string& path, int pendingStep) {
    state.setSetting(kPendingReleaseStep, std::to_string(pendingStep));
    io::saveSession(path, updateRecord());
}

// The end of a step: the session first (recording the step and whether
// its files are due), then the journal, then the files. A crash in
// between loses only the files, which finishPendingReleases() writes
// again identically (never drawing anew).
void Run::Impl::endStep(int step, std::vector<SeriesStepResult>& due, const RunCallbacks& cb) {
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

void Run::saveSession(const std::string& path) {
    impl_->save(path, 0);
}

const io::SessionData& Run::updatedSession() {
    return impl_->updateRecord();
}

void Run::setSetting(const std::string& key, const std::string& value) {
    impl_->state.setSetting(key, value);
}

std::string Run::sessionSetting(const std::string& key) const {
    return impl_->state.setting(key);
}

int Run::pendingReleaseStep() const {
    return std::atoi(impl_->state.setting(kPendingReleaseStep, "0").c_str());
}

std::vector<std::string> Run::finishPendingReleases() {
    std::vector<std::string> written;
    const int pending = pendingReleaseStep();
    if (pending <= 0 || pending != nextStep() - 1 || !impl_->output) return written;
    impl_->claims.requireBinding(static_cast<int>(impl_->state.stepDigests.size()), pending);
    impl_->journalStep(pending);  // the records a crash may have lost (same digests: the same releases)
    impl_->claimStep(pending);    // the same: a claim with the release's own digest passes
    for (const SeriesConfig& s : config().series) {
        if (!impl_->published(s.id)) continue;
        const std::string csv = impl_->releasePath(s, pending);
        const std::string json = csv.substr(0, csv.size() - 4) + ".json";
        const std::string marginals = impl_->marginalsPath(s, pending);
        const auto exists = [](const std::string& path) {
            return QFileInfo::exists(QString::fromStdString(path));
        };
        if (exists(csv) && exists(json) &&
            (marginals.empty() ||
             (exists(marginals) && exists(marginals.substr(0, marginals.size() - 4) + ".json"))))
            continue;
        impl_->writeRelease(history(s.id)[static_cast<std::size_t>(pending - 1)]);
        written.push_back(s.id);
    }
    return written;
}

}  // namespace streamsynth::api
