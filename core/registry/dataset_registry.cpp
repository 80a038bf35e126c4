// The registry's datasets: which dataset each stream belongs to, the
// dataset's total over all its streams and its limit, and the explicit move
// of a stream's claims between registries (see release_registry.h and
// docs/privacy-models.md, "One budget per dataset").
#include <QDateTime>
#include <QSysInfo>
#include <algorithm>
#include <cmath>

#include "core/registry/release_registry.h"
#include "core/registry/row_sketch.h"
#include "core/values/dataset_total.h"
#include "core/values/error.h"

namespace streamsynth::registry {
StreamTotal streamTotalOf(const std::vector<ReleaseRecord>& records) {
    if (records.empty()) return {};
    std::vector<SeriesBudget> budgets;
    for (const ReleaseRecord& r : records) budgets.push_back({r.series, r.budget});
    return streamTotal(records.front().model, budgets, records.front().delta);
}

namespace {

std::string nowText() {
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
}

std::string hostName() {
    return QSysInfo::machineHostName().toStdString();
}

}  // namespace

std::optional<DatasetMember> ReleaseRegistry::membership(const std::string& stream) {
    for (const DatasetMember& m : store_->members())
        if (m.stream == stream) return m;
    return std::nullopt;
}

std::vector<DatasetMember> ReleaseRegistry::datasetMembers(const std::string& dataset) {
    std::vector<DatasetMember> out;
    for (const DatasetMember& m : store_->members())
        if (m.dataset == dataset) out.push_back(m);
    return out;
}

std::vector<DatasetMember> ReleaseRegistry::lookalikes(const DatasetMember& m) {
    std::vector<DatasetMember> out;
    for (const DatasetMember& other : store_->members()) {
        if (other.dataset == m.dataset) continue;
        const bool sameSource = !m.source.empty() && other.source == m.source;
        if ((sameSource || registry::sameRows(other.fingerprint, m.fingerprint)) &&
            std::none_of(out.begin(), out.end(),
                         [&](const DatasetMember& o) { return o.dataset == other.dataset; }))
            out.push_back(other);
    }
    return out;
}

DatasetTotal ReleaseRegistry::datasetTotal(const std::string& dataset,
                                           const std::vector<ReleaseRecord>& planned) {
    std::vector<StreamTotal> totals;
    const std::string plannedStream = planned.empty() ? std::string() : planned.front().stream;
    bool plannedCounted = false;
    for (const DatasetMember& m : datasetMembers(dataset)) {
        std::vector<ReleaseRecord> records = store_->records(m.stream);
        if (m.stream == plannedStream) {
            records.insert(records.end(), planned.begin(), planned.end());
            plannedCounted = true;
        }
        totals.push_back(streamTotalOf(records));
    }
    if (!plannedCounted && !planned.empty()) totals.push_back(streamTotalOf(planned));
    const std::optional<DatasetPolicy> policy = datasetPolicy(dataset);
    return registry::datasetTotal(dataset, totals, policy ? policy->delta : 0);
}

std::optional<DatasetPolicy> ReleaseRegistry::datasetPolicy(const std::string& dataset) {
    std::optional<DatasetPolicy> best;
    for (const DatasetPolicy& p : store_->datasetPolicies(dataset))
        if (!best || p.maxTotalEpsilon < best->maxTotalEpsilon) best = p;
    return best;
}

void ReleaseRegistry::checkDatasetPolicy(const std::string& stream, const std::vector<ReleaseRecord>& added) {
    if (added.empty()) return;
    const std::optional<DatasetMember> m = membership(stream);
    if (!m) return;
    const std::optional<DatasetPolicy> policy = datasetPolicy(m->dataset);
    if (!policy) return;
    const DatasetTotal total = datasetTotal(m->dataset, added);
    if (!(total.epsilon <= policy->maxTotalEpsilon))
        throw Error(ErrorKind::Privacy,
                    "publishing series " + added.front().series + " of stream " + stream +
                        " would bring the total privacy loss of the dataset '" + m->dataset + "' to " +
                        datasetTotalText(total) +
                        ", past its limit of ε = " + roundedText(policy->maxTotalEpsilon) + " (set at " +
                        policy->setAt + " in the release registry " + location() + ", --max-total-epsilon)",
                    ErrorContext::forFile(location()));
}

std::string unitProtection(const std::string& column) {
    return "unit:" + column;
}

namespace {
std::string protectionKey(const std::string& stream) {
    return "protection:" + stream;
}
std::string confirmedKey(const std::string& stream) {
    return "charge-confirmed:" + stream;
}
// What a recorded protection protects, in words.
std::string protectionWords(const std::string& protection) {
    if (protection.rfind("unit:", 0) == 0) return "each unit of column '" + protection.substr(5) + "'";
    return "each row (event level)";
}
}  // namespace

std::string ReleaseRegistry::protectionOf(const std::string& stream) {
    return store_->meta(protectionKey(stream));
}

void ReleaseRegistry::refuseUnsharedDataset(const std::string& stream, const std::string& dataset,
                                            const std::string& protection, bool chargeConfirmed) {
    for (const DatasetMember& m : datasetMembers(dataset)) {
        if (m.stream == stream || store_->records(m.stream).empty()) continue;
        std::string theirs = store_->meta(protectionKey(m.stream));
        if (theirs.empty()) theirs = kRowProtection;  // recorded before protections were
        if (theirs != protection)
            throw Error(ErrorKind::Privacy,
                        "stream " + m.stream + " of the dataset '" + dataset + "' protects " +
                            protectionWords(theirs) + ", and this stream would protect " +
                            protectionWords(protection) +
                            ": the ε of one says nothing of what a person loses under the other (under "
                            "a row-level stream, a person with many rows loses more than its ε), so the "
                            "dataset's total could not be stated. Release this stream with the same "
                            "privacy unit as the dataset's streams",
                        ErrorContext::forFile(location()));
        if (!chargeConfirmed)
            throw Error(ErrorKind::Privacy,
                        "the dataset '" + dataset + "' has already spent " +
                            datasetTotalText(datasetTotal(dataset)) + " in the release registry " +
                            location() + " (stream " + m.stream +
                            ", which started at the same time as this one or after this one was "
                            "checked). Its people are the same, so their privacy losses add up. To add "
                            "rows to a released stream, continue its session; to start a new stream "
                            "anyway, charge it explicitly (--charge-to-dataset " +
                            dataset + "; in the app, confirm the new stream)",
                        ErrorContext::forFile(location()));
    }
}

void ReleaseRegistry::joinDataset(DatasetMember member, const std::string& protection, bool chargeConfirmed) {
    if (member.dataset.empty())
        throw settingError("--dataset", "name the dataset the stream is released from");
    store_->begin(member.stream);
    try {
        if (const std::optional<DatasetMember> m = membership(member.stream)) {
            store_->commit();
            if (m->dataset == member.dataset) return;
            throw Error(ErrorKind::Privacy,
                        "stream " + member.stream + " belongs to the dataset '" + m->dataset +
                            "' in the release registry " + location() + "; it cannot be charged to '" +
                            member.dataset + "' as well",
                        ErrorContext::forFile(location()));
        }
        refuseMovedDataset(member.dataset);
        refuseUnsharedDataset(member.stream, member.dataset, protection, chargeConfirmed);
        guardWrite();  // a refused older copy gains no record (a review of 2026-12-01)
        member.addedAt = nowText();
        if (member.host.empty()) member.host = hostName();
        store_->insertMember(member);
        store_->insertMeta(protectionKey(member.stream), protection);
        if (chargeConfirmed) store_->insertMeta(confirmedKey(member.stream), "1");
        store_->commit();
    } catch (...) {
        store_->rollback();
        throw;
    }
    noteWritten();
}

void ReleaseRegistry::refuseUnsharedFirstClaim(const std::string& stream) {
    const std::optional<DatasetMember> m = membership(stream);
    if (!m) return;
    const std::string recorded = store_->meta(protectionKey(stream));
    // A join recorded before joins recorded these was checked at its join for the charge (only
    // the race of two joins at once escaped it): taken as confirmed, and as protecting rows.
    const bool confirmed = recorded.empty() || store_->meta(confirmedKey(stream)) == "1";
    refuseUnsharedDataset(stream, m->dataset, recorded.empty() ? kRowProtection : recorded, confirmed);
}

void ReleaseRegistry::setDatasetLimit(const std::string& dataset, double maxTotalEpsilon, double delta) {
    if (!std::isfinite(maxTotalEpsilon) || maxTotalEpsilon <= 0)
        throw settingError("--max-total-epsilon", "a limit on ε greater than 0, such as 3 (got " +
                                                      roundedText(maxTotalEpsilon) + ")");
    if (!(delta > 0 && delta < 1)) throw settingError("--delta", "a δ between 0 and 1, such as 1e-6");
    const DatasetPolicy p{maxTotalEpsilon, delta, nowText(), hostName()};
    store_->begin(dataset);
    try {
        guardWrite();
        store_->insertDatasetPolicy(dataset, p);
        store_->commit();
    } catch (...) {
        store_->rollback();
        throw;
    }
    noteWritten();
}

std::vector<std::string> ReleaseRegistry::streamsMovedWith(const std::string& stream) {
    std::vector<std::string> streams{stream};
    if (const std::optional<DatasetMember> member = membership(stream))
        for (const DatasetMember& m : datasetMembers(member->dataset))
            if (m.stream != stream) streams.push_back(m.stream);
    return streams;
}

void ReleaseRegistry::checkImport(const std::string& stream, ReleaseRegistry& from) {
    requireRecordedFile();
    from.requireRecordedFile();
    requireNotOlder();
    from.requireNotOlder();
    for (const std::string& s : from.streamsMovedWith(stream)) copyStream(s, from, /*write=*/false);
}

int ReleaseRegistry::importStream(const std::string& stream, ReleaseRegistry& from) {
    // The moved stream and every other stream of its dataset: the target must
    // know what the dataset has spent, or its total and limit would count the
    // moved stream alone (the source refuses them all from the move on).
    const std::optional<DatasetMember> member = from.membership(stream);
    std::vector<DatasetPolicy> datasetPolicies;
    if (member) datasetPolicies = from.store_->datasetPolicies(member->dataset);
    int copied = 0;
    store_->begin(stream);
    try {
        guardWrite();
        for (const std::string& s : from.streamsMovedWith(stream)) {
            const int n = copyStream(s, from, /*write=*/true);
            if (s == stream) copied = n;
        }
        if (member) {
            const std::vector<DatasetPolicy> ourDataset = store_->datasetPolicies(member->dataset);
            for (const DatasetPolicy& p : datasetPolicies)
                if (std::none_of(ourDataset.begin(), ourDataset.end(),
                                 [&](const DatasetPolicy& o) { return o.setAt == p.setAt; }))
                    store_->insertDatasetPolicy(member->dataset, p);
        }
        store_->commit();
    } catch (...) {
        store_->rollback();
        throw;
    }
    noteWritten();
    return copied;
}

// Inside importStream's transaction: the stream's claims as recorded (refused
// when this registry holds one of its steps with another release), its
// policies and its dataset membership. Returns the claims copied. With
// write false, only the refusal (checkImport, before anything is marked).
int ReleaseRegistry::copyStream(const std::string& stream, ReleaseRegistry& from, bool write) {
    const std::vector<ReleaseRecord> ours = store_->records(stream);
    int copied = 0;
    for (const ReleaseRecord& r : from.releases(stream)) {
        const auto same = std::find_if(ours.begin(), ours.end(), [&](const ReleaseRecord& o) {
            return o.series == r.series && o.step == r.step;
        });
        if (same != ours.end()) {
            if (same->digest != r.digest)
                throw Error(ErrorKind::Privacy,
                            "the release registry " + location() + " holds step " + std::to_string(r.step) +
                                " of series " + r.series + " of stream " + stream +
                                " with another release; the stream cannot be moved into it",
                            ErrorContext::forFile(location()));
            continue;
        }
        if (write) store_->insert(r);  // as recorded: its host, folder, session and time
        ++copied;
    }
    if (!write) return copied;
    const std::vector<StreamPolicy> ourPolicies = store_->policies(stream);
    for (const StreamPolicy& p : from.store_->policies(stream))
        if (std::none_of(ourPolicies.begin(), ourPolicies.end(),
                         [&](const StreamPolicy& o) { return o.setAt == p.setAt; }))
            store_->insertPolicy(stream, p);
    const std::optional<DatasetMember> member = from.membership(stream);
    if (member && !membership(stream)) store_->insertMember(*member);
    for (const std::string& key : {protectionKey(stream), confirmedKey(stream)})
        if (const std::string value = from.store_->meta(key); !value.empty() && store_->meta(key).empty())
            store_->insertMeta(key, value);
    return copied;
}

std::vector<std::string> ReleaseRegistry::streamsOfSession(const std::string& session) {
    return store_->streamsOfSession(session);
}

}  // namespace streamsynth::registry
