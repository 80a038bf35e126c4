// The records a registry has been seen to hold (claim_watermark.h).
#include "core/registry/claim_watermark.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>
#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "core/registry/release_registry.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"

namespace streamsynth::registry {
namespace {

// One place's record: "count generation id" ("-" for an empty field). A file of
// an older version holds the count alone.
struct Mark {
    long long count = 0;
    std::string generation, id;
};

// The user's state folder: XDG_STATE_HOME, or ~/.local/state (Qt 6.4 has no
// StateLocation); beside the tests' data folder in Qt's test mode.
QString stateFolder() {
    if (QStandardPaths::isTestModeEnabled())
        return QFileInfo(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)).path() +
               QStringLiteral("/state");
    const QString env = qEnvironmentVariable("XDG_STATE_HOME");
    if (!env.isEmpty() && QDir::isAbsolutePath(env)) return env;
    return QDir::homePath() + QStringLiteral("/.local/state");
}

// Where the count is kept: the data folder's file, the state folder's, and the one beside the registry.
std::vector<std::string> placesOf(const std::string& registryId, const std::string& file) {
    // Only the hex digits a registry draws: never a path taken from a file's contents.
    const bool hex = !registryId.empty() && registryId.size() <= 64 &&
                     registryId.find_first_not_of("0123456789abcdef") == std::string::npos;
    std::vector<std::string> out;
    if (hex) {
        const QString name = QStringLiteral("registry-watermarks/") + QString::fromStdString(registryId);
        out.push_back(QDir(QFileInfo(QString::fromStdString(defaultRegistryPath())).absolutePath())
                          .filePath(name)
                          .toStdString());
        out.push_back(QDir(stateFolder() + QStringLiteral("/StreamSynth")).filePath(name).toStdString());
    }
    if (!file.empty()) {
        const QString canonical = QFileInfo(QString::fromStdString(file)).canonicalFilePath();
        out.push_back((canonical.isEmpty() ? file : canonical.toStdString()) + ".claims");
    }
    return out;
}

Mark readMark(const std::string& path) {
    Mark m;
    try {
        const std::optional<std::string> text = readIfRegularFile(path, 256);
        if (!text) return m;
        std::istringstream in(*text);
        in >> m.count >> m.generation >> m.id;
        m.count = std::max(0LL, m.count);
        if (m.generation == "-") m.generation.clear();
        if (m.id == "-") m.id.clear();
    } catch (const Error&) {  // unreadable: counts as nothing seen there
    }
    return m;
}

// The mark at `path` for this registry: one naming another registry's id (a
// new registry at a moved one's path) counts as nothing seen.
Mark markOf(const std::string& path, const std::string& registryId) {
    Mark m = readMark(path);
    if (!m.id.empty() && m.id != registryId) return {};
    return m;
}

// A count beside a registry shared by a group (its file group-readable) is
// readable, and writable, by that group too.
void shareLikeRegistry(const std::string& path, const std::string& file) {
    if (file.empty() ||
        path != QFileInfo(QString::fromStdString(file)).canonicalFilePath().toStdString() + ".claims")
        return;
    const QFileDevice::Permissions group =
        QFile::permissions(QString::fromStdString(file)) & (QFileDevice::ReadGroup | QFileDevice::WriteGroup);
    if (group)
        QFile::setPermissions(QString::fromStdString(path),
                              QFile::permissions(QString::fromStdString(path)) | group);
}

bool writeMark(const std::string& path, const std::string& registryId, const std::string& file,
               long long records, const std::string& generation, bool onlyUp) {
    try {
        const QString folder = QFileInfo(QString::fromStdString(path)).absolutePath();
        makePrivateFolders(folder.toStdString());
        QLockFile lock(QString::fromStdString(path) + QStringLiteral(".lock"));
        if (!lock.tryLock(10000)) return false;
        const Mark before = markOf(path, registryId);
        if (onlyUp && before.count >= records) return true;
        const std::string token = generation.empty() ? before.generation : generation;
        writeOutputFile(path,
                        std::to_string(records) + " " + (token.empty() ? "-" : token) + " " +
                            (registryId.empty() ? "-" : registryId) + "\n",
                        privateFile());
        shareLikeRegistry(path, file);
        return true;
    } catch (const Error&) {
        return false;
    }
}

}  // namespace

SeenRecords seenRecords(const std::string& registryId, const std::string& file) {
    SeenRecords seen;
    for (const std::string& place : placesOf(registryId, file)) {
        const Mark m = markOf(place, registryId);
        if (m.count > seen.count || (m.count == seen.count && seen.generation.empty()))
            seen = {std::max(seen.count, m.count), m.generation.empty() ? seen.generation : m.generation};
    }
    return seen;
}

bool recordSeenRecords(const std::string& registryId, const std::string& file, long long records,
                       const std::string& generation) {
    bool all = true;
    for (const std::string& place : placesOf(registryId, file))
        all = writeMark(place, registryId, file, records, generation, true) && all;
    return all;
}

bool resetSeenRecords(const std::string& registryId, const std::string& file, long long records,
                      const std::string& generation) {
    bool all = true;
    for (const std::string& place : placesOf(registryId, file))
        all = writeMark(place, registryId, file, records, generation, false) && all;
    return all;
}

}  // namespace streamsynth::registry
