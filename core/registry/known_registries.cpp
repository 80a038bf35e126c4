// The release registries this user has released through (known_registries.h).
#include "core/registry/known_registries.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>

#include "core/common/file_lock.h"
#include "core/registry/release_registry.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"

namespace streamsynth::registry {
namespace {

constexpr std::uint64_t kListBytes = 1 << 20;

std::string listPath() {
    return QDir(QFileInfo(QString::fromStdString(defaultRegistryPath())).absolutePath())
        .filePath(QStringLiteral("registries"))
        .toStdString();
}

std::string canonical(const std::string& path) {
    const QString c = QFileInfo(QString::fromStdString(path)).canonicalFilePath();
    return c.isEmpty() ? std::string() : c.toStdString();
}

std::vector<std::string> listed() {
    std::vector<std::string> out;
    std::optional<std::string> text;
    try {
        text = readIfRegularFile(listPath(), kListBytes);
    } catch (const Error&) {  // unreadable (its folder is a file, no permission): nothing listed
    }
    if (!text) return out;
    std::size_t at = 0;
    while (at < text->size()) {
        const std::size_t end = std::min(text->find('\n', at), text->size());
        if (end > at) out.push_back(text->substr(at, end - at));
        at = end + 1;
    }
    return out;
}

}  // namespace

std::vector<std::string> knownRegistries() {
    std::vector<std::string> paths = listed(), out;
    paths.insert(paths.begin(), defaultRegistryPath());
    for (const std::string& path : paths) {
        const std::string c = canonical(path);
        if (!c.empty() && std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    }
    return out;
}

bool defaultRegistryUsedBefore() {
    const QString path = QFileInfo(QString::fromStdString(defaultRegistryPath())).absoluteFilePath();
    if (QFileInfo::exists(path + QStringLiteral(".claims"))) return true;
    const std::vector<std::string> paths = listed();
    return std::find(paths.begin(), paths.end(), path.toStdString()) != paths.end();
}

void rememberRegistry(const std::string& path) {
    const std::string c = canonical(path);
    if (c.empty() || c.find('\n') != std::string::npos) return;
    try {  // best effort: a full or read-only data folder weakens the look-alike check only
        makePrivateFolders(QFileInfo(QString::fromStdString(listPath())).absolutePath().toStdString());
        const io::FileLock lock(listPath() + ".lock", "the list of registries", 10000);  // runs at once
        std::vector<std::string> paths = listed();
        if (std::find(paths.begin(), paths.end(), c) != paths.end()) return;
        paths.push_back(c);
        std::string text;
        for (const std::string& p : paths) text += p + '\n';
        writeOutputFile(listPath(), text, privateFile());
    } catch (const Error&) {
    }
}

}  // namespace streamsynth::registry
