// Which store a registry name means, and the default location (see release_registry.h).
#include <QDir>
#include <QStandardPaths>

#include "core/registry/pg_store.h"
#include "core/registry/release_registry.h"
#include "core/registry/sqlite_store.h"

namespace streamsynth::registry {

std::string defaultRegistryPath() {
    // The GUI's AppDataLocation (organisation and application "StreamSynth"),
    // spelled out so that the CLI, whose application name differs, uses the same file.
    const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    return QDir(data).filePath(QStringLiteral("StreamSynth/StreamSynth/registry.sqlite")).toStdString();
}

std::unique_ptr<ReleaseRegistry> openRegistry(const std::string& spec) {
    if (isPostgresRegistry(spec)) return std::make_unique<ReleaseRegistry>(openPgStore(spec));
    return std::make_unique<ReleaseRegistry>(openSqliteStore(spec.empty() ? defaultRegistryPath() : spec));
}

}  // namespace streamsynth::registry
