// estimateReleaseStorage: rows per file from the batch size and the file
// form (whole release, or a baseline's increment), bytes per row from the
// public schema.
#include "core/workflow/release_storage.h"

#include <cmath>
#include <cstdio>

#include "core/io/release_size.h"
#include "core/values/counted_text.h"
#include "core/workflow/run_machine.h"

namespace streamsynth::workflow {

namespace {
// A step's manifest (JSON, about 0.8-1 KB on Adult; more with long series names and the stream's total).
constexpr double kManifestBytes = 1000;

// Rows of the step-t file of a series: the release so far (t batches), or one batch for an increment.
double fileRows(bool increment, int step, double batch) {
    return increment ? batch : batch * step;
}
}  // namespace

ReleaseStorage estimateReleaseStorage(const RunMachine& run, const ReleaseOutput& output,
                                      const std::vector<std::string>& series, int firstStep, int lastStep) {
    ReleaseStorage out;
    out.compact = output.files == ReleaseFiles::Compact;
    const io::ReleaseFileSize size = io::estimateReleaseFileSize(
        run.schema(), output.bins, out.compact ? io::ReleaseFileFormat::CsvGz : io::ReleaseFileFormat::Csv);
    out.bytesPerThousandRows = 1000 * size.bytesPerRow;
    if (output.which == ExportWhich::None || lastStep < firstStep) return out;
    const auto& batch = run.schema().stream.batch;
    out.rowsPublic = batch.has_value();
    const double b = batch ? static_cast<double>(batch->size) : 0;
    for (const std::string& id : series) {
        // Compact files of a release that grows by appending hold each step's new rows (step 1: all of them).
        const bool increments =
            out.compact && output.which == ExportWhich::All && run.releaseGrowsByAppending(id);
        const int from = output.which == ExportWhich::Last ? lastStep : firstStep;
        for (int t = from; t <= lastStep; ++t) {
            ++out.files;
            out.bytes += size.bytesPerFile + kManifestBytes + fileRows(increments, t, b) * size.bytesPerRow;
        }
    }
    return out;
}

std::string bytesText(double bytes) {
    const char* units[] = {"bytes", "kB", "MB", "GB", "TB"};
    int u = 0;
    while (bytes >= 1000 && u < 4) {
        bytes /= 1000;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, bytes >= 10 || u == 0 ? "%.0f %s" : "%.1f %s", bytes, units[u]);
    return buf;
}

std::string releaseStorageText(const ReleaseStorage& s) {
    const std::string form = s.compact
                                 ? "gzip'd CSV; a baseline step's file holds only the rows new at that step"
                                 : "plain CSV, each step's whole release";
    const std::string perRows = bytesText(s.bytesPerThousandRows) + " per 1,000 rows";
    if (s.files == 0) return "no release files";
    if (!s.rowsPublic)
        return counted(s.files, "step file") + " (" + form + "), about " + perRows +
               " (estimated from the public domain; the rows per step are private, so the total is not "
               "estimated)";
    return "about " + bytesText(s.bytes) + " in " + counted(s.files, "step file") + " (" + form + "; " +
           perRows + ", estimated from the public domain and the batch size" +
           (s.compact ? "; a real release usually compresses better)" : ")");
}

}  // namespace streamsynth::workflow
