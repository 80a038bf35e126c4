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

void WriteAheadReleases::endStep(int step) {
    save_(pending_.empty() ? 0 : step);
    faultAfterSessionSave(step);
    for (const auto& r : pending_) write_(r);
    pending_.clear();
}

}  // namespace streamsynth::cli
