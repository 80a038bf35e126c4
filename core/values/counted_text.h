// Counts in English for the CLI's messages: "1 step", "3 steps", and a range
// of steps that reads right when it holds one step ("step 4", "steps 4..7";
// a walkthrough of 2026-12-01 found "run: 1 steps" and "steps 1..1").
#pragma once

#include <string>

namespace streamsynth {

// n and the noun: the singular for exactly 1, else the plural (singular + "s" unless given).
inline std::string counted(long long n, const std::string& singular, const std::string& plural = {}) {
    return std::to_string(n) + ' ' + (n == 1 ? singular : plural.empty() ? singular + 's' : plural);
}

// "step 4" or "steps 4..7" (first ≤ last).
inline std::string stepRange(long long first, long long last) {
    return first == last ? "step " + std::to_string(first)
                         : "steps " + std::to_string(first) + ".." + std::to_string(last);
}

}  // namespace streamsynth
