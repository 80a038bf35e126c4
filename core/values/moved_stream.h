// A stream moved to another release registry: which, from where to where,
// how many claims were copied (api::moveStreamRegistry, core/api/registry_move.h).
#pragma once

#include <string>
#include <vector>

namespace streamsynth::api {

struct MovedStream {
    std::string stream;
    std::string from, to;  // registry locations (no password)
    int copied = 0;        // claims copied (0: the target held them all)
};

}  // namespace streamsynth::api
