// Messages and remembered folders shared by the main window's controllers.
#include "ui/desk/window_views.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>

#include "ui/desk/log_view.h"

namespace streamsynth::ui {

void showWarningLater(QWidget* parent, const QString& title, const QString& message) {
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("sessionMessage"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void reportError(const WindowVoice& voice, const QString& title, const QString& message) {
    voice.log->append(title + QStringLiteral(": ") + message);
    showWarningLater(voice.window, title, message);
}

QString lastFolder() {
    return QSettings().value(QStringLiteral("files/lastFolder")).toString();
}

void rememberFolder(const QString& path) {
    QSettings().setValue(QStringLiteral("files/lastFolder"), QFileInfo(path).absolutePath());
}

QString sessionFolder() {
    const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QSettings()
        .value(QStringLiteral("files/sessionFolder"),
               QDir(docs).filePath(QStringLiteral("StreamSynth/sessions")))
        .toString();
}

QString existingFolder(const QString& folder) {
    QString path = QDir(folder).absolutePath();
    while (!QFileInfo(path).isDir()) {
        const QString parent = QFileInfo(path).absolutePath();
        if (parent == path) return QString();
        path = parent;
    }
    return path;
}

void rememberSessionFolder(const QString& sessionPath) {
    QSettings().setValue(QStringLiteral("files/sessionFolder"), QFileInfo(sessionPath).absolutePath());
}

QString proposedSessionPath(const QString& document) {
    QString name = QFileInfo(document).completeBaseName();
    for (QChar& c : name)
        if (!c.isLetterOrNumber() && c != u'-' && c != u'_' && c != u'.') c = u'-';
    return QDir(sessionFolder())
        .filePath((name.isEmpty() ? QStringLiteral("stream") : name) + QStringLiteral(".session"));
}

}  // namespace streamsynth::ui
