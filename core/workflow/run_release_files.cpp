// A run's release files (detail/run_impl.h): the stream's stamp for
// manifests, each release's path, format and new rows, its noisy marginals
// beside it, and the GUI's spool of every step's release.
#include <QDir>
#include <QFileInfo>
#include <optional>

#include "core/io/marginals_release.h"
#include "core/io/release_spool.h"
#include "core/io/run_export.h"
#include "core/privacy/rng.h"
#include "core/stream/release_recipe.h"
#include "core/stream/run_engine.h"
#include "core/values/error.h"
#include "core/values/release_output.h"
#include "core/values/stream_total.h"
#include "core/workflow/release_claims.h"
#include "core/workflow/release_spool_impl.h"
#include "core/workflow/run_machine.h"
#include "core/workflow/run_state.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

// The stream's id and published total, for manifests.
io::StreamStamp RunMachine::stamp() const {
    io::StreamStamp st;
    st.id = claims.active() ? streamId_ : std::string();  // an evaluation run publishes no stream
    st.published = claims.publishable();
    st.model = privacy::privacyModelName(state.config.privacy);
    std::vector<registry::SeriesBudget> budgets;
    for (const SeriesConfig& s : state.config.series)
        if (claims.isPublishable(s.id)) budgets.push_back({s.id, s.budget.amount()});
    const double delta = state.config.delta > 0 ? state.config.delta : 1e-6;
    const registry::StreamTotal total = registry::streamTotal(st.model, budgets, delta);
    st.total = total.sum;
    st.totalEpsilon = total.epsilon;
    st.delta = total.delta;
    if (const std::optional<DatasetStanding> d = claims.active() ? claims.datasetStanding() : std::nullopt) {
        st.dataset = d->name;
        st.datasetEpsilon = d->total.epsilon;
        st.datasetDelta = d->total.delta;
        st.datasetStreams = d->total.streams;
    }
    st.recoveredFrom = state.setting(kRecoveredFromSetting);
    st.recoveredClaimed = std::atoi(state.setting(kRecoveredClaimedSetting, "0").c_str());
    return st;
}

bool RunMachine::published(const std::string& seriesId) const {
    return !state.config.secureRandom || claims.isPublishable(seriesId);
}

void RunMachine::requirePublished(const std::string& seriesId) const {
    if (!published(seriesId))
        throw Error(
            ErrorKind::Privacy,
            "series " + seriesId +
                " is not published in this release-mode run (it "
                "ran for comparison only); choose it as publishable when the run starts to publish it");
}

const SeriesConfig& RunMachine::series(const std::string& id) const {
    for (const SeriesConfig& s : state.config.series)
        if (s.id == id) return s;
    throw settingError("series", "the run has no series '" + id + "'");
}

// The output folder's file of one release (sessions of older versions
// kept their folder per series as a setting).
std::string RunMachine::releasePath(const SeriesConfig& s, int step, io::ReleaseFileFormat format) const {
    const std::string folder = state.setting("folder:" + s.id, io::releaseFolder(state.config, s));
    return QDir(QString::fromStdString(output->dir))
        .filePath(QString::fromStdString(folder + "/" + io::stepFileName(step, format)))
        .toStdString();
}

io::ReleaseFileFormat RunMachine::fileFormat() const {
    return output->files == ReleaseFiles::Compact ? io::ReleaseFileFormat::CsvGz : io::ReleaseFileFormat::Csv;
}

// Compact files of a release that extends the last one hold the rows new at this step, when the previous
// step's file lies in the same folder (a `continue` of the same output); else the whole release.
long long RunMachine::rowsBefore(const SeriesConfig& s, int step) const {
    if (output->files != ReleaseFiles::Compact || output->which != ExportWhich::All || step <= 1 ||
        !engine->releaseGrowsByAppending(s.id))
        return 0;
    bool previousFile = false;
    for (io::ReleaseFileFormat f : {io::ReleaseFileFormat::Csv, io::ReleaseFileFormat::CsvGz})
        previousFile = previousFile || QFileInfo::exists(QString::fromStdString(releasePath(s, step - 1, f)));
    if (!previousFile) return 0;
    for (const SeriesStepResult& r : engine->history(s.id))
        if (r.step == step - 1) return r.releaseRows;
    return 0;
}

// The noisy marginals' file beside a release (proposed series with
// ReleaseOutput::marginals), else "".
std::string RunMachine::marginalsPath(const SeriesConfig& s, int step) const {
    if (!output || !output->marginals || s.streamer != stream::StreamerKind::Proposed) return {};
    const std::string release = releasePath(s, step);
    return release.substr(0, release.find_last_of('/') + 1) + io::marginalsFileName(step);
}

void RunMachine::writeRelease(const SeriesStepResult& r) const {
    const SeriesConfig& s = series(r.seriesId);
    auto rng = io::makeExportRng(state.config, s.id, r.step);
    const io::StreamStamp st = stamp();
    io::ReleaseManifest manifest = io::manifestFor(state.config, s, r, &st);
    manifest.fileFormat = fileFormat();
    manifest.rowsBefore = rowsBefore(s, r.step);
    io::writeRelease(releasePath(s, r.step, manifest.fileFormat), engine->release(s.id), state.schema,
                     manifest, output->bins, rng.get(), output->dir);
    // Read off the streamer's state after step r.step (also after a
    // restored session): the same answers the step gave its fit.
    const std::string marginals = marginalsPath(s, r.step);
    if (!marginals.empty())
        io::writeMarginalsRelease(marginals, engine->noisyMarginals(s.id), state.schema, manifest,
                                  engine->ledger(s.id), output->dir);
}

bool RunMachine::filesDueAt(int step, int finalStep) const {
    if (!output) return false;
    return output->which == ExportWhich::All || (output->which == ExportWhich::Last && step == finalStep);
}

void RunMachine::keep(const SeriesStepResult& r, const RunCallbacks& cb) const {
    if (!spool_) return;
    try {
        // What changed only (a step's cost must not grow with |g_t|): a recipe, or the new rows of a
        // release that grows by appending; never g_t drawn whole.
        io::ReleaseSpool& kept = ReleaseSpoolAccess::of(*spool_);
        if (const stream::ReleaseRecipe* recipe = engine->releaseRecipe(r.seriesId))
            kept.appendRecipe(r.seriesId, r.step, r.period, *recipe);
        else if (engine->releaseGrowsByAppending(r.seriesId))
            kept.appendGrowth(r.seriesId, r.step, r.period, engine->release(r.seriesId));
        else
            kept.append(r.seriesId, r.step, r.period, engine->release(r.seriesId));
    } catch (const Error& e) {
        if (cb.onKeepFailed) cb.onKeepFailed(r.seriesId, r.step, e.describe());
    } catch (const std::exception& e) {  // e.g. bad_alloc: the run goes on without this release
        if (cb.onKeepFailed) cb.onKeepFailed(r.seriesId, r.step, e.what());
    }
}

}  // namespace streamsynth::workflow
