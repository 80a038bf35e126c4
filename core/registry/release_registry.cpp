// The registry's rules, shared by its stores (see release_registry.h).
#include "core/registry/release_registry.h"

#include <QByteArray>
#include <QDateTime>
#include <QSysInfo>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <utility>

#include "core/privacy/rng.h"
#include "core/registry/claim_watermark.h"
#include "core/registry/known_registries.h"
#include "core/registry/row_sketch.h"
#include "core/values/error.h"
#include "core/values/stream_total.h"

namespace streamsynth::registry {
namespace {

std::string firstReleaseText(const ReleaseRecord& r) {
    std::string where = "on " + (r.host.empty() ? std::string("an unnamed machine") : r.host);
    if (!r.out.empty()) where += " into " + r.out;
    if (!r.session.empty()) where += " (session " + r.session + ")";
    return "step " + std::to_string(r.step) + " of series " + r.series + " of stream " + r.stream +
           " was first released " + where + " at " + r.releasedAt;
}

Error alreadyReleased(const ReleaseRecord& first, const std::string& location) {
    return Error(
        ErrorKind::Privacy,
        firstReleaseText(first) +
            "; releasing it again would publish it twice with fresh noise. This session is an older "
            "copy of a stream released elsewhere: continue from the newest session of the stream, or "
            "rebuild lost files with `streamsynth-cli ledger`.",
        ErrorContext::forFile(location));
}

// The meta key of a stream moved out of the registry, and its value: the
// target's id, location, time and host, tab-separated.
std::string movedKey(const std::string& stream) {
    return "moved:" + stream;
}

// Error(Privacy) when `stream` was moved out of the registry.
void refuseMoved(RegistryStore& store, const std::string& stream) {
    const std::string moved = store.meta(movedKey(stream));
    if (moved.empty()) return;
    std::vector<std::string> part;
    std::size_t from = 0;
    for (std::size_t tab = moved.find('\t'); part.size() < 3; tab = moved.find('\t', from)) {
        part.push_back(moved.substr(from, tab == std::string::npos ? std::string::npos : tab - from));
        if (tab == std::string::npos) break;
        from = tab + 1;
    }
    part.resize(3);
    throw Error(ErrorKind::Privacy,
                "stream " + stream + " was moved from the release registry " + store.location() + " to " +
                    part[1] + " (id " + part[0] + ") at " + part[2] +
                    "; its steps are claimed there now, so none is released through this registry again. "
                    "Continue the session that was moved; if this one was not moved (another stream of the "
                    "same dataset, or a move cut short), move it there too: `streamsynth-cli registry-move "
                    "--session SESSION --to " +
                    part[1] + "`.",
                ErrorContext::forFile(store.location()));
}

std::optional<StreamPolicy> smallest(const std::vector<StreamPolicy>& policies) {
    std::optional<StreamPolicy> best;
    for (const StreamPolicy& p : policies)
        if (!best || p.maxTotalEpsilon < best->maxTotalEpsilon) best = p;
    return best;
}

// Refuses when the series of `existing` and `added` together pass the policy.
void checkPolicy(const std::vector<ReleaseRecord>& existing, const std::vector<ReleaseRecord>& added,
                 const std::optional<StreamPolicy>& policy, const std::string& location) {
    if (!policy || added.empty()) return;
    std::vector<SeriesBudget> budgets;
    for (const ReleaseRecord& r : existing) budgets.push_back({r.series, r.budget});
    for (const ReleaseRecord& r : added) budgets.push_back({r.series, r.budget});
    const StreamTotal total = streamTotal(added.front().model, budgets, added.front().delta);
    if (!(total.epsilon <= policy->maxTotalEpsilon))
        throw Error(ErrorKind::Privacy,
                    "publishing series " + added.front().series + " of stream " + added.front().stream +
                        " would bring the stream's total privacy loss to " + totalText(total) +
                        ", past its limit of ε = " + roundedText(policy->maxTotalEpsilon) + " (set at " +
                        policy->setAt + " in the release registry " + location + ", --max-total-epsilon)",
                    ErrorContext::forFile(location));
}

const ReleaseRecord* findRecord(const std::vector<ReleaseRecord>& records, const std::string& series,
                                int step) {
    for (const ReleaseRecord& r : records)
        if (r.series == series && r.step == step) return &r;
    return nullptr;
}

std::string nowUtc() {
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
}

// Runs f inside a transaction on `stream`, rolled back on any exception.
template <typename F>
auto inTransaction(RegistryStore& store, const std::string& stream, F&& f) {
    store.begin(stream);
    try {
        if constexpr (std::is_void_v<decltype(f())>) {
            f();
            store.commit();
        } else {
            auto result = f();
            store.commit();
            return result;
        }
    } catch (...) {
        store.rollback();
        throw;
    }
}

}  // namespace

ReleaseRegistry::ReleaseRegistry(std::unique_ptr<RegistryStore> store) : store_(std::move(store)) {}
ReleaseRegistry::~ReleaseRegistry() = default;

void ReleaseRegistry::claim(std::vector<ReleaseRecord> records) {
    if (records.empty()) return;
    const std::string stream = records.front().stream;
    const std::string at = nowUtc();
    const std::string host = QSysInfo::machineHostName().toStdString();
    inTransaction(*store_, stream, [&] {
        guardWrite();
        refuseMoved(*store_, stream);
        const std::vector<ReleaseRecord> existing = store_->records(stream);
        std::vector<ReleaseRecord> added;
        for (ReleaseRecord& r : records) {
            if (r.stream != stream) throw settingError("stream", "one claim covers one stream");
            if (const ReleaseRecord* first = findRecord(existing, r.series, r.step)) {
                if (first->digest != r.digest) throw alreadyReleased(*first, store_->location());
                continue;  // the same release, claimed again after a crash
            }
            r.releasedAt = at;
            if (r.host.empty()) r.host = host;
            added.push_back(r);
        }
        checkPolicy(existing, added, smallest(store_->policies(stream)), store_->location());
        checkDatasetPolicy(stream, added);
        if (existing.empty() && !added.empty()) refuseUnsharedFirstClaim(stream);
        for (const ReleaseRecord& r : added) store_->insert(r);
    });
    noteWritten();
}

void ReleaseRegistry::check(const std::vector<ReleaseRecord>& planned, int firstStep) {
    if (planned.empty()) return;
    const std::string stream = planned.front().stream;
    requireRecordedFile();
    requireNotOlder();
    refuseMoved(*store_, stream);
    const std::vector<ReleaseRecord> existing = store_->records(stream);
    const ReleaseRecord* first = nullptr;
    for (const ReleaseRecord& r : existing)
        for (const ReleaseRecord& p : planned)
            if (r.series == p.series && r.step >= firstStep && (!first || r.step < first->step)) first = &r;
    if (first) throw alreadyReleased(*first, store_->location());
    checkPolicy(existing, planned, smallest(store_->policies(stream)), store_->location());
    checkDatasetPolicy(stream, planned);
}

std::vector<ReleaseRecord> ReleaseRegistry::releases(const std::string& stream) {
    return store_->records(stream);
}

std::optional<StreamPolicy> ReleaseRegistry::policy(const std::string& stream) {
    return smallest(store_->policies(stream));
}

void ReleaseRegistry::setMaxTotalEpsilon(const std::string& stream, double maxTotalEpsilon) {
    if (!std::isfinite(maxTotalEpsilon) || maxTotalEpsilon <= 0)
        throw settingError("--max-total-epsilon", "a limit on ε greater than 0, such as 3");
    StreamPolicy p{maxTotalEpsilon, nowUtc(), QSysInfo::machineHostName().toStdString()};
    inTransaction(*store_, stream, [&] {
        guardWrite();
        store_->insertPolicy(stream, p);
    });
    noteWritten();
}

void ReleaseRegistry::markMoved(const std::string& stream, const std::string& toId,
                                const std::string& toLocation) {
    const std::string value =
        toId + "\t" + toLocation + "\t" + nowUtc() + "\t" + QSysInfo::machineHostName().toStdString();
    const std::vector<std::string> streams = streamsMovedWith(stream);
    const std::optional<DatasetMember> member = membership(stream);
    inTransaction(*store_, stream, [&] {
        guardWrite();
        for (const std::string& s : streams) store_->insertMeta(movedKey(s), value);
        if (member) store_->insertMeta("moved-dataset:" + member->dataset, value);
    });
    noteWritten();  // an older copy without the move is refused (an adversarial review of 2026-12-01)
}

void ReleaseRegistry::requireRecordedFile() {
    if (store_->isRecordedFile()) return;
    throw Error(ErrorKind::Privacy,
                "the release registry " + location() +
                    " is a copy of a registry file (a backup, a `cp`, or the file moved to another disk): "
                    "the same records in another file. A step released through the copy could be released "
                    "again through the original (or another copy), and neither would know. Use the original "
                    "file; or, if this is the registry restored from a backup (or moved) and no other "
                    "copy of it is in use, record that once with `streamsynth-cli registry-restored "
                    "--registry " +
                    location() + "` (in the GUI: Run ▸ Release registry…, name the file; it asks)",
                ErrorContext::forFile(location()));
}

void ReleaseRegistry::guardWrite() {
    requireRecordedFile();
    requireNotOlder();
    stampGeneration();
}

void ReleaseRegistry::stampGeneration() {
    if (store_->recordCount() < 0) return;  // a server registry: one database, no copies to tell apart
    generation_ = newRegistryToken();
    store_->insertMeta("gen:" + generation_, nowUtc());
}

void ReleaseRegistry::noteWritten() {
    const long long held = store_->recordCount();
    const std::string generation = std::exchange(generation_, std::string());
    if (held < 0) return;
    recordSeenRecords(id(), location(), held, generation, seenRecords(id(), location()).epoch);
    rememberRegistry(location());  // a later stream of the same table elsewhere is compared with it
}

void ReleaseRegistry::requireNotOlder() {
    const long long held = store_->recordCount();
    if (held < 0) return;
    const SeenRecords seen = seenRecords(id(), location());
    // Fewer records, or more without the last write seen: a copy written apart from the registry
    // (refused attempts once grew an older copy back to the count; a review of 2026-12-01).
    const bool lacksLastWrite = !seen.generation.empty() && store_->meta("gen:" + seen.generation).empty();
    if (held >= seen.count && !lacksLastWrite) return;
    const std::string what = held < seen.count
                                 ? " holds " + std::to_string(held) + " records, but " +
                                       std::to_string(seen.count) + " were seen in it before"
                                 : " lacks the last write seen in it (" + std::to_string(seen.count) +
                                       " records then; it holds " + std::to_string(held) + ", written apart)";
    throw Error(ErrorKind::Privacy,
                "the release registry " + location() + what +
                    ": it is an older copy of itself (a backup copied "
                    "over it, a disk snapshot, another copy of the file), and the steps claimed since could "
                    "be released a second time. Use the newest registry file. If that one is lost for good, "
                    "say so once with `streamsynth-cli registry-restored --older --registry " +
                    location() +
                    "`; the sessions of the steps claimed since must then not be continued from "
                    "older copies",
                ErrorContext::forFile(location()));
}

RestoredWrites ReleaseRegistry::confirmOlderCopy() {
    if (store_->recordCount() < 0) return {};
    // The writes seen since the copy was made, back in it (a session copied before them would
    // release those steps again; a review of 2026-12-01 left it open), and a write of its own:
    // every other copy, older or written apart, lacks it from now on.
    const RestoredWrites restored = inTransaction(*store_, std::string(), [&] {
        const RestoredWrites r = store_->restoreKnownWrites();
        stampGeneration();
        return r;
    });
    const long long held = store_->recordCount();
    const std::string generation = std::exchange(generation_, std::string());
    if (!resetSeenRecords(id(), location(), held, generation))
        throw Error(ErrorKind::Io,
                    "cannot record " + location() +
                        " as the registry: the count of its records cannot be "
                        "written in the data folder or beside the file",
                    ErrorContext::forFile(location()));
    return restored;
}

void ReleaseRegistry::confirmRestoredFile() {
    if (store_->isRecordedFile()) return;
    const std::string original = store_->originalInPlace();
    if (!original.empty())
        throw Error(
            ErrorKind::Privacy,
            "the release registry " + location() + " is a copy of " + original +
                ", which is still there and is the same registry: releasing through both would "
                "release steps twice. Keep using " +
                original +
                " (a stream moves to another registry with `streamsynth-cli registry-move`); if it is "
                "damaged, move it aside first, then record this copy",
            ErrorContext::forFile(location()));
    inTransaction(*store_, std::string(), [&] { store_->recordFile(); });
    noteWritten();
}

void ReleaseRegistry::refuseMovedDataset(const std::string& dataset) {
    const std::string moved = store_->meta("moved-dataset:" + dataset);
    if (moved.empty()) return;
    throw Error(ErrorKind::Privacy,
                "the dataset '" + dataset + "' was moved from the release registry " + location() +
                    " to the registry with id " + moved.substr(0, moved.find('\t')) +
                    ", which counts what its streams spend: release its new streams through that registry "
                    "(--registry)",
                ErrorContext::forFile(location()));
}

std::string ReleaseRegistry::movedTo(const std::string& stream) {
    const std::string moved = store_->meta(movedKey(stream));
    return moved.substr(0, moved.find('\t'));
}

std::string ReleaseRegistry::id() {
    return store_->meta("id");
}

std::string ReleaseRegistry::fingerprintOf(const std::string& sample) {
    // The sketch alone: a keyed digest of the whole sample, with its key in the same file, let
    // whoever holds the file test guesses of one person's value against the rest of the rows
    // (a review of 2026-12-01 recovered an age so); an exact copy agrees at every position anyway.
    const QByteArray key = QByteArray::fromHex(QByteArray::fromStdString(store_->meta("fingerprint-key")));
    const std::string sketch = rowSketch(sample, key);
    return sketch.empty() ? std::string() : kSketchPrefix + sketch;
}

bool isPostgresRegistry(const std::string& spec) {
    return spec.rfind("postgresql://", 0) == 0 || spec.rfind("postgres://", 0) == 0;
}

std::string newRegistryToken() {
    auto rng = privacy::makeSecureRng();
    return digestText(rng->nextU64()) + digestText(rng->nextU64());
}

std::string digestText(unsigned long long digest) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", digest);
    return buf;
}

}  // namespace streamsynth::registry
