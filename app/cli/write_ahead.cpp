// See write_ahead.h.
#include "cli/write_ahead.h"

#include <cstdlib>
#include <cstring>
#include <string>

namespace streamsynth::cli {

void faultAfterSessionSave(int step) {
    const char* fault = std::getenv("STREAMSYNTH_FAULT");
    if (!fault) return;
    const std::string want = "after-session-save:" + std::to_string(step);
    if (want == fault) std::_Exit(75);
}

}  // namespace streamsynth::cli
