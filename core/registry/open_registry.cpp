// Which store a registry name means, and the default location (see release_registry.h).
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include "core/registry/pg_store.h"
#include "core/registry/release_registry.h"
#include "core/registry/sqlite_store.h"
#include "core/values/error.h"

namespace streamsynth::registry {

std::string defaultRegistryPath() {
    // The GUI's AppDataLocation (organisation and application "StreamSynth"),
    // spelled out so that the CLI, whose application name differs, uses the same file.
    const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return QDir(data).filePath(QStringLiteral("StreamSynth/StreamSynth/registry.sqlite")).toStdString();
}

std::string resolvedRegistrySpec(const std::string& spec) {
    if (isPostgresRegistry(spec)) return spec;
    const std::string path = spec.empty() ? defaultRegistryPath() : spec;
    return QFileInfo(QString::fromStdString(path)).absoluteFilePath().toStdString();
}

std::unique_ptr<ReleaseRegistry> openRegistry(const std::string& spec, bool create) {
    if (isPostgresRegistry(spec)) return std::make_unique<ReleaseRegistry>(openPgStore(spec));
    const std::string path = resolvedRegistrySpec(spec);
    if (!create && !QFileInfo::exists(QString::fromStdString(path)))
        throw Error(ErrorKind::Privacy,
                    "the release registry " + path +
                        " that holds this stream's released steps is missing. A new, empty registry would "
                        "let those steps be released again, so none is made: restore the file from a backup, "
                        "or give the --registry where the stream was moved",
                    ErrorContext::forFile(path));
    return std::make_unique<ReleaseRegistry>(openSqliteStore(path));
}

}  // namespace streamsynth::registry
