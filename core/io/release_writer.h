// Exporting one release g_t: a CSV with the original labels (SPEC §4, §7) and
// a JSON manifest beside it describing how it was made. Releases are DP
// outputs; the manifest says which settings and seed policy produced them.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/values/bin_output.h"
#include "core/values/schema.h"
#include "core/values/table.h"

namespace streamsynth::privacy {
class Rng;
}

namespace streamsynth::io {

// How a step's release file is stored (docs/spec.md, "Release files"):
// Csv = the CSV text (step-NNNN.csv); CsvGz = the same text gzip'd
// (step-NNNN.csv.gz; gzip -dc gives the CSV byte for byte).
enum class ReleaseFileFormat { Csv, CsvGz };

// The stream a release belongs to (api::Run fills it): its id, the series
// published from it and their total privacy loss (sequential composition
// over series; registry/stream_total.h). Empty id: not stated.
struct StreamStamp {
    std::string id;
    std::vector<std::string> published;  // series ids
    std::string model = "pure";
    double total = 0;         // Σ budgets of the published series (ε, or ρ under zcdp)
    double totalEpsilon = 0;  // zcdp: the ε at delta that total implies
    double delta = 0;
    // The dataset the stream is charged to and its total over all its
    // streams (release mode; "dataset_total" in the manifest).
    std::string dataset;
    double datasetEpsilon = 0;
    double datasetDelta = 0;  // > 0 when a zCDP stream is counted at δ
    int datasetStreams = 0;
    // A recovery stream (docs/privacy-models.md, "A lost session"): the lost
    // stream it starts from and the steps that stream claimed ("recovered_from").
    std::string recoveredFrom;
    int recoveredClaimed = 0;
    bool publishes(const std::string& seriesId) const;
};

struct ReleaseManifest {
    std::string series;
    int step = 0;
    std::string period;
    long long rows = 0;
    // The public bound on the release's rows (stream/streamer_support.h,
    // releaseRowCap; 0: none but the global cap) and whether it was reached
    // (the noisy total was clipped).
    long long rowCap = 0;
    bool atRowCap = false;
    std::string privacyModel = "pure";  // "pure" (ε) | "zcdp" (ρ): the unit of the two budgets below
    // Who is protected (privacy::protectionClause; empty: event level, as
    // manifests before issue 49 said) and whether it is a privacy unit.
    std::string protection;
    bool unitLevel = false;
    double budget = 0;               // per stream, of this series (ρ under zcdp)
    double budgetSpent = 0;          // charged at this step (ρ under zcdp); written as spentFigure says
    double delta = 0;                // zcdp: δ of the (ε, δ) shown beside ρ (0: not shown)
    std::string streamer;            // "baseline" | "proposed"
    std::string counter;             // counter spec text (proposed), "" for the baseline
    std::string score;               // "l1-minus-noise" | "paper"
    std::string scoreNoise;          // "since-reset" | "full"
    std::string releaseFrom;         // "last-model" | "mixture"
    std::string releaseAnswers;      // "model" | "sampled" (proposed)
    std::string variant;             // baseline: "carried" for baseline:carried, else empty
    std::string baselineInit;        // baseline: "uniform" | "previous"
    double baselineOneWayShare = 0;  // baseline: the 1-way initialisation's share of ε (0: none)
    double oneWayShare = 0;       // proposed: the continual 1-way marginals' share of ε (0: none), resolved
    std::string oneWayShareRule;  // proposed: the rule that chose it ("auto" | "fixed")
    std::string oneWayTarget;     // proposed with a share: "increment" | "whole"
    double oneWaySplit = 0;       // proposed with a 1-way share: the split's power P (parts ∝ codes^P)
    std::string oneWayShrink;     // proposed with a share: "none" | "james-stein"
    double smallShare = 0;        // proposed: the small workloads' share of ε (0: none)
    int smallCells = 0;           // proposed with a small share: the size limit in cells
    double trackedBlocks = -1;    // proposed with a share: K of --tracked-blocks (0 = every step; < 0 unset)
    std::string trackedInRounds;  // proposed with a small share: resolved, "yes" | "no"
    std::string noise;            // "laplace" | "discrete-laplace" | "gaussian" | "discrete-gaussian"
    int rounds = 0;
    std::string fitEngine;
    std::string seedPolicy;  // "seeded: 42" | "os-entropy"
    // Only a release drawn from the OS entropy is publishable: with a known
    // seed every noise draw can be regenerated and subtracted, so a seeded
    // run's releases are for evaluation only (SPEC §3).
    bool publishable = false;
    StreamStamp stream;  // "stream_id", "stream_total" when stream.id is set
    // The file beside the manifest ("file" object): its format and, for a
    // release that extends the previous step's (the baseline: g_t = g_{t-1}
    // ∪ ∇g_t), how many of the release's rows earlier step files hold
    // (the file has the rows after them; 0: the whole release).
    ReleaseFileFormat fileFormat = ReleaseFileFormat::Csv;
    long long rowsBefore = 0;
};

// The CSV text: header = schema attribute names; one line per row with each
// code's label (schema.attributes[a].label(code)); numeric bins per binOutput.
// rng is required for BinOutput::UniformValue. rows' domain must match the schema's.
std::string releaseCsv(const data::Table& rows, const data::Schema& schema, BinOutput binOutput,
                       privacy::Rng* rng = nullptr);
// The same text handed to sink in pieces of about 1 MB (the same bytes and the
// same draws of rng as releaseCsv), so that writing a release never holds its
// whole text in memory (10^7-row releases).
// From firstRow on (the header always): the rows of an increment file.
void releaseCsvPieces(const data::Table& rows, const data::Schema& schema, BinOutput binOutput,
                      privacy::Rng* rng, const std::function<void(std::string_view)>& sink,
                      std::size_t firstRow = 0);
std::string manifestJson(const ReleaseManifest& manifest);

// Appends one CSV field to out, quoted (RFC 4180) when it holds a comma,
// quote or line break.
void appendCsvField(std::string& out, const std::string& field);

// Writes csvPath and its manifest (csvPath with ".csv" or ".csv.gz"
// replaced by ".json"), atomically; with `within`, both must lie inside that
// output folder (output_file.h). The file holds rows from
// manifest.rowsBefore on, in manifest.fileFormat (csvPath must end in
// ".csv.gz" for CsvGz). Returns the manifest path. Throws Error(Io).
std::string writeRelease(const std::string& csvPath, const data::Table& rows, const data::Schema& schema,
                         const ReleaseManifest& manifest, BinOutput binOutput, privacy::Rng* rng = nullptr,
                         const std::string& within = {});

// A release file's manifest: its path with ".csv" or ".csv.gz" replaced by ".json".
std::string releaseManifestPath(const std::string& releaseFilePath);

// "csv" | "csv.gz": the file name's ending of a format.
std::string fileExtension(ReleaseFileFormat format);

}  // namespace streamsynth::io
