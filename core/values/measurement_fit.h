// The value types of core/api/measurement_fit.h (what its functions take and give),
// on the ground floor so the workflows below the facade (core/workflow) use them.
#pragma once

#include <string>
#include <vector>

namespace streamsynth::api {

struct FixtureFitRequest {
    std::string schemaPath;
    std::string measurementsPath;
    double sigma = 0;     // noise sd of every cell; 0: read "sigma" from fixture.json beside the measurements
    int iterations = -1;  // >= 0: exactly that many mirror-descent iterations (no tolerance)
    double tolerance = -1;       // >= 0: stop when the relative loss change over 10 iterations is below it
    int threads = 1;             // 0 = every core; the result is the same for any value
    std::string engine = "pgm";  // "pgm" | "mw"
    // The reference's exact path: first step 2/N² instead of σ²/N and v0's
    // doubling step schedule instead of the patient one (core/pgm/step_schedule.h).
    bool referenceStep = false;
    std::string stepRule;  // "patient", "doubling" or "" (patient; doubling with referenceStep)
    double maxCells = 1e8;
    // Whether to fill FixtureFitResult::fittedMarginalsCsv (the CLI's --out):
    // formatting 6,500 cells takes longer than a short fit.
    bool fittedMarginals = true;
};

struct FixtureFitResult {
    std::vector<std::vector<std::string>> maximalCliques;  // attribute names, of the tree computed on
    double modelCells = 0;  // on the reference order's tree (the size caps are stated in)
    double treeCells = 0;   // Σ cells of maximalCliques: what the fit computed on (≤ modelCells)
    int iterations = 0, bpCalls = 0;
    double finalLoss = 0, weightedLoss = 0, total = 0;
    double l1OverNMean = 0;  // mean over pairs of ||fitted - true||_1 / N
    // finalLoss's convention before iteration 1 and after each
    std::vector<double> lossHistory;
    double seconds = 0, cpuSeconds = 0;
    double sigma = 0;
    int threads = 1;
    std::string fittedMarginalsCsv;  // pair_index,attr_a,attr_b,a,b,flat_index,fitted (if asked for)
};

}  // namespace streamsynth::api
