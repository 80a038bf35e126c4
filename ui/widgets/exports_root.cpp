// The remembered export place (exports_root.h).
#include "ui/widgets/exports_root.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace streamsynth::ui {

namespace {
const QString kRootKey = QStringLiteral("exports/root");

QString defaultRoot() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
        .filePath(QStringLiteral("StreamSynth exports"));
}

bool sameFolder(const QString& a, const QString& b) {
    return !a.isEmpty() && !b.isEmpty() &&
           QDir::cleanPath(QFileInfo(a).absoluteFilePath()) ==
               QDir::cleanPath(QFileInfo(b).absoluteFilePath());
}
}  // namespace

QString exportsRoot(const QString& dataFolder) {
    const QString remembered = QSettings().value(kRootKey).toString();
    if (remembered.isEmpty() || sameFolder(remembered, dataFolder)) return defaultRoot();
    return remembered;
}

void rememberExportsRoot(const QString& exported) {
    QSettings().setValue(kRootKey, QFileInfo(QDir::cleanPath(exported)).absolutePath());
}

}  // namespace streamsynth::ui
