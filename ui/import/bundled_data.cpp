// Extraction of the bundled Adult files to a readable path.
#include "ui/import/bundled_data.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include "core/values/error.h"
#include "core/values/output_file.h"

// Resources in a static library are registered only when referenced.
static void initBundledResources() {
    Q_INIT_RESOURCE(streamsynth);
}

namespace streamsynth::ui {

namespace {

QString extract(const QString& resource, const QDir& dir) {
    const QString target = dir.filePath(QFileInfo(resource).fileName());
    QFile source(resource);
    if (QFileInfo(target).size() == source.size()) return target;
    QFile::remove(target);
    if (!source.copy(target))
        throw Error(ErrorKind::Io, "cannot copy the bundled data to " + target.toStdString(),
                    ErrorContext::forFile(target.toStdString()));
    // Resource copies are read-only; the cache copy must be replaceable later.
    QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    return target;
}

}  // namespace

namespace {
BundledFiles extractBundled(const QString& csv, const QString& schema) {
    initBundledResources();
    QString base = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (base.isEmpty()) base = QDir::temp().filePath(QStringLiteral("streamsynth"));
    QDir dir(base + QStringLiteral("/bundled"));
    makePrivateFolders(dir.path().toStdString());  // 0700 like every folder StreamSynth makes
    return {extract(csv, dir), extract(schema, dir)};
}
}  // namespace

BundledFiles extractBundledAdult() {
    return extractBundled(QStringLiteral(":/data/adult.csv"), QStringLiteral(":/data/adult-domain.json"));
}

BundledFiles extractBundledAdmissions() {
    return extractBundled(QStringLiteral(":/data/admissions.csv"),
                          QStringLiteral(":/data/admissions-domain.json"));
}

}  // namespace streamsynth::ui
