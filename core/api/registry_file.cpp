// api::registryFileState, api::confirmRestoredRegistry (registry_file.h).
#include "core/api/registry_file.h"

#include <QFileInfo>

#include "core/registry/release_registry.h"
#include "core/values/error.h"

namespace streamsynth::api {

std::string registryLocation(const std::string& spec) {
    return registry::resolvedRegistrySpec(spec);
}

RegistryFile registryFileState(const std::string& spec) {
    if (registry::isPostgresRegistry(spec)) return RegistryFile::Server;
    const std::string path = registry::resolvedRegistrySpec(spec);
    if (!QFileInfo::exists(QString::fromStdString(path))) return RegistryFile::Missing;
    const auto reg = registry::openRegistry(path, /*create=*/false);
    if (!reg->isRecordedFile()) return RegistryFile::Copy;
    try {
        reg->requireNotOlder();
    } catch (const Error& e) {
        if (e.kind() == ErrorKind::Privacy) return RegistryFile::Older;
        throw;
    }
    return RegistryFile::Own;
}

OlderRegistryTaken confirmOlderRegistry(const std::string& spec) {
    if (registry::isPostgresRegistry(spec)) return {};
    const registry::RestoredWrites r =
        registry::openRegistry(registry::resolvedRegistrySpec(spec), /*create=*/false)->confirmOlderCopy();
    return {r.claims, r.others};
}

void confirmRestoredRegistry(const std::string& spec) {
    if (registry::isPostgresRegistry(spec)) return;
    registry::openRegistry(registry::resolvedRegistrySpec(spec), /*create=*/false)->confirmRestoredFile();
}

}  // namespace streamsynth::api
