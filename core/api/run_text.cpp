// The text forms of a run's output choices (run.h): release files, which
// releases, bins.
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <filesystem>
#include <optional>

#include "core/api/coarsening.h"
#include "core/api/detail/compare_with_truth.h"
#include "core/api/detail/recovery_start.h"
#include "core/api/detail/release_spool_impl.h"
#include "core/api/detail/run_impl.h"
#include "core/api/detail/run_state.h"
#include "core/api/fault_seam.h"
#include "core/api/plain_privacy.h"
#include "core/api/release_claims.h"
#include "core/api/run.h"
#include "core/api/session_workflow.h"
#include "core/api/stream_ledger.h"
#include "core/api/support.h"
#include "core/io/attribute_names.h"
#include "core/io/file_lock.h"
#include "core/io/marginals_release.h"
#include "core/io/metrics_writer.h"
#include "core/io/release_journal.h"
#include "core/io/release_spool.h"
#include "core/io/run_export.h"
#include "core/io/session_store.h"
#include "core/marginals/workload_set.h"
#include "core/metrics/one_way.h"
#include "core/privacy/rng.h"
#include "core/privacy/seed_streams.h"
#include "core/registry/stream_total.h"
#include "core/steps/step_source.h"
#include "core/stream/release_recipe.h"
#include "core/stream/run_engine.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"
#include "core/values/series_spec.h"

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
