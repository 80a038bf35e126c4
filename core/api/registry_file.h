// Which file a SQLite release registry is (registry::ReleaseRegistry::
// requireRecordedFile): a byte copy of the registry (a backup, a `cp`, a move
// to another disk) holds the same claims, and releasing through it beside the
// original would release steps twice; so claims through a copy are refused
// until the steward records it as the registry restored
// (docs/privacy-models.md, "A copy of the registry file").
#pragma once

#include <string>

namespace streamsynth::api {

enum class RegistryFile {
    Missing,  // no file there (the default one is made when a run needs it)
    Own,      // a file the registry records as its own
    Copy,     // a copy not recorded: claims through it are refused
    Older,    // its own file, but older than seen on this machine (fewer records, or without the last write)
    Server,   // PostgreSQL: one database whatever its name
};

// The file or server spec names: the default registry's absolute path for "",
// a relative path made absolute.
std::string registryLocation(const std::string& spec);
// What spec ("" = the default registry) names. Error(Io) when the file
// cannot be read as a registry.
RegistryFile registryFileState(const std::string& spec);
// Records the file as the registry restored from a backup (or moved to
// another disk): claims through it are accepted from then on. Error(Privacy)
// when there is no registry file there; nothing to do for PostgreSQL.
void confirmRestoredRegistry(const std::string& spec);
// What taking an older copy wrote back into it: the claims of steps released
// through the newer registry, and its other records (limits, datasets,
// moves), as this account saw them written since the copy was made.
struct OlderRegistryTaken {
    int releasedSteps = 0;  // one a series and step
    int otherRecords = 0;
};
// Takes an older copy (RegistryFile::Older) as the registry from now on: the
// steward's word that the newer one is lost for good. The records this
// account saw written through the newer one are written back into it first.
OlderRegistryTaken confirmOlderRegistry(const std::string& spec);

}  // namespace streamsynth::api
