// streamText (see stream_text.h): the one core sentence that names batches,
// recognised and said again with tr() and the locale's digit grouping.
#include "ui/import/stream_text.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

namespace streamsynth::ui {

QString streamText(const std::string& coreDescription) {
    const QString text = QString::fromStdString(coreDescription);
    static const QRegularExpression batches(
        QStringLiteral("^batches of (\\d+), (random|sorted|hash) order$"));
    const QRegularExpressionMatch m = batches.match(text);
    if (!m.hasMatch()) return text;
    const QString order = m.captured(2);
    QString orderText = QCoreApplication::translate("streamsynth::ui::StreamText", "hash order");
    if (order == QLatin1String("random"))
        orderText = QCoreApplication::translate("streamsynth::ui::StreamText", "random order");
    if (order == QLatin1String("sorted"))
        orderText = QCoreApplication::translate("streamsynth::ui::StreamText", "sorted order");
    return QCoreApplication::translate("streamsynth::ui::StreamText", "batches of %1, %2")
        .arg(QLocale().toString(m.captured(1).toLongLong()), orderText);
}

}  // namespace streamsynth::ui
