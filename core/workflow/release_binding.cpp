// The release registry a stream is bound to and the dataset it is charged
// to (see release_claims.h; docs/privacy-models.md, "One budget per dataset").
#include <QFileInfo>
#include <algorithm>
#include <memory>

#include "core/registry/known_registries.h"
#include "core/values/counted_text.h"
#include "core/values/error.h"
#include "core/values/release_output.h"
#include "core/workflow/recovery_start.h"
#include "core/workflow/release_claims.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {
namespace {

// The first step of from..upTo that `records` lacks for `series` (0: none missing).
int firstMissing(const std::vector<registry::ReleaseRecord>& records, const std::string& series, int from,
                 int upTo) {
    std::vector<bool> seen(static_cast<std::size_t>(std::max(upTo, 0)) + 1, false);
    for (const registry::ReleaseRecord& r : records)
        if (r.series == series && r.step >= 1 && r.step <= upTo)
            seen[static_cast<std::size_t>(r.step)] = true;
    for (int t = std::max(1, from); t <= upTo; ++t)
        if (!seen[static_cast<std::size_t>(t)]) return t;
    return 0;
}

// "the dataset 'X' (stream S) was released from the same source|rows": a
// stream of this registry that `probe` looks like.
std::string lookalikeText(const registry::DatasetMember& probe, const registry::DatasetMember& other) {
    const bool sameSource = !probe.source.empty() && other.source == probe.source;
    return "the dataset '" + other.dataset + "' (stream " + other.stream + ") was released from " +
           (sameSource ? "the same source" : "the same rows");
}

// A new stream: the other registries this user has released through (the
// default one first; registry/known_registries.h) may record the same table
// (its source, or its first rows under that registry's key), released under a
// budget this registry does not count: two accountings of one table's people.
// Said before a run, and a new stream refused at its join unless the steward
// says it is another table, as for look-alikes within one registry
// (docs/privacy-models.md, "Look-alikes").
void noteOtherRegistryLookalikes(DatasetStanding& d, const std::string& location, const std::string& source,
                                 const std::string& sample) {
    if (registry::isPostgresRegistry(location)) return;
    registry::rememberRegistry(location);  // listed before its first claim: a run at once sees it
    const QString here = QFileInfo(QString::fromStdString(location)).canonicalFilePath();
    const std::string fallback =
        QFileInfo(QString::fromStdString(registry::defaultRegistryPath())).canonicalFilePath().toStdString();
    for (const std::string& path : registry::knownRegistries()) {
        if (QString::fromStdString(path) == here) continue;
        try {
            const std::unique_ptr<registry::ReleaseRegistry> other = registry::openRegistry(path, false);
            registry::DatasetMember probe;  // no dataset name: every dataset there is another
            probe.source = source;
            if (!sample.empty()) probe.fingerprint = other->fingerprintOf(sample);
            for (const registry::DatasetMember& m : other->lookalikes(probe)) {
                const bool sameSource = !source.empty() && m.source == source;
                d.lookalikes.push_back(
                    (path == fallback ? "the default release registry " : "the release registry ") + path +
                    " records the dataset '" + m.dataset + "' (stream " + m.stream + ") released from " +
                    (sameSource ? "the same source" : "the same rows") + ", and " + location +
                    " does not count it; if this is the same table, release through that "
                    "registry (--registry " +
                    path +
                    "; in the GUI, Run ▸ Release registry…) "
                    "so that one budget covers its people");
            }
        } catch (const Error&) {  // an unreadable registry has nothing to say here
        }
    }
}
}  // namespace

// A new stream whose source or first rows match those of a stream of
// another dataset, here or in another registry this user released through:
// refused unless the steward says it is another table (a review of
// 2026-12-01: next week's file under its own name became a dataset of its
// own, and the same rows were released under a second budget with only a
// warning).
static void refuseLookalikes(registry::ReleaseRegistry& reg, const registry::DatasetMember& probe,
                             const std::string& sample) {
    DatasetStanding found;
    for (const registry::DatasetMember& other : reg.lookalikes(probe))
        found.lookalikes.push_back(lookalikeText(probe, other));
    noteOtherRegistryLookalikes(found, reg.location(), probe.source, sample);
    if (found.lookalikes.empty()) return;
    // What to do first: messages are bounded in length, and a user who
    // released through many registries may have many look-alikes.
    constexpr std::size_t kListed = 2;
    std::string which;
    for (std::size_t i = 0; i < found.lookalikes.size() && i < kListed; ++i)
        which += (which.empty() ? "" : "; ") + found.lookalikes[i];
    if (found.lookalikes.size() > kListed)
        which += "; and " + std::to_string(found.lookalikes.size() - kListed) + " more";
    throw Error(ErrorKind::Privacy,
                "this table looks like one released before under another dataset, so a new stream of it "
                "under the dataset '" +
                    probe.dataset +
                    "' would spend a second budget on the same people. To add rows to a released stream, "
                    "continue its session; to start another stream of that table, charge it to its dataset "
                    "(--charge-to-dataset NAME, in its registry); if this is another table, say so "
                    "(--other-table; in the app, tick “This is another table”). Looks like: " +
                    which,
                ErrorContext::forFile(reg.location()));
}

