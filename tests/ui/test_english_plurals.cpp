// English plurals (docs/gui.md, "Languages"): the GUI's texts say "%n step(s)",
// and Qt turns them into "1 step" and "3 steps" only through a translation
// with numerus forms. The app installs translations/streamsynth_en.ts for
// English as it installs German, and for a language it has no file for.
#include <QApplication>
#include <QStandardPaths>
#include <QTranslator>
#include <QtTest>

#include "ui/window/translation.h"

using namespace streamsynth;

namespace {

// The log line of DocumentController (ui/window/document_controller.cpp) for n steps.
QString notSaved(int n) {
    return QCoreApplication::translate("streamsynth::ui::DocumentController",
                                       "Not saved: %n step(s) of the last run, before you %1", nullptr, n)
        .arg(QStringLiteral("quit"));
}

// Takes out the translators installTranslation put in (children of the application).
void removeInstalledTranslators() {
    for (QTranslator* t : qApp->findChildren<QTranslator*>(Qt::FindDirectChildrenOnly)) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
}

}  // namespace

class TestEnglishPlurals : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);  // settings away from the user's
        QCoreApplication::setOrganizationName("StreamSynthTest");
        QCoreApplication::setApplicationName("StreamSynthTest");
    }
    void cleanup() {
        removeInstalledTranslators();
        ui::setLanguageSetting(QString());
    }

    void englishSaysOneStepAndThreeSteps() {
        QCOMPARE(notSaved(1),
                 QString("Not saved: 1 step(s) of the last run, before you quit"));  // no translator
        ui::setLanguageSetting(QStringLiteral("en"));
        QCOMPARE(ui::installTranslation(*qApp), QString("en"));
        QCOMPARE(notSaved(1), QString("Not saved: 1 step of the last run, before you quit"));
        QCOMPARE(notSaved(3), QString("Not saved: 3 steps of the last run, before you quit"));
        QCOMPARE(notSaved(0), QString("Not saved: 0 steps of the last run, before you quit"));
        QCOMPARE(QCoreApplication::translate("streamsynth::ui::ExportController",
                                             "Exported %n file(s) (%1) to %2, listed with their SHA-256 in "
                                             "manifest.json.",
                                             nullptr, 1),
                 QString("Exported 1 file (%1) to %2, listed with its SHA-256 in manifest.json."));
    }

    void aLanguageWithoutAFileGetsEnglishPlurals() {
        ui::setLanguageSetting(QStringLiteral("fr"));
        QCOMPARE(ui::installTranslation(*qApp), QString("en"));
        QCOMPARE(ui::currentLanguage(), QString("en"));
        QCOMPARE(notSaved(3), QString("Not saved: 3 steps of the last run, before you quit"));
    }

    void germanIsLoadedTheSameWay() {
        ui::setLanguageSetting(QStringLiteral("de"));
        QCOMPARE(ui::installTranslation(*qApp), QString("de"));
        QVERIFY2(notSaved(1).contains(QStringLiteral("1 Schritt ")), qPrintable(notSaved(1)));
        QVERIFY2(notSaved(3).contains(QStringLiteral("3 Schritte ")), qPrintable(notSaved(3)));
    }
};

QTEST_MAIN(TestEnglishPlurals)
#include "test_english_plurals.moc"
