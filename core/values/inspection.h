// What `inspect` saw of a stream (api::inspectStream, core/api/inspection.h):
// rows, domain size, steps and rows per step (PRIVATE figures: for the
// steward), workloads and problems.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/values/problem.h"
#include "core/values/schema.h"

namespace streamsynth::api {

struct Inspection {
    std::string file;
    bool domainFromData = false;  // proposed from the data and confirmed public by the user
    data::Schema schema;          // confirmed, with the stream settings in effect
    long long rows = 0;           // encoded rows
    double log10DomainSize = 0;
    bool hasStream = false;
    int steps = 0;
    std::string firstPeriod, lastPeriod;
    long long minRowsPerStep = 0, medianRowsPerStep = 0, maxRowsPerStep = 0;
    long long rowsInSteps = 0, excludedRows = 0;
    // With a privacy unit (schema.stream.unit): the rows its bound dropped, in
    // all and per step, beside the rows each step keeps. Private diagnostics,
    // like the metrics: shown to the steward, never in a manifest or a log.
    long long unitDroppedRows = 0;
    int unitWorstStep = 0;  // the step that lost the largest share of its rows (0: none)
    double unitWorstStepShare = 0;
    std::vector<long long> unitDroppedPerStep, keptPerStep;
    std::size_t workloads = 0, workloadCells = 0;
    int workloadWay = 0;  // 0 when read from a file
    std::vector<data::Problem> problems;
};

}  // namespace streamsynth::api
