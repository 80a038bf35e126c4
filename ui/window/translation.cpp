// Loads streamsynth_<lang>.qm (English included: its plural forms) from the
// resources compiled by qt_add_translations.
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
    // English has a file too, loaded the same way: the source texts say
    // "%n step(s)", and only a translation's numerus forms make "1 step" and
    // "3 steps" (streamsynth_en.ts holds those forms alone, docs/gui.md). A
    // language without a file gets English, with its plurals.
    auto* translator = new QTranslator(&app);
    if (!translator->load(QStringLiteral(":/i18n/streamsynth_%1.qm").arg(code))) {
        code = QStringLiteral("en");
        if (!translator->load(QStringLiteral(":/i18n/streamsynth_en.qm"))) {
            delete translator;
            translator = nullptr;
        }
    }
    if (translator != nullptr) QApplication::installTranslator(translator);
    app.setProperty("streamsynthLanguage", code);
    return code;
}

QString currentLanguage() {
    const QString code = qApp ? qApp->property("streamsynthLanguage").toString() : QString();
    return code.isEmpty() ? QStringLiteral("en") : code;
}

}  // namespace streamsynth::ui
