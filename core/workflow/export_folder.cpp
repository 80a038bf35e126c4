// Export folders: inspection, replacement of an earlier export, and the
// listing with SHA-256 (see export_folder.h).
#include "core/workflow/export_folder.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <set>

#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"
#include "core/workflow/release_reading.h"

namespace streamsynth::workflow {

namespace {

const QString kManifest = QStringLiteral("manifest.json");

// Every regular file under dir (hidden ones too), relative, '/' separated, sorted.
std::vector<QString> filesUnder(const QDir& dir) {
    std::vector<QString> out;
    QDirIterator it(dir.path(), QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) out.push_back(dir.relativeFilePath(it.next()));
    std::sort(out.begin(), out.end());
    return out;
}

bool hasEntries(const QDir& dir) {
    return !dir.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System).isEmpty();
}

// The "files" of dir/manifest.json when it is one of our export manifests, else none.
bool readListing(const QDir& dir, std::set<QString>& listed, std::string& kind) {
    const std::optional<QJsonObject> manifest = readOwnJson(dir.filePath(kManifest).toStdString());
    if (!manifest) return false;
    const QJsonObject& o = *manifest;
    if (o.value("software").toString() != QLatin1String("StreamSynth") || !o.value("files").isArray())
        return false;
    for (const QJsonValue& v : o.value("files").toArray()) {
        const QString path = v.toObject().value("path").toString();
        // Only plain relative paths inside the folder count (a manifest must never make us touch anything
        // else).
        if (path.isEmpty() || QDir::isAbsolutePath(path) ||
            QDir::cleanPath(path).startsWith(QLatin1String("..")))
            return false;
        listed.insert(QDir::cleanPath(path));
    }
    kind = o.value("export").toString().toStdString();
    return true;
}

[[noreturn]] void ioFailure(const QString& path, const QString& what) {
    throw Error(ErrorKind::Io, what.toStdString(), ErrorContext::forFile(path.toStdString()));
}

}  // namespace

ExportTarget inspectExportTarget(const std::string& dirPath) {
    ExportTarget out;
    const QDir dir(QString::fromStdString(dirPath));
    if (!dir.exists() || !hasEntries(dir)) return out;
    const std::vector<QString> files = filesUnder(dir);
    out.files = static_cast<int>(files.size());
    std::set<QString> listed;
    const bool ours = readListing(dir, listed, out.exportKind);
    for (const QString& f : files) {
        if (ours && (f == kManifest || listed.count(f))) continue;
        if (out.unlisted.size() < 5) out.unlisted.push_back(f.toStdString());
        out.kind = ExportTargetKind::Foreign;
    }
    if (files.empty()) out.kind = ExportTargetKind::Foreign;  // only folders or special entries: not ours
    if (out.kind != ExportTargetKind::Foreign)
        out.kind = ours ? ExportTargetKind::PreviousExport : ExportTargetKind::Foreign;
    if (out.kind == ExportTargetKind::Foreign) out.exportKind.clear();
    return out;
}

void removePreviousExport(const std::string& dirPath) {
    if (inspectExportTarget(dirPath).kind != ExportTargetKind::PreviousExport)
        throw settingError(
            "export folder",
            "the folder " + dirPath +
                " does not hold exactly one earlier StreamSynth export; choose another folder");
    const QDir dir(QString::fromStdString(dirPath));
    std::set<QString> listed;
    std::string kind;
    readListing(dir, listed, kind);
    listed.insert(kManifest);  // last: until it goes, the folder still describes what is left
    std::set<QString> folders;
    for (const QString& rel : listed) {
        if (rel == kManifest) continue;
        const QString path = dir.filePath(rel);
        if (QFileInfo::exists(path) && !QFile::remove(path))
            ioFailure(path, QStringLiteral("cannot remove the file of the earlier export"));
        for (QString parent = QFileInfo(rel).path(); parent != QLatin1String(".");
             parent = QFileInfo(parent).path())
            folders.insert(parent);
    }
    const QString manifest = dir.filePath(kManifest);
    if (!QFile::remove(manifest))
        ioFailure(manifest, QStringLiteral("cannot remove the manifest of the earlier export"));
    // Deepest first; a folder that still holds something (it cannot: the target was checked) is left alone.
    std::vector<QString> order(folders.begin(), folders.end());
    std::sort(order.begin(), order.end(),
              [](const QString& a, const QString& b) { return a.count('/') > b.count('/'); });
    for (const QString& rel : order) dir.rmdir(rel);
}

std::string sha256File(const std::string& path) {
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly))
        ioFailure(f.fileName(), QStringLiteral("cannot read the file: ") + f.errorString());
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!hash.addData(&f))
        ioFailure(f.fileName(), QStringLiteral("cannot read the file: ") + f.errorString());
    return hash.result().toHex().toStdString();
}

std::vector<ListedFile> writeExportListing(const std::string& dirPath, const std::string& kind,
                                           bool publishable) {
    const QDir dir(QString::fromStdString(dirPath));
    std::vector<ListedFile> out;
    QJsonArray files;
    for (const QString& rel : filesUnder(dir)) {
        if (rel == kManifest) continue;
        const QString path = dir.filePath(rel);
        ListedFile f{rel.toStdString(), QFileInfo(path).size(), sha256File(path.toStdString())};
        files.append(QJsonObject{{"path", rel},
                                 {"bytes", static_cast<double>(f.bytes)},
                                 {"sha256", QString::fromStdString(f.sha256)}});
        out.push_back(std::move(f));
    }
    QJsonObject manifest;
    if (const std::optional<QJsonObject> existing = readOwnJson(dir.filePath(kManifest).toStdString()))
        manifest = *existing;
    manifest["software"] = QStringLiteral("StreamSynth");
    if (!manifest.contains("version")) manifest["version"] = QStringLiteral(STREAMSYNTH_VERSION);
    manifest["export"] = QString::fromStdString(kind);
    manifest["publishable"] = publishable;
    manifest["files"] = files;
    // A seeded run's listing repeats its releases' seed: 0600, as their own
    // manifests are (docs/bad-inputs.md, umask 000).
    WriteOptions options = insideFolder(dir.path().toStdString());
    if (!publishable) options.access = FileAccess::Private;
    writeOutputFile(dir.filePath(kManifest).toStdString(),
                    QJsonDocument(manifest).toJson(QJsonDocument::Indented).toStdString(), options);
    return out;
}

}  // namespace streamsynth::workflow
