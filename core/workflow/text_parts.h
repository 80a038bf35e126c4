// Splitting the CLI's and the dialogs' short setting texts ("A=3,B=5",
// "Director=Jane Doe|John Roe;…") into trimmed parts: shared by the
// coarsening choice text and the public-label lists (api internals).
#pragma once

#include <string>
#include <vector>

namespace streamsynth::api::detail {

// `s` without leading and trailing blanks, tabs and carriage returns.
inline std::string trimmed(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// The parts of `text` between occurrences of `sep` (empty parts kept, so
// "a,,b" gives three parts and "" one).
inline std::vector<std::string> splitOn(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::size_t from = 0;
    while (true) {
        const std::size_t at = text.find(sep, from);
        parts.push_back(text.substr(from, at == std::string::npos ? std::string::npos : at - from));
        if (at == std::string::npos) return parts;
        from = at + 1;
    }
}

}  // namespace streamsynth::api::detail
