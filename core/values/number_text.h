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

// As shortestNumberText, in plain decimals from 10⁻⁶ to 10¹⁵ ("200000", never
// "2e+05"), so the bins of one column read alike ("[0, 200000)" beside
// "[1400000, 1600000)"); still exact. Outside that range, the shortest text.
inline std::string plainNumberText(double v) {
    const double a = v < 0 ? -v : v;
    if (!(a == 0 || (a >= 1e-6 && a < 1e15))) return shortestNumberText(v);
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
    return std::string(buf, r.ptr);
}

}  // namespace streamsynth