void ReleaseClaims::requireBinding(int releasedSteps, int pendingStep) {
    if (!active()) return;
    const std::string recordedId = state_->setting(kRegistryIdSetting);
    registry::ReleaseRegistry& reg = registry();
    const std::string stream = state_->setting(kStreamId);
    // Where the registry went first (a review of 2026-12-01 followed the move hint alone after a
    // `mv` of the default registry, and registry-move refused: the stream's claims were in the
    // moved file, which `continue --registry` takes).
    const std::string moveHint =
        " If the stream's registry file was moved or renamed, name it: `continue --registry PATH`. To "
        "release its next steps through another registry, move the stream there first: "
        "`streamsynth-cli registry-move --session SESSION --to REGISTRY` copies its claims.";
    if (!recordedId.empty() && reg.id() != recordedId)
        throw Error(ErrorKind::Privacy,
                    "stream " + stream + " claimed its released steps in the release registry with id " +
                        recordedId + "; the registry " + reg.location() + " is another one (id " + reg.id() +
                        ") and does not know them, so it could not stop them being released again." +
                        moveHint,
                    ErrorContext::forFile(reg.location()));
    const int mustHold = pendingStep == releasedSteps ? releasedSteps - 1 : releasedSteps;
    // A recovery stream's first steps are the lost stream's (claimed by it, not by this one).
    const int skipped = recoveredSkippedSteps(*state_);
    if (mustHold > skipped) {
        const std::vector<registry::ReleaseRecord> records = reg.releases(stream);
        // A session older than registry ids whose stream the registry never
        // saw released before the registry existed (nothing can be claimed retroactively).
        const bool preRegistry = recordedId.empty() && records.empty();
        if (!preRegistry)
            for (const std::string& series : publishable())
                if (const int missing = firstMissing(records, series, skipped + 1, mustHold))
                    throw Error(ErrorKind::Privacy,
                                "the session says " + stepRange(skipped + 1, releasedSteps) + " of stream " +
                                    stream + " are released, but the release registry " + reg.location() +
                                    " has no claim of step " + std::to_string(missing) + " of series " +
                                    series +
                                    ": this is not the registry the stream was released through, or the "
                                    "session was edited. Releasing from here could publish those rows "
                                    "again." +
                                    moveHint,
                                ErrorContext::forFile(reg.location()));
    }
    if (recordedId.empty()) state_->setSetting(kRegistryIdSetting, reg.id());
}

void ReleaseClaims::setDataset(const DatasetChoice& choice) {
    if (choice.name.empty()) throw settingError("--dataset", "name the dataset this stream is released from");
    const std::string current = state_->setting(kDatasetSetting);
    // A stream that released steps keeps its dataset; a new one may be renamed until it starts.
    if (!current.empty() && current != choice.name && !state_->stepDigests.empty())
        throw settingError("--dataset", "this stream is charged to the dataset '" + current +
                                            "'; a stream belongs to one dataset for good");
    dataset_ = choice;
    state_->setSetting(kDatasetSetting, choice.name);
}

