// Moving a stream to another release registry, explicitly: its claims (and
// policies and dataset) are copied first, then the session is bound to the
// new registry. A `continue` with a registry that lacks the stream's claims
// is refused instead (docs/privacy-models.md, "One budget per dataset").
#pragma once

#include <string>

#include "core/values/moved_stream.h"

namespace streamsynth::api {

// Error(Privacy) when the session's registry is missing or not the one its
// id names, or the target holds one of the stream's steps with another release.
// createNew: a SQLite target that does not exist yet may be made (else a
// setting Error: a typo would start an empty registry).
MovedStream moveStreamRegistry(const std::string& sessionPath, const std::string& toSpec,
                               bool createNew = false);

}  // namespace streamsynth::api
