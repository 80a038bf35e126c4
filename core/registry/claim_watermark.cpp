// The records a registry has been seen to hold (claim_watermark.h).
#include "core/registry/claim_watermark.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "core/common/file_lock.h"
#include "core/registry/release_registry.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"

namespace streamsynth::registry {
namespace {

// One place's record: "count generation id epoch" ("-" for an empty field). A
// file of an older version holds the count alone.
struct Mark {
    long long count = 0;
    std::string generation, id;
    long long epoch = 0;
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
    std::vector<std::string> out = placesOutside(registryId, "");
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
        in >> m.count >> m.generation >> m.id >> m.epoch;
        m.count = std::max(0LL, m.count);
        m.epoch = std::max(0LL, m.epoch);
        if (m.generation == "-") m.generation.clear();
        if (m.id == "-") m.id.clear();
    } catch (const Error&) {  // unreadable: counts as nothing seen there
    }
    return m;
}

// The mark at `path` for this registry: one naming another registry's id (a
// new registry at a moved one's path) counts as nothing seen, and so does one
// beside a file without an id (an older version's count alone, kept by path:
// it may be another registry's; the data and state folders' marks are kept by id).
Mark markOf(const std::string& path, const std::string& registryId, bool besideFile) {
    Mark m = readMark(path);
    if ((!m.id.empty() && m.id != registryId) || (besideFile && m.id.empty())) return {};
    return m;
}

bool besideFile(const std::string& path) {
    return path.size() > 7 && path.compare(path.size() - 7, 7, ".claims") == 0;
}

// A count beside a registry shared by a group (its file group-readable) is
// readable, and writable, by that group too; so is its lock file (`target`:
// the mark itself or "<mark>.lock"), which stays beside it.
void shareLikeRegistry(const std::string& path, const std::string& file, const std::string& target) {
    if (file.empty() ||
        path != QFileInfo(QString::fromStdString(file)).canonicalFilePath().toStdString() + ".claims")
        return;
    const QFileDevice::Permissions group =
        QFile::permissions(QString::fromStdString(file)) & (QFileDevice::ReadGroup | QFileDevice::WriteGroup);
    if (group)
        QFile::setPermissions(QString::fromStdString(target),
                              QFile::permissions(QString::fromStdString(target)) | group);
}

bool writeMark(const std::string& path, const std::string& registryId, const std::string& file,
               long long records, const std::string& generation, long long epoch, bool onlyUp) {
    try {
        const QString folder = QFileInfo(QString::fromStdString(path)).absolutePath();
        makePrivateFolders(folder.toStdString());
        // flock: a run killed while holding it leaves no lock to wait out
        // (QLockFile's empty file, from a kill between its creation and its
        // contents, was waited out for 30 s, 10 s a mark, and the marks lost).
        const io::FileLock lock(path + ".lock", "the claim mark " + path, 10000);
        shareLikeRegistry(path, file, lock.path());  // made 0600: the registry's group takes it too
        const Mark before = markOf(path, registryId, besideFile(path));
        if (onlyUp && (before.epoch > epoch || (before.epoch == epoch && before.count >= records)))
            return true;
        const std::string token =
            generation.empty() && before.epoch == epoch ? before.generation : generation;
        writeOutputFile(path,
                        std::to_string(records) + " " + (token.empty() ? "-" : token) + " " +
                            (registryId.empty() ? "-" : registryId) + " " + std::to_string(epoch) + "\n",
                        privateFile());
        shareLikeRegistry(path, file, path);
        return true;
    } catch (const Error&) {
        return false;
    }
}

}  // namespace

std::string userStateFolder() {
    return stateFolder().toStdString();
}

std::vector<std::string> placesOutside(const std::string& registryId, const std::string& suffix) {
    // Only the hex digits a registry draws: never a path taken from a file's contents.
    const bool hex = !registryId.empty() && registryId.size() <= 64 &&
                     registryId.find_first_not_of("0123456789abcdef") == std::string::npos;
    if (!hex) return {};
    const QString name = QStringLiteral("registry-watermarks/") + QString::fromStdString(registryId + suffix);
    return {QDir(QFileInfo(QString::fromStdString(defaultRegistryPath())).absolutePath())
                .filePath(name)
                .toStdString(),
            QDir(stateFolder() + QStringLiteral("/StreamSynth")).filePath(name).toStdString()};
}

SeenRecords seenRecords(const std::string& registryId, const std::string& file) {
    SeenRecords seen;
    bool any = false;
    for (const std::string& place : placesOf(registryId, file)) {
        const Mark m = markOf(place, registryId, besideFile(place));
        if (m.count == 0 && m.generation.empty() && m.epoch == 0) continue;  // nothing kept there
        // The highest epoch first; within it the most records (the token of that mark, or any).
        const bool better = !any || m.epoch > seen.epoch ||
                            (m.epoch == seen.epoch &&
                             (m.count > seen.count || (m.count == seen.count && seen.generation.empty())));
        if (!better) continue;
        seen = {m.count, m.generation.empty() && m.epoch == seen.epoch ? seen.generation : m.generation,
                m.epoch};
        any = true;
    }
    return seen;
}

bool recordSeenRecords(const std::string& registryId, const std::string& file, long long records,
                       const std::string& generation, long long epoch) {
    bool all = true;
    for (const std::string& place : placesOf(registryId, file))
        all = writeMark(place, registryId, file, records, generation, epoch, true) && all;
    return all;
}

bool resetSeenRecords(const std::string& registryId, const std::string& file, long long records,
                      const std::string& generation) {
    const long long epoch = seenRecords(registryId, file).epoch + 1;
    bool all = true;
    for (const std::string& place : placesOf(registryId, file))
        all = writeMark(place, registryId, file, records, generation, epoch, false) && all;
    return all;
}

}  // namespace streamsynth::registry
