// The registry in a PostgreSQL database (core/db's libpq connection), for an
// office where stewards on several machines release one stream: tables
// streamsynth_releases and streamsynth_policies (created when missing, under
// an advisory lock so that two first users do not race), triggers refusing
// UPDATE and DELETE, and per claim a transaction holding an advisory lock on
// the stream, so two claims of one stream from any machines are serialised
// and the second sees the first's rows.
#pragma once

#include <memory>
#include <string>

#include "core/registry/release_registry.h"

namespace streamsynth::registry {

// uri: postgresql://… (the password, if any, from the URI, PGPASSWORD or
// the password file; never shown). Error(Io) when it cannot connect.
std::unique_ptr<RegistryStore> openPgStore(const std::string& uri);

}  // namespace streamsynth::registry
