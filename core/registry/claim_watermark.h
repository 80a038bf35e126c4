// How many records a registry has been seen to hold, and the token of the
// last write seen, kept outside it in three places: the user's data folder
// (<data>/StreamSynth/StreamSynth/registry-watermarks/<id>), the user's state
// folder (<state>/StreamSynth/registry-watermarks/<id>, state = XDG_STATE_HOME
// or ~/.local/state: a restore of the data folder alone leaves it), and
// beside the registry file (<file>.claims, links resolved, naming the
// registry's id so that a new registry at the same path ignores it). The
// place with the most records counts.
//
// A registry's records (claims, moves, datasets, limits, its files, and one
// "gen:<token>" row a write) are append-only, so they only ever grow. One
// holding fewer records than were seen, or lacking the last write's token, is
// an older copy of itself: a backup copied over it (cp keeps the file's
// inode), a disk snapshot, another copy used beside it. Claiming through it
// would release the steps claimed since a second time (adversarial reviews of
// 2026-12-01 did so four ways, and a fifth grew an older copy back to the
// count with refused attempts: the token is why a count alone is not enough).
// Writing is best effort: a full or read-only folder only weakens this check,
// it never stops a release.
#pragma once

#include <string>
#include <vector>

namespace streamsynth::registry {

// The user's state folder (XDG_STATE_HOME, or ~/.local/state; beside the
// tests' data folder in Qt's test mode): kept apart from the data folder, so
// that a restore or a change of the data folder alone leaves what is kept here.
std::string userStateFolder();

// The data and state folders' files for the registry with this id
// (registry-watermarks/<id><suffix>); none for an id that is not a registry's
// hex digits (never a path taken from a file's contents).
std::vector<std::string> placesOutside(const std::string& registryId, const std::string& suffix);

// Each place's mark also holds an epoch, raised by resetSeenRecords: the
// steward's word (registry-restored --older) outranks every mark written
// before it, wherever it was kept (a review of 2026-12-01 found another copy's
// stale count beside its own path still accepted, and a renamed registry
// refused by one). Marks of a lower epoch than the highest are ignored.
struct SeenRecords {
    long long count = 0;     // 0 when none were recorded
    std::string generation;  // the token of the last write seen ("" when none)
    long long epoch = 0;     // how many times an older copy was taken as the registry
};

// What was seen in the registry with this id at this file ("" for a server
// registry: the folders alone).
SeenRecords seenRecords(const std::string& registryId, const std::string& file);
// Records `records` and `generation` at `epoch` (seenRecords' own) where the
// count on record is lower or its epoch older (0600, under a lock: two runs at
// once keep the larger). An empty generation keeps the one on record. False
// when a place could not be written.
bool recordSeenRecords(const std::string& registryId, const std::string& file, long long records,
                       const std::string& generation, long long epoch);
// Sets both, lower or not, at an epoch above every one seen: the steward's
// word that an older copy is now the registry (registry-restored --older).
bool resetSeenRecords(const std::string& registryId, const std::string& file, long long records,
                      const std::string& generation);

}  // namespace streamsynth::registry
