// Loads streamsynth_<lang>.qm from the resources compiled by qt_add_translations.
#include "ui/window/translation.h"

#include <QApplication>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace streamsynth::ui {

QString languageSetting() {
    return QSettings().value(QStringLiteral("ui/language")).toString();
}

void setLanguageSetting(const QString& code) {
    QSettings().setValue(QStringLiteral("ui/language"), code);
}

QString installTranslation(QApplication& app) {
    QString code = languageSetting();
    if (code.isEmpty()) code = QLocale::system().name().section(QLatin1Char('_'), 0, 0);
    auto* translator = new QTranslator(&app);
    if (code != QLatin1String("en") &&
        translator->load(QStringLiteral(":/i18n/streamsynth_%1.qm").arg(code))) {
        QApplication::installTranslator(translator);
    } else {
        delete translator;
        code = QStringLiteral("en");
    }
    app.setProperty("streamsynthLanguage", code);
    return code;
}

QString currentLanguage() {
    const QString code = qApp ? qApp->property("streamsynthLanguage").toString() : QString();
    return code.isEmpty() ? QStringLiteral("en") : code;
}

}  // namespace streamsynth::ui
