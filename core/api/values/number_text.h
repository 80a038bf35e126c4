// The shortest decimal text that reads back as exactly the same double
// (std::to_chars): for bounds and bin edges shown to users and written into
// schemas, so "10" stays "10" and nothing is rounded away.
#pragma once

#include <charconv>
#include <string>

namespace streamsynth {

inline std::string shortestNumberText(double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

}  // namespace streamsynth
