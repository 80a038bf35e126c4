// A run's stream identity and its registry (run.h): the stream id, which
// series are published, the stream's budget and its limit, ε in plain words
// for the published series, the dataset charged, a recovery start.
#include <algorithm>
#include <optional>

#include "core/stream/run_engine.h"
#include "core/values/error.h"
#include "core/values/plain_privacy_request.h"
#include "core/values/release_output.h"
#include "core/values/series_spec.h"
#include "core/workflow/recovery_start.h"
#include "core/workflow/release_claims.h"
#include "core/workflow/run_machine.h"
#include "core/workflow/stream_ledger_parts.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

const std::string& RunMachine::streamId() const {
    return streamId_;
}
bool RunMachine::streamIdAssigned() const {
    return idAssigned_;
}
void RunMachine::setRegistry(const std::string& spec, bool createNew) {
    claims.setRegistry(spec, createNew);
}
std::string RunMachine::registryLocation() const {
    return claims.registry().location();
}
void RunMachine::setPublishable(const std::vector<std::string>& seriesIds) {
    claims.setPublishable(seriesIds);
}
std::vector<std::string> RunMachine::publishable() const {
    return claims.publishable();
}

StreamBudget RunMachine::streamBudget() const {
    std::vector<registry::ReleaseRecord>
        records;  // series published from this stream before (other runs, copies)
    std::optional<double> policy;
    if (claims.active()) {
        records = claims.registry().releases(streamId_);
        if (const auto p = claims.registry().policy(streamId_)) policy = p->maxTotalEpsilon;
    }
    StreamBudget b = streamBudgetOf(state.config, state.setting(kStreamId), publishable(), records, policy);
    b.dataset = claims.datasetStanding();
    return b;
}

void RunMachine::setMaxTotalEpsilon(double epsilon) {
    if (!claims.active())
        throw settingError("--max-total-epsilon",
                           "a budget policy applies to release-mode runs (--release-mode)");
    if (state.setting(kDatasetSetting).empty()) {  // a stream older than datasets: its own limit
        claims.registry().setMaxTotalEpsilon(streamId_, epsilon);
        return;
    }
    claims.setDatasetLimit(epsilon, config().delta > 0 ? config().delta : 1e-6);
}

PlainPrivacyRequest RunMachine::privacyRequest(const std::vector<std::string>& published) const {
    PlainPrivacyRequest r;
    const RunConfig& c = config();
    r.plan.domain = schema().domain();
    for (const std::vector<int>& w : state.workloads) {
        std::vector<std::string> names;
        for (int a : w) names.push_back(r.plan.domain.attribute(a).name);
        r.plan.workloads.names.push_back(std::move(names));
    }
    r.plan.privacy = c.privacy;
    r.plan.delta = c.delta;
    r.plan.unit = schema().stream.unit;
    r.plan.rounds = c.rounds;
    r.plan.steps = stepCount();
    r.plan.rowsPerStep = c.publicRowsPerStep;
    r.plan.rowsArePublic = c.publicRowsPerStep > 0;
    r.wholeStreamCharge = c.streamCharge.amount;
    r.discreteNoise = c.discreteNoise;
    const std::vector<std::string> ids = published.empty() ? publishable() : published;
    for (const SeriesConfig& s : c.series) {
        const bool proposed = s.streamer == stream::StreamerKind::Proposed;
        if (std::find(ids.begin(), ids.end(), s.id) == ids.end()) {
            r.others.push_back({s.id, proposed, s.budget.amount()});  // would add if published
            continue;
        }
        if (proposed && r.published.empty()) {
            r.plan.counter = s.counter;
            r.plan.accuracy = stream::seriesAccuracy(c, s);
        }
        r.published.push_back({s.id, proposed, s.budget.amount()});
    }
    // The proposed series described first (describePrivacy splits the first proposed).
    std::stable_partition(r.published.begin(), r.published.end(),
                          [](const PublishedBudget& b) { return b.proposed; });
    if (!r.published.empty() && !r.published.front().proposed) r.plan.accuracy = c.accuracy;
    return r;
}

void RunMachine::setDataset(const DatasetChoice& choice) {
    if (!claims.active())
        throw settingError("--dataset", "a dataset is charged by release-mode runs only (--release-mode)");
    claims.setDataset(choice);
}

Recovery RunMachine::recoverFrom(const RecoveryRequest& request) {
    RunMachine& d = *this;
    if (!d.claims.active() || !config().secureRandom)
        throw settingError("recover-from", "a recovery stream is a release-mode run (--release-mode)");
    if (d.engine->nextStep() != 1 || !d.state.stepDigests.empty())
        throw settingError("recover-from", "a recovery stream is a new stream, before its first step");
    RecoveryStart start = planRecovery(request, d.state, *d.source, d.claims.registry());
    const Recovery& r = start.recovery;
    d.state.setSetting(kRecoveredFromSetting, r.lostStream);
    d.state.setSetting(kRecoveredClaimedSetting, std::to_string(r.claimedSteps));
    d.state.setSetting(kRecoveredSkippedSetting, std::to_string(r.skippedSteps));
    // The engine again, with the release row cap counting the steps g_0 stands for.
    d.state.config.stepsBefore = r.claimedSteps - r.skippedSteps;
    d.engine = std::make_unique<stream::RunEngine>(*d.source, d.state.config);
    d.engine->startAfter(r.skippedSteps, start.starts);
    return r;
}

}  // namespace streamsynth::workflow
