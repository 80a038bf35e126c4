// The CLI's 1-way summary after a run (so that no attribute is left
// uniform unnoticed): per series, the worst attribute's total-variation distance at
// the last step beside what a uniform column would score, and every attribute
// the release leaves about as far from the truth as uniform. Computed from
// the private data: NOT differentially private.
#pragma once

#include <cstdio>

#include "core/api/run.h"

namespace streamsynth::cli {

void printOneWaySummary(FILE* out, const api::Run& run);

}  // namespace streamsynth::cli
