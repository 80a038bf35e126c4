// How many claims a registry has been seen to hold, kept outside it, in the
// user's data folder (<data>/StreamSynth/StreamSynth/registry-watermarks/<id>).
// A registry file's claims only ever grow; one that holds fewer than were seen
// through it is an older copy of it: a backup copied over it (cp keeps the
// file's inode), a disk snapshot, another copy used beside it. Claiming
// through it would release the steps claimed since a second time (an
// adversarial review of 2026-12-01 did so three ways). Per user and machine:
// another account or machine keeps its own count.
#pragma once

#include <string>

namespace streamsynth::registry {

// The claims seen in the registry with this id; 0 when none were recorded.
long long seenClaims(const std::string& registryId);
// Records `claims` when it is more than the count on record (0600, written
// whole or not at all). Error(Io) in words when it cannot be written.
void recordSeenClaims(const std::string& registryId, long long claims);
// Sets the count on record to `claims`, lower or not: the steward's word that
// an older copy is now the registry (streamsynth-cli registry-restored --older).
void resetSeenClaims(const std::string& registryId, long long claims);

}  // namespace streamsynth::registry
