// Moving a stream to another release registry (api::moveStreamRegistry,
// core/api/registry_move.h, which documents it).
#pragma once

#include <string>

#include "core/values/moved_stream.h"

namespace streamsynth::workflow {

api::MovedStream moveStreamRegistry(const std::string& sessionPath, const std::string& toSpec,
                                    bool createNew = false);

}  // namespace streamsynth::workflow
