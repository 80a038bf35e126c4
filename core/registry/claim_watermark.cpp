// The records a registry has been seen to hold (claim_watermark.h).
#include "core/registry/claim_watermark.h"

#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <algorithm>
#include <cstdlib>
#include <vector>

#include "core/registry/release_registry.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"

namespace streamsynth::registry {
namespace {

// Where the count is kept: the data folder's file, and the one beside the registry.
std::vector<std::string> placesOf(const std::string& registryId, const std::string& file) {
    // Only the hex digits a registry draws: never a path taken from a file's contents.
    const bool hex = !registryId.empty() && registryId.size() <= 64 &&
                     registryId.find_first_not_of("0123456789abcdef") == std::string::npos;
    std::vector<std::string> out;
    if (hex)
        out.push_back(
            QDir(QFileInfo(QString::fromStdString(defaultRegistryPath())).absolutePath())
                .filePath(QStringLiteral("registry-watermarks/") + QString::fromStdString(registryId))
                .toStdString());
    if (!file.empty()) out.push_back(file + ".claims");
    return out;
}

long long readCount(const std::string& path) {
    try {
        const std::optional<std::string> text = readIfRegularFile(path, 64);
        return text ? std::max(0LL, std::atoll(text->c_str())) : 0;
    } catch (const Error&) {  // unreadable: counts as nothing seen there
        return 0;
    }
}

bool writeCount(const std::string& path, long long records, bool onlyUp) {
    try {
        const QString folder = QFileInfo(QString::fromStdString(path)).absolutePath();
        makePrivateFolders(folder.toStdString());
        QLockFile lock(QString::fromStdString(path) + QStringLiteral(".lock"));
        if (!lock.tryLock(10000)) return false;
        if (onlyUp && readCount(path) >= records) return true;
        writeOutputFile(path, std::to_string(records) + "\n", privateFile());
        return true;
    } catch (const Error&) {
        return false;
    }
}

}  // namespace

long long seenRecords(const std::string& registryId, const std::string& file) {
    long long seen = 0;
    for (const std::string& place : placesOf(registryId, file)) seen = std::max(seen, readCount(place));
    return seen;
}

bool recordSeenRecords(const std::string& registryId, const std::string& file, long long records) {
    bool all = true;
    for (const std::string& place : placesOf(registryId, file)) all = writeCount(place, records, true) && all;
    return all;
}

bool resetSeenRecords(const std::string& registryId, const std::string& file, long long records) {
    bool all = true;
    for (const std::string& place : placesOf(registryId, file))
        all = writeCount(place, records, false) && all;
    return all;
}

}  // namespace streamsynth::registry
