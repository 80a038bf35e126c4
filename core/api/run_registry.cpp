// A run's stream identity and its registry (run.h): the stream id, which
// series are published, the stream's budget and its limit, ε in plain words
// for the published series, the dataset charged, a recovery start.
#include <algorithm>
#include <optional>

#include "core/api/detail/recovery_start.h"
#include "core/api/detail/release_claims.h"
#include "core/api/detail/run_impl.h"
#include "core/api/detail/stream_ledger_parts.h"
#include "core/api/plain_privacy.h"
#include "core/api/run.h"
#include "core/stream/run_engine.h"
#include "core/values/error.h"
#include "core/values/series_spec.h"

namespace streamsynth::api {

const std::string& Run::streamId() const {
    return impl_->streamId;
}
bool Run::streamIdAssigned() const {
    return impl_->streamIdAssigned;
}
void Run::setRegistry(const std::string& spec) {
    impl_->claims.setRegistry(spec);
}
std::string Run::registryLocation() const {
    return impl_->claims.registry().location();
}
void Run::setPublishable(const std::vector<std::string>& seriesIds) {
    impl_->claims.setPublishable(seriesIds);
}
std::vector<std::string> Run::publishable() const {
    return impl_->claims.publishable();
}

StreamBudget Run::streamBudget() const {
    std::vector<registry::ReleaseRecord>
        records;  // series published from this stream before (other runs, copies)
    std::optional<double> policy;
    if (impl_->claims.active()) {
        records = impl_->claims.registry().releases(impl_->streamId);
        if (const auto p = impl_->claims.registry().policy(impl_->streamId)) policy = p->maxTotalEpsilon;
    }
    StreamBudget b =
        streamBudgetOf(impl_->state.config, impl_->state.setting(kStreamId), publishable(), records, policy);
    b.dataset = impl_->claims.datasetStanding();
    return b;
}

void Run::setMaxTotalEpsilon(double epsilon) {
    if (!impl_->claims.active())
        throw settingError("--max-total-epsilon",
                           "a budget policy applies to release-mode runs (--release-mode)");
    if (impl_->state.setting(kDatasetSetting).empty()) {  // a stream older than datasets: its own limit
        impl_->claims.registry().setMaxTotalEpsilon(impl_->streamId, epsilon);
        return;
    }
    impl_->claims.setDatasetLimit(epsilon, config().delta > 0 ? config().delta : 1e-6);
}

PlainPrivacyRequest Run::privacyRequest(const std::vector<std::string>& published) const {
    PlainPrivacyRequest r;
    const RunConfig& c = config();
    r.plan.domain = schema().domain();
    for (const std::vector<int>& w : impl_->state.workloads) {
        std::vector<std::string> names;
        for (int a : w) names.push_back(r.plan.domain.attribute(a).name);
        r.plan.workloads.names.push_back(std::move(names));
    }
    r.plan.privacy = c.privacy;
    r.plan.delta = c.delta;
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

void Run::setDataset(const DatasetChoice& choice) {
    if (!impl_->claims.active())
        throw settingError("--dataset", "a dataset is charged by release-mode runs only (--release-mode)");
    impl_->claims.setDataset(choice);
}

Recovery Run::recoverFrom(const RecoveryRequest& request) {
    Impl& d = *impl_;
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

}  // namespace streamsynth::api
