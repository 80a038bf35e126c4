// The front ends' part of sessions (session_workflow.h); the workflow
// itself is core/workflow/session_workflow.h.
#include "core/api/session_workflow.h"

#include "core/io/session_store.h"

namespace streamsynth::api {

bool isSessionFile(const std::string& path) {
    return io::isSessionFile(path);
}

}  // namespace streamsynth::api
