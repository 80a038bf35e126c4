// The shortest decimal text that reads back as exactly the same double
// (std::to_chars): for bounds and bin edges shown to users and written into
// schemas, so "10" stays "10" and nothing is rounded away. And the one rule
// for budget figures written for people (budgetFigure, spentFigure).
#pragma once

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
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

// A number to 12 significant digits: the nearest such decimal, or the next
// one up (as doubles; v finite and > 0).
inline double twelveDigits(double v, bool up) {
    char buf[64];
    const auto written = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific, 11);
    std::string text(buf, written.ptr);  // "d.ddddddddddde±XX"
    if (up) {
        const std::size_t e = text.find('e');
        const long long digits =
            std::strtoll((text.substr(0, 1) + text.substr(2, e - 2)).c_str(), nullptr, 10);
        const long exponent = std::strtol(text.c_str() + e + 1, nullptr, 10);
        text = std::to_string(digits + 1) + 'e' + std::to_string(exponent - 11);
    }
    double out = v;
    std::from_chars(text.data(), text.data() + text.size(), out);
    return out;
}

// A privacy figure that is a sum of shares (the ε or ρ spent at a step, the
// largest per-step charge, a sum over steps) as written for people: in
// manifests, summary.json, ledger.json, metrics.csv and the CLI's tables.
// Rounded to 12 significant digits, so that the shares of a budget read as
// the budget they fill (0.9999999999999997 → 1, 0.30000000000000004 → 0.3),
// but never written below the exact sum by more than 1e-12 of it, so that
// no overspend can hide: where the nearest 12 digits would lie further
// below, the 12th digit is rounded up (1.000000000004 → 1.00000000001). At
// most 12 digits, and a figure is its own figure (reading one back and
// writing it again changes nothing). The single charges of a ledger and
// the registry's records stay exact (they are re-added and re-checked).
inline double budgetFigure(double v) {
    if (!std::isfinite(v) || v <= 0) return v;
    const double nearest = twelveDigits(v, false);
    return v - nearest <= 1e-12 * v ? nearest : twelveDigits(v, true);
}

// budgetFigure of what was spent against `budget`: a spend within the budget
// never reads above it (rounding to 12 digits could pass a budget written
// with more), one above it reads as budgetFigure says.
inline double spentFigure(double spent, double budget = std::numeric_limits<double>::infinity()) {
    const double figure = budgetFigure(spent);
    return spent <= budget && figure > budget ? budget : figure;
}

}  // namespace streamsynth
