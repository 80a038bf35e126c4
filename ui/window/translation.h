// The user interface language: the system locale unless the settings
// override it ("language" = "en" | "de" | "" for system).
#pragma once

#include <QString>

class QApplication;

namespace streamsynth::ui {

// Installs the translator for the chosen language (from :/i18n); returns the
// language code in effect ("en" when no other translation applies; English
// loads its own file, which gives the plural forms of the "%n" texts).
QString installTranslation(QApplication& app);
// The language installTranslation chose ("en" when it was not called).
QString currentLanguage();
// The language setting: "" (follow the system), "en" or "de".
QString languageSetting();
void setLanguageSetting(const QString& code);

}  // namespace streamsynth::ui
