// The registry in one SQLite file (SQLite's C API; docs/privacy-models.md
// says why not Qt SQL): created 0600 with its folder, FULL synchronous
// commits, a write transaction (BEGIN IMMEDIATE) per claim so that two
// processes claiming at once are serialised by SQLite's file lock (they wait
// up to 60 s for each other), and triggers that refuse UPDATE and DELETE.
#pragma once

#include <memory>
#include <string>

#include "core/registry/release_registry.h"

namespace streamsynth::registry {

// Error(Io) naming path when it cannot be created or opened.
std::unique_ptr<RegistryStore> openSqliteStore(const std::string& path);

// The id of the registry in the SQLite file at path, read without writing
// anything; "" when it is not a registry (or cannot be read).
std::string sqliteRegistryId(const std::string& path);
// Whether the SQLite file at path may be the registry with this id: its id
// read is that one, or the file cannot be read (locked, no permission), which
// must never count as "not there" (a review of 2026-12-01 recorded a copy
// as restored while the original was locked).
bool sqliteRegistryMayBe(const std::string& path, const std::string& id);

}  // namespace streamsynth::registry
