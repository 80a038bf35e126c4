// The text forms of a run's output choices (run.h): release files, which
// releases, bins.
#include "core/values/error.h"
#include "core/values/release_output.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::api {

std::string toString(ReleaseFiles files) {
    return files == ReleaseFiles::Compact ? "compact" : "csv";
}

ReleaseFiles parseReleaseFiles(const std::string& text) {
    if (text == "compact") return ReleaseFiles::Compact;
    if (text == "csv") return ReleaseFiles::Full;
    throw settingError("release-files", "compact or csv (got '" + text + "')");
}

std::string toString(ExportWhich which) {
    switch (which) {
        case ExportWhich::All:
            return "all";
        case ExportWhich::Last:
            return "last";
        case ExportWhich::None:
            return "none";
    }
    return "all";
}

ExportWhich parseExportWhich(const std::string& text) {
    if (text == "all") return ExportWhich::All;
    if (text == "last") return ExportWhich::Last;
    if (text == "none") return ExportWhich::None;
    throw settingError("export-releases", "all, last or none (got '" + text + "')");
}

std::string toString(BinOutput bins) {
    return bins == BinOutput::UniformValue ? "uniform" : "interval";
}

BinOutput parseBinOutput(const std::string& text) {
    if (text == "interval") return BinOutput::Interval;
    if (text == "uniform") return BinOutput::UniformValue;
    throw settingError("bins", "interval or uniform (got '" + text + "')");
}

}  // namespace streamsynth::api
