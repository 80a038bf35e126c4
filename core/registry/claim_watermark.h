// How many records a registry has been seen to hold, kept outside it: in the
// user's data folder (<data>/StreamSynth/StreamSynth/registry-watermarks/<id>)
// and beside the registry file (<file>.claims), the larger counting. A
// registry's records (claims, moves, datasets, limits, its files) are
// append-only, so they only ever grow; one holding fewer than were seen is an
// older copy of itself: a backup copied over it (cp keeps the file's inode), a
// disk snapshot, another copy used beside it. Claiming through it would
// release the steps claimed since a second time (adversarial reviews of
// 2026-12-01 did so four ways). Writing the count is best effort: a full or
// read-only folder only weakens this check, it never stops a release.
#pragma once

#include <string>

namespace streamsynth::registry {

// The records seen in the registry with this id at this file ("" for a
// server registry: the data folder alone); 0 when none were recorded.
long long seenRecords(const std::string& registryId, const std::string& file);
// Records `records` when it is more than the count on record (0600, under a
// lock: two runs at once keep the larger). False when it could not be written.
bool recordSeenRecords(const std::string& registryId, const std::string& file, long long records);
// Sets the count on record, lower or not: the steward's word that an older
// copy is now the registry (streamsynth-cli registry-restored --older).
bool resetSeenRecords(const std::string& registryId, const std::string& file, long long records);

}  // namespace streamsynth::registry
