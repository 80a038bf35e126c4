// The marginals release: the noisy marginals a series' counters hold after a
// step (stream::NoisyMarginals), written beside that step's synthetic table
// as marginals-NNNN.csv and a JSON manifest. They are the step's DP answers,
// already paid for by the step's charges, so writing them is post-processing
// and charges nothing (docs/streamers.md, "Releasing the noisy marginals").
//
// CSV: one line per cell of every item,
//   step,workload,kind,count,standard_error,<one column per attribute>
// where the attribute columns of the item's attributes hold the cell's labels
// (as the synthetic release writes them) and the others are empty; kind is
// "continual" (an unbiased noisy count of all rows up to the step) or
// "anchored" (the synthetic release's count at an earlier step plus the
// counter's noisy count since; its standard error covers the counter's part).
// Manifest: the release manifest's description of the series (privacy model,
// budget, counter, seed policy, publishable), the step, the budget charged so
// far, and per item its attributes, kind, cells, standard error per cell and
// the steps it covers. Nothing in either file is computed from the private
// data except the DP answers themselves.
#pragma once

#include <string>

#include "core/io/release_writer.h"
#include "core/stream/noisy_marginals.h"
#include "core/values/schema.h"

namespace streamsynth::privacy {
class PrivacyLedger;
}

namespace streamsynth::io {

// "marginals-0001.csv"
std::string marginalsFileName(int step);

std::string marginalsCsv(const stream::NoisyMarginals& marginals, const data::Schema& schema);

// The manifest's text. `release` = the step's release manifest (manifestFor),
// `ledger` = the series' own ledger (its charges up to the step are summed),
// csvName the CSV file's name.
std::string marginalsManifestJson(const stream::NoisyMarginals& marginals, const data::Schema& schema,
                                  const ReleaseManifest& release, const privacy::PrivacyLedger& ledger,
                                  const std::string& csvName);

// Writes csvPath and its manifest (".csv" → ".json") with writeOutputFile
// (checked; a failure keeps the previous files and throws Error(Io)), with
// the access of the synthetic release beside them: DP outputs. Returns the
// manifest's path. With `within`, both files must lie inside that output
// folder and never replace a link (output_file.h), as the release's do.
std::string writeMarginalsRelease(const std::string& csvPath, const stream::NoisyMarginals& marginals,
                                  const data::Schema& schema, const ReleaseManifest& release,
                                  const privacy::PrivacyLedger& ledger, const std::string& within = {});

}  // namespace streamsynth::io
