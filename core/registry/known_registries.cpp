// The release registries this user has released through (known_registries.h).
#include "core/registry/known_registries.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>

#include "core/common/file_lock.h"
#include "core/registry/claim_watermark.h"
#include "core/registry/release_registry.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"

namespace streamsynth::registry {
namespace {

constexpr std::uint64_t kListBytes = 1 << 20;

// The data folder's list and the state folder's: a steward's new data folder (another
// XDG_DATA_HOME, a data folder restored) still finds the registries listed before (a review
// of 2026-12-01 left it open).
std::vector<std::string> listPaths() {
    return {QDir(QFileInfo(QString::fromStdString(defaultRegistryPath())).absolutePath())
                .filePath(QStringLiteral("registries"))
                .toStdString(),
            QDir(QString::fromStdString(userStateFolder()))
                .filePath(QStringLiteral("StreamSynth/registries"))
                .toStdString()};
}

std::string canonical(const std::string& path) {
    const QString c = QFileInfo(QString::fromStdString(path)).canonicalFilePath();
    return c.isEmpty() ? std::string() : c.toStdString();
}

std::vector<std::string> listedIn(const std::string& list) {
    std::vector<std::string> out;
    std::optional<std::string> text;
    try {
        text = readIfRegularFile(list, kListBytes);
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

// Every path either list names, once.
std::vector<std::string> listed() {
    std::vector<std::string> out;
    for (const std::string& list : listPaths())
        for (std::string& p : listedIn(list))
            if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(std::move(p));
    return out;
}

void addTo(const std::string& list, const std::string& path) {
    try {  // best effort: a full or read-only folder weakens the look-alike check only
        makePrivateFolders(QFileInfo(QString::fromStdString(list)).absolutePath().toStdString());
        const io::FileLock lock(list + ".lock", "the list of registries", 10000);  // runs at once
        std::vector<std::string> paths = listedIn(list);
        if (std::find(paths.begin(), paths.end(), path) != paths.end()) return;
        paths.push_back(path);
        std::string text;
        for (const std::string& p : paths) text += p + '\n';
        writeOutputFile(list, text, privateFile());
    } catch (const Error&) {
    }
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
    for (const std::string& list : listPaths()) addTo(list, c);
}

}  // namespace streamsynth::registry
