// Folder checks in the GUI's words (folder_problem.h).
#include "ui/widgets/folder_problem.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace streamsynth::ui {
namespace {

class FolderProblem {
    Q_DECLARE_TR_FUNCTIONS(FolderProblem)
};

}  // namespace

QString writableFolderProblem(const QString& folder) {
    const QString path = QDir::cleanPath(folder.trimmed());
    if (path.isEmpty()) return FolderProblem::tr("Choose a folder.");
    const QFileInfo info(path);
    const QString shown = QDir::toNativeSeparators(path);
    if (info.exists() && !info.isDir())
        return FolderProblem::tr("%1 is a file, not a folder: choose a folder.").arg(shown);
    if (info.exists())
        return info.isWritable() ? QString()
                                 : FolderProblem::tr("%1 cannot be written: no permission.").arg(shown);
    // A new folder: its nearest existing parent must take it.
    QFileInfo parent(info.absolutePath());
    while (!parent.exists() && parent.absoluteFilePath() != parent.absolutePath())
        parent = QFileInfo(parent.absolutePath());
    if (!parent.isDir())
        return FolderProblem::tr("%1 cannot be created: %2 is a file, not a folder.")
            .arg(shown, QDir::toNativeSeparators(parent.absoluteFilePath()));
    // Tried, not guessed: permissions say nothing of /proc or a read-only mount (and nothing at
    // all to root). The first missing folder is made and removed again.
    QString first = info.absoluteFilePath();
    while (QFileInfo(QFileInfo(first).absolutePath()).absoluteFilePath() != parent.absoluteFilePath())
        first = QFileInfo(first).absolutePath();
    QDir top(parent.absoluteFilePath());
    const QString name = QFileInfo(first).fileName();
    if (!top.mkdir(name))
        return FolderProblem::tr(
                   "%1 cannot be created: %2 does not accept new folders (no permission, a read-only disk or "
                   "a system folder).")
            .arg(shown, QDir::toNativeSeparators(parent.absoluteFilePath()));
    top.rmdir(name);
    return {};
}

QString emptyFolderProblem(const QString& folder) {
    if (const QString problem = writableFolderProblem(folder); !problem.isEmpty()) return problem;
    const QDir dir(QDir::cleanPath(folder.trimmed()));
    if (!dir.exists()) return {};
    QStringList entries =
        dir.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
    entries.removeAll(QStringLiteral(".streamsynth.lock"));  // a run refused before it wrote anything
    if (entries.isEmpty()) return {};
    return FolderProblem::tr(
               "%1 is not empty: choose a new or empty folder (a release never writes over files).")
        .arg(QDir::toNativeSeparators(dir.path()));
}

}  // namespace streamsynth::ui
