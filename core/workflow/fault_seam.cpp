// The crash tests' seam (fault_seam.h): a hook pointer, empty in the product.
#include "core/values/fault_seam.h"

namespace streamsynth::api {

namespace {
FaultHook installedHook = nullptr;
}  // namespace

void setFaultHook(FaultHook hook) {
    installedHook = hook;
}

void reachedFaultPoint(std::string_view point, int step) {
    if (installedHook) installedHook(point, step);
}

}  // namespace streamsynth::api
