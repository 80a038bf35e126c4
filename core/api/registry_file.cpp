// api::registryFileState, api::confirmRestoredRegistry (registry_file.h).
#include "core/api/registry_file.h"

#include <QFileInfo>

#include "core/registry/release_registry.h"

namespace streamsynth::api {

RegistryFile registryFileState(const std::string& spec) {
    if (registry::isPostgresRegistry(spec)) return RegistryFile::Server;
    const std::string path = registry::resolvedRegistrySpec(spec);
    if (!QFileInfo::exists(QString::fromStdString(path))) return RegistryFile::Missing;
    return registry::openRegistry(path, /*create=*/false)->isRecordedFile() ? RegistryFile::Own
                                                                            : RegistryFile::Copy;
}

void confirmRestoredRegistry(const std::string& spec) {
    if (registry::isPostgresRegistry(spec)) return;
    registry::openRegistry(registry::resolvedRegistrySpec(spec), /*create=*/false)->confirmRestoredFile();
}

}  // namespace streamsynth::api
