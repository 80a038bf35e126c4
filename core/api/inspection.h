// What a run would see of a table, without running (CLI `inspect`, the GUI's
// data panel): the confirmed domain, rows, time steps and rows per step,
// excluded rows, workloads and every data problem found. Values only.
#pragma once

#include <string>
#include <vector>

#include "core/api/workbench.h"

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
    std::size_t workloads = 0, workloadCells = 0;
    int workloadWay = 0;  // 0 when read from a file
    std::vector<data::Problem> problems;
};

// Reads and encodes (stream::loadStream; a table without stream settings has
// no steps). Workloads are counted when a choice was made explicitly
// (explicitWorkloads) or the table has at least 2 attributes.
Inspection inspectStream(const StreamRequest& request, const WorkloadChoice& workloads,
                         bool explicitWorkloads);
// The same for a file or a database table/query (api/stream_input.h; a
// database stream needs stream settings and is planned on the server).
Inspection inspectInput(const InputRequest& request, const WorkloadChoice& workloads, bool explicitWorkloads);

}  // namespace streamsynth::api
