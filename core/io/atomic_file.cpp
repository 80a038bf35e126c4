// Atomic whole-file writes; see atomic_file.h.
#include "core/io/atomic_file.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include "core/common/error.h"

namespace streamsynth::io {

void writeFileAtomically(const std::string& path, const std::string& bytes) {
    const QString qpath = QString::fromStdString(path);
    ErrorContext ctx;
    ctx.file = path;
    const QDir dir = QFileInfo(qpath).absoluteDir();
    if (!dir.exists() && !QDir().mkpath(dir.absolutePath()))
        throw Error(ErrorKind::Io, "cannot create the folder " + dir.absolutePath().toStdString(), ctx);
    QSaveFile file(qpath);
    if (!file.open(QIODevice::WriteOnly))
        throw Error(ErrorKind::Io, "cannot write " + path + ": " + file.errorString().toStdString(), ctx);
    if (file.write(bytes.data(), static_cast<qint64>(bytes.size())) != static_cast<qint64>(bytes.size()) ||
        !file.commit())
        throw Error(ErrorKind::Io, "cannot write " + path + ": " + file.errorString().toStdString(), ctx);
}

}  // namespace streamsynth::io
