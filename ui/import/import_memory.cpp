// rememberedImportFile / rememberImport (see import_memory.h).
#include "ui/import/import_memory.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include "core/api/workbench.h"
#include "core/values/output_file.h"

namespace streamsynth::ui {

QString rememberedImportFile(const QString& tablePath) {
    QFile table(tablePath);
    if (!table.open(QIODevice::ReadOnly)) return {};
    const QByteArray header = table.readLine(1 << 20).trimmed();
    if (header.isEmpty()) return {};
    QCryptographicHash digest(QCryptographicHash::Sha256);
    digest.addData(QFileInfo(tablePath).absoluteFilePath().toUtf8());
    digest.addData(QByteArrayView("\n"));
    digest.addData(header);
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
                           QStringLiteral("/import-settings");
    return folder + QLatin1Char('/') + QString::fromLatin1(digest.result().toHex().left(32)) +
           QStringLiteral(".json");
}

void rememberImport(api::Workbench& workbench, const QString& tablePath) {
    const QString file = rememberedImportFile(tablePath);
    if (file.isEmpty()) return;
    makePrivateFolders(QFileInfo(file).absolutePath().toStdString());  // 0700 (issue 45)
    // Checked, atomic, 0600 (core/values/output_file.h); it may replace the remembered file the table was
    // opened with (a schema input of this process, which an output otherwise never replaces).
    workbench.saveSchema(file.toStdString(), /*replacesOpenedSchema=*/true);
}

}  // namespace streamsynth::ui
