// The writes made through a SQLite registry on this account, kept outside it:
// appended, one line a record, to <data>/StreamSynth/StreamSynth/
// registry-watermarks/<id>.writes and the same name in the state folder (the
// places of claim_watermark.h), 0600, under a lock, after each commit.
//
// Why: when the newer registry is lost for good and the steward takes an
// older copy as the registry (registry-restored --older), the steps claimed
// since the copy was made were missing from it, and a session copied before
// them released them again into a new folder (a review of 2026-12-01 left
// this open). Taking the older copy now writes back every record this
// account saw written and the copy lacks: the claims (so those steps are
// refused with fresh noise, and count in the totals), limits, dataset
// memberships and the meta values (moves, protections). Best effort, as the
// counts: a full or read-only folder weakens it, it never stops a release.
#pragma once

#include <string>
#include <vector>

#include "core/registry/release_registry.h"

namespace streamsynth::registry {

// The records of one transaction, encoded as they are written, for the
// journal once the transaction commits. A registry's own secrets and
// per-file values (its id, its fingerprint key, the files it has been, the
// write tokens) are never journaled.
class WriteJournal {
public:
    void claim(const ReleaseRecord& r);
    void limit(const std::string& stream, const StreamPolicy& p);
    void meta(const std::string& key, const std::string& value);
    void member(const DatasetMember& m);
    void datasetLimit(const std::string& dataset, const DatasetPolicy& p);
    // After a commit: the pending lines appended to the registry's journals
    // (best effort, never throws), then forgotten. False when a place could
    // not be written.
    bool committed(const std::string& registryId) noexcept;
    void discard() { pending_.clear(); }

private:
    std::vector<std::string> pending_;
};

// Every record journaled for the registry with this id that `store` lacks,
// written into it (inside the caller's transaction, through the store's own
// inserts): a claim whose (stream, series, step) it holds with another digest
// is left out (two copies written apart: both were released, the registry's
// one stands). Lines that cannot be read (a write cut by a crash) are skipped.
RestoredWrites restoreJournaledWrites(const std::string& registryId, RegistryStore& store);

}  // namespace streamsynth::registry
