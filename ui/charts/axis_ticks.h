// Tick values and labels for the charts' y axes, as pure
// functions so they can be tested without a chart. Linear axes get 1-2-5
// steps; log axes get 1, 2 and 5 × 10^k (every decade only when the range
// spans many decades, 1..9 × 10^k inside one or two decades, and linear
// 1-2-5 steps when zoomed into less than that), so labels stay readable at
// every zoom level. Labels never use "1e+03": plain decimals, and ×10ⁿ with
// superscripts only for very large or very small magnitudes.
#pragma once

#include <QString>
#include <vector>

namespace streamsynth::ui {

// About `target` ticks at multiples of a 1, 2 or 5 × 10^k step inside [lo, hi] (lo < hi).
std::vector<double> linearTicks(double lo, double hi, int target = 6);
// Ticks inside [lo, hi] for a log axis (0 < lo < hi), as described above.
// With the axis' length in pixels and the least spacing its labels need
// (both > 0), the densest of those sets whose neighbours are that far apart
// (1..9, then 1-2-5, then every decade or every n-th), so no label is cut.
std::vector<double> logTicks(double lo, double hi, double pixels = 0, double minSpacing = 0);
// How many linear ticks fit: pixels / minSpacing within [2, 8]; 6 when unknown.
int linearTickTarget(double pixels, double minSpacing);
// "0", "0.002", "2,000" (grouped), "1.5", "2×10⁻⁵", "5×10⁷".
QString tickLabel(double value);

}  // namespace streamsynth::ui
