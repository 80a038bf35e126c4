// api::moveStreamRegistry (registry_move.h) over core/workflow.
#include "core/api/registry_move.h"

#include "core/workflow/registry_move.h"

namespace streamsynth::api {

MovedStream moveStreamRegistry(const std::string& sessionPath, const std::string& toSpec, bool createNew) {
    return workflow::moveStreamRegistry(sessionPath, toSpec, createNew);
}

}  // namespace streamsynth::api
