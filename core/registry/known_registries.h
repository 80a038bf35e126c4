// The SQLite release registries this user has released through, listed in the
// user's data folder (<data>/StreamSynth/StreamSynth/registries, one canonical
// path a line, 0600) and in the state folder (<state>/StreamSynth/registries:
// a new or restored data folder still finds them), so that a new stream can be compared with the tables
// every one of them records: a table released through one registry and then
// through another would otherwise have two budgets and no warning (an
// adversarial review of 2026-12-01 released the same table through a new
// registry first and the default one second). Per user and machine.
#pragma once

#include <string>
#include <vector>

namespace streamsynth::registry {

// The listed registries that still exist, the default one first when it exists.
std::vector<std::string> knownRegistries();
// Adds a SQLite registry file to the list (once, under a lock: runs at once
// keep every entry). Best effort: a list that cannot be written is left as it was.
void rememberRegistry(const std::string& path);
// Whether this data folder shows that the default registry was used here
// before: the list names its path, or its count file (<file>.claims,
// claim_watermark.h) is still beside where it was. While it is missing, a
// new default registry would know nothing of what was released through the
// old one (a review of 2026-12-01 moved it away and released the same table
// again under a fresh budget, silently).
bool defaultRegistryUsedBefore();

}  // namespace streamsynth::registry
