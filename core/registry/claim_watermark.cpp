// The claims a registry has been seen to hold (claim_watermark.h).
#include "core/registry/claim_watermark.h"

#include <QDir>
#include <QFileInfo>
#include <cstdlib>

#include "core/registry/release_registry.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"

namespace streamsynth::registry {
namespace {

std::string fileOf(const std::string& registryId) {
    // Only the 32 hex digits a registry draws: never a path taken from a file's contents.
    const bool hex = !registryId.empty() && registryId.size() <= 64 &&
                     registryId.find_first_not_of("0123456789abcdef") == std::string::npos;
    if (!hex) return {};
    const QString folder = QFileInfo(QString::fromStdString(defaultRegistryPath())).absolutePath();
    return QDir(folder)
        .filePath(QStringLiteral("registry-watermarks/") + QString::fromStdString(registryId))
        .toStdString();
}

}  // namespace

long long seenClaims(const std::string& registryId) {
    const std::string path = fileOf(registryId);
    if (path.empty()) return 0;
    const std::optional<std::string> text = readIfRegularFile(path, 64);
    return text ? std::max(0LL, std::atoll(text->c_str())) : 0;
}

void resetSeenClaims(const std::string& registryId, long long claims) {
    const std::string path = fileOf(registryId);
    if (path.empty()) return;
    makePrivateFolders(QFileInfo(QString::fromStdString(path)).absolutePath().toStdString());
    writeOutputFile(path, std::to_string(claims) + "\n", privateFile());
}

void recordSeenClaims(const std::string& registryId, long long claims) {
    if (claims > seenClaims(registryId)) resetSeenClaims(registryId, claims);
}

}  // namespace streamsynth::registry
