// The value types of core/api/release_storage.h (what its functions take and give),
// on the ground floor so the workflows below the facade (core/workflow) use them.
#pragma once

#include <string>
#include <vector>

namespace streamsynth::api {

struct ReleaseStorage {
    bool rowsPublic = false;          // a batch stream: the rows per step are the batch size
    double bytes = 0;                 // every step file and manifest of the run (rowsPublic)
    double bytesPerThousandRows = 0;  // per 1,000 rows in a step file
    long long files = 0;              // step files (published series × steps written)
    bool compact = false;
};

}  // namespace streamsynth::api
