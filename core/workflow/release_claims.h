// A release-mode run's dealings with the release registry (core/registry):
// which registry (the session remembers it), the series that are
// publishable (the session remembers them too; default: the first), the
// check before a run, and the claim of each step before its release files.
// Evaluation runs (seeded) never open the registry.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/registry/release_registry.h"
#include "core/values/session_settings.h"
#include "core/values/stream_budget.h"
#include "core/workflow/run_state.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

// Session settings: the id of the registry the stream's steps are claimed
// in (a session never follows its steps to another registry by accident),
// and the dataset the stream is charged to.
inline constexpr const char* kRegistryIdSetting = "registry-id";
inline constexpr const char* kDatasetSetting = "dataset";

class ReleaseClaims {
public:
    // The digest and the charge of one series' release at the current step.
    using DigestOf = std::function<unsigned long long(const std::string& seriesId)>;
    using SpentOf = std::function<double(const std::string& seriesId, int step)>;

    // state: the run's config, stream id and settings (kept in sync by the caller).
    explicit ReleaseClaims(RunState* state) : state_(state) {}

    bool active() const;  // release mode: the registry is used
    // createNew: a SQLite registry that does not exist yet may be made for a
    // new stream (CLI --new-registry); without it only the default one is
    // made, and another missing file is a setting Error (a new registry knows
    // nothing of the releases recorded in others).
    void setRegistry(const std::string& spec, bool createNew = false);
    std::string registrySpec() const;
    // Opened on first use: Error(Io) when it cannot be; a setting Error when a
    // new stream names a missing file without createNew (setRegistry).
    registry::ReleaseRegistry& registry() const;

    // settingError naming --publish for an unknown or repeated id, or none.
    void setPublishable(const std::vector<std::string>& seriesIds);
    // The series whose releases are published: the setting; else, for a
    // session that released steps before series could be chosen, all of
    // them; else the first. Empty for an evaluation run.
    std::vector<std::string> publishable() const;
    bool isPublishable(const std::string& seriesId) const;

    // The stream's dataset (a new stream: before its first step).
    void setDataset(const DatasetChoice& choice);
    // The dataset's standing (none when the stream names no dataset).
    std::optional<DatasetStanding> datasetStanding() const;
    // The dataset's limit (--max-total-epsilon) at δ (zCDP streams' conversion).
    void setDatasetLimit(double maxTotalEpsilon, double delta);

    // Error(Privacy) unless the registry is the one the session's released
    // steps were claimed in and holds them (steps 1..releasedSteps of each
    // published series; the pending step of a crash between its session save
    // and its claim may be missing). Records the registry's location and id
    // in the settings when the session names none yet.
    void requireBinding(int releasedSteps, int pendingStep);
    // Before steps firstStep.. are run: Error(Privacy) when one is already
    // released, the policy would be passed, or (a new stream) its dataset
    // has spent and the charge was not confirmed. Joins the stream to its dataset.
    void check(int firstStep);
    // The step's publishable releases, in one transaction (idempotent for the
    // same digests).
    void claim(int step, const DigestOf& digest, const SpentOf& spent, const std::string& out,
               const std::string& sessionPath);
    // Error(Privacy) unless every (series, step) is claimed in the registry
    // (exports of publishable releases).
    void requireClaimed(const std::vector<std::pair<std::string, int>>& releases);

private:
    std::vector<registry::ReleaseRecord> planned() const;
    void joinDataset();
    void refuseRecreatedDefault(bool bound, const std::string& spec) const;
    RunState* state_;
    DatasetChoice dataset_;
    mutable std::unique_ptr<registry::ReleaseRegistry> registry_;
    bool createNew_ = false;
};

// A dataset's standing in `reg` for `stream` (its claims plus `planned`);
// `probe` (dataset, source, fingerprint) finds look-alikes of a stream not
// yet recorded. None when name is "".
std::optional<DatasetStanding> datasetStandingIn(registry::ReleaseRegistry& reg, const std::string& name,
                                                 const std::string& stream,
                                                 const std::vector<registry::ReleaseRecord>& planned,
                                                 registry::DatasetMember probe);

}  // namespace streamsynth::workflow
