// Reading published releases back (see release_reading.h).
#include "core/workflow/release_reading.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

#include "core/io/release_files.h"
#include "core/io/run_export.h"
#include "core/steps/step_pipeline.h"
#include "core/values/input_file.h"

namespace streamsynth::workflow {

std::optional<QJsonObject> readOwnJson(const std::string& path) {
    const std::optional<std::string> text = readIfRegularFile(path, kMaxManifestBytes);
    if (!text) return std::nullopt;
    return QJsonDocument::fromJson(QByteArray::fromStdString(*text)).object();
}
namespace {

bool exists(const std::string& path) {
    return QFileInfo::exists(QString::fromStdString(path));
}

std::string compactPath(const std::string& folder, int step) {
    return releaseStepPath(folder, step) + ".gz";
}

}  // namespace

std::string releaseStepPath(const std::string& folder, int step) {
    return QDir(QString::fromStdString(folder))
        .filePath(QString::fromStdString(io::stepFileName(step)))
        .toStdString();
}

bool hasReleaseStep(const std::string& folder, int step) {
    return exists(releaseStepPath(folder, step)) || exists(compactPath(folder, step));
}

data::Table readReleaseStep(const std::string& folder, int step, const data::Schema& schema) {
    const std::string plain = releaseStepPath(folder, step);
    if (exists(plain)) return stream::readReleaseTable(plain, schema);
    return stream::releaseTableOf(io::readReleaseText(folder, step), compactPath(folder, step), schema);
}

}  // namespace streamsynth::workflow
