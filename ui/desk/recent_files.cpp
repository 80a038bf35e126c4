// RecentFiles: a list in QSettings under "files/recent".
#include "ui/desk/recent_files.h"

#include <QFileInfo>
#include <QSettings>

namespace streamsynth::ui {

namespace {
const QString kKey = QStringLiteral("files/recent");
}

QStringList RecentFiles::list() {
    return QSettings().value(kKey).toStringList();
}

void RecentFiles::add(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = list();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMax) files.removeLast();
    QSettings().setValue(kKey, files);
}

void RecentFiles::remove(const QString& path) {
    QStringList files = list();
    files.removeAll(path);
    QSettings().setValue(kKey, files);
}

}  // namespace streamsynth::ui