void ReleaseClaims::joinDataset() {
    const std::string name = state_->setting(kDatasetSetting);
    const std::string stream = state_->setting(kStreamId);
    registry::ReleaseRegistry& reg = registry();
    if (name.empty()) {
        if (state_->stepDigests.empty())  // a new stream; older sessions named no dataset
            throw settingError(
                "--dataset",
                "a release-mode stream is charged to a named dataset: name it (--dataset NAME; "
                "the GUI proposes the table's name)");
        return;
    }
    if (const auto m = reg.membership(stream)) {
        if (m->dataset != name)
            throw Error(ErrorKind::Privacy,
                        "stream " + stream + " is charged to the dataset '" + m->dataset +
                            "' in the release registry " + reg.location() + ", not to '" + name + "'",
                        ErrorContext::forFile(reg.location()));
        return;
    }
    const DatasetTotal others = reg.datasetTotal(name);
    if (others.streams > 0 && !dataset_.chargeConfirmed) {
        const DatasetTotal with = reg.datasetTotal(name, planned());
        throw Error(ErrorKind::Privacy,
                    "the dataset '" + name + "' has already spent " + datasetTotalText(others) +
                        " in the release registry " + reg.location() +
                        "; this new stream would bring it to " + datasetTotalText(with) +
                        ". Its people are the same, so their privacy losses add up. To add rows to a "
                        "released stream, continue its session; to start a new stream anyway, charge it "
                        "explicitly (--charge-to-dataset " +
                        name + "; in the app, confirm the new stream)",
                    ErrorContext::forFile(reg.location()));
    }
    registry::DatasetMember m;
    m.dataset = name;
    m.stream = stream;
    m.source = dataset_.source;
    if (!dataset_.sample.empty()) m.fingerprint = reg.fingerprintOf(dataset_.sample);
    if (!dataset_.otherTableConfirmed) refuseLookalikes(reg, m, dataset_.sample);
    // Whom the stream protects: its losses add up only with streams that protect the same.
    const std::string& unitColumn = state_->config.unitColumn;
    reg.joinDataset(m, unitColumn.empty() ? registry::kRowProtection : registry::unitProtection(unitColumn),
                    dataset_.chargeConfirmed);
}

std::optional<DatasetStanding> ReleaseClaims::datasetStanding() const {
    const std::string name = state_->setting(kDatasetSetting);
    if (!active() || name.empty()) return std::nullopt;
    registry::ReleaseRegistry& reg = registry();
    registry::DatasetMember probe;  // a stream not yet recorded: its source and rows, for look-alikes
    probe.dataset = name;
    probe.source = dataset_.source;
    const bool joined = reg.membership(state_->setting(kStreamId)).has_value();  // then the record is used
    if (!joined && !dataset_.sample.empty()) probe.fingerprint = reg.fingerprintOf(dataset_.sample);
    std::optional<DatasetStanding> d =
        datasetStandingIn(reg, name, state_->setting(kStreamId), planned(), probe);
    if (d && !joined) noteOtherRegistryLookalikes(*d, reg.location(), dataset_.source, dataset_.sample);
    return d;
}

std::optional<DatasetStanding> datasetStandingIn(registry::ReleaseRegistry& reg, const std::string& name,
                                                 const std::string& stream,
                                                 const std::vector<registry::ReleaseRecord>& planned,
                                                 registry::DatasetMember probe) {
    if (name.empty()) return std::nullopt;
    DatasetStanding d;
    d.name = name;
    const std::optional<registry::DatasetMember> member = reg.membership(stream);
    d.joined = member.has_value();
    std::vector<registry::StreamTotal> totals;  // the other streams first
    for (const registry::DatasetMember& m : reg.datasetMembers(name)) {
        if (m.stream == stream) continue;
        const std::vector<registry::ReleaseRecord> records = reg.releases(m.stream);
        if (!records.empty()) totals.push_back(registry::streamTotalOf(records));
    }
    const std::optional<registry::DatasetPolicy> policy = reg.datasetPolicy(name);
    const double delta = policy ? policy->delta : 0;
    d.others = registry::datasetTotal(name, totals, delta);
    std::vector<registry::ReleaseRecord> mine = reg.releases(stream);
    mine.insert(mine.end(), planned.begin(), planned.end());
    if (!mine.empty()) totals.push_back(registry::streamTotalOf(mine));
    d.total = registry::datasetTotal(name, totals, delta);
    if (policy) d.maxTotalEpsilon = policy->maxTotalEpsilon;
    // A stream in its dataset for good (a continuation) has nothing to act on: its look-alikes were
    // said, or refused, when it started (a review of 2026-12-01 saw them repeated on every `continue`).
    if (member) return d;
    for (const registry::DatasetMember& other : reg.lookalikes(probe))
        d.lookalikes.push_back(lookalikeText(probe, other) +
                               "; if this is the same table, charge this stream to '" + other.dataset +
                               "' instead, so that one budget covers its people");
    return d;
}

void ReleaseClaims::setDatasetLimit(double maxTotalEpsilon, double delta) {
    const std::string name = state_->setting(kDatasetSetting);
    if (name.empty())
        throw settingError("--max-total-epsilon", "name the stream's dataset first (--dataset)");
    registry().setDatasetLimit(name, maxTotalEpsilon, delta);
}

}  // namespace streamsynth::workflow
