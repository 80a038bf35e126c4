// Help for a new steward (issue #13 item 8): Help ▸ Guide opens the bundled
// guide in a QTextBrowser, covering the workflow, ε and event-level privacy,
// the counters, k, the metrics, release vs evaluation mode and sessions, and a
// section for every dialog (import settings, large attributes, hierarchies,
// the release registry, datasets, the release confirmation, continuing with
// new rows), in English and in German with the same anchors; and every
// control of the window and of its dialogs (import, release confirmation,
// export folder) has a tooltip.
#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QToolButton>
#include <QtTest>

#include "core/api/series_plan.h"
#include "core/api/workbench.h"
#include "core/values/series_spec.h"
#include "support/test_data.h"
#include "ui/import/import_dialog.h"
#include "ui/releases/export_folder_dialog.h"
#include "ui/session/release_guard.h"
#include "ui/window/help_dialog.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {
// The anchors of the guide's sections on the dialogs: in both languages.
constexpr const char* kDialogAnchors[] = {"import",  "coarsening", "hierarchies", "registry", "datasets",
                                          "confirm", "continue",   "target",      "plain"};

QString guideSource(const QString& resource) {
    QFile file(resource);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll());
}

// Controls (inputs and buttons) under root without a tooltip, by text or class.
QStringList withoutTooltip(QWidget* root) {
    QStringList missing;
    const QList<QWidget*> all = root->findChildren<QWidget*>();
    for (QWidget* w : all) {
        // Parts of composite controls (a spin box's line edit, a combo's view) and Qt's own helpers.
        if (w->objectName().startsWith("qt_") || qobject_cast<QAbstractSpinBox*>(w->parentWidget()) ||
            qobject_cast<QComboBox*>(w->parentWidget()) || w->inherits("QTabBar") ||
            w->inherits("QScrollBar") || w->parentWidget()->inherits("QTabBar") ||
            w->inherits("QHeaderView") || w->inherits("QDialogButtonBox") ||
            w->inherits("QTableCornerButton"))
            continue;
        if (w->parentWidget() && w->parentWidget()->inherits("QDialogButtonBox")) continue;  // OK / Cancel
        const bool control = qobject_cast<QAbstractButton*>(w) || qobject_cast<QAbstractSpinBox*>(w) ||
                             qobject_cast<QComboBox*>(w) || qobject_cast<QLineEdit*>(w);
        if (!control) continue;
        QString tip = w->toolTip();
        if (auto* b = qobject_cast<QToolButton*>(w); b && b->defaultAction())
            tip = b->defaultAction()->toolTip();
        if (tip.trimmed().isEmpty()) {
            QString name = w->metaObject()->className();
            if (auto* b = qobject_cast<QAbstractButton*>(w)) name += " '" + b->text() + "'";
            missing << name;
        }
    }
    return missing;
}
// Fails naming the first of `items` that `text` lacks.
void expectAll(const QString& text, std::initializer_list<const char*> items) {
    for (const char* item : items) QVERIFY2(text.contains(QString::fromUtf8(item)), item);
}
}  // namespace

class TestHelp : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void guideCoversTheTopics() {
        ui::MainWindow window;
        QAction* guide = window.findChild<QAction*>("guideAction");
        QVERIFY(guide);
        QCOMPARE(guide->shortcut(), QKeySequence(QKeySequence::HelpContents));
        guide->trigger();
        auto* dialog = window.findChild<ui::HelpDialog*>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        const QString text = dialog->browser()->toPlainText();
        for (const char* topic :
             {"The workflow", "event-level", "Continual counters", "k: workloads measured per step", "AvgWE",
              "MaxRelWE", "Release mode", "Sessions", "SHA-256", "not for publication"})
            QVERIFY2(text.contains(topic, Qt::CaseInsensitive), topic);
        // A section for every dialog.
        expectAll(text, {"Import settings", "Large attributes: coarsening", "Hierarchies (Parents…)",
                         "The release registry", "Datasets and their total budget",
                         "The release confirmation", "Continue with new rows"});
        expectAll(text, {"label,parent", "registry-move", "Charge this new stream to", "I understand",
                         "Nothing new to release", "noise only"});
        // Person-level privacy, which the guide had not described (a GUI review of 2026-12-01).
        expectAll(text, {"Protecting each person: the privacy unit", "Who is protected: each person or unit",
                         "12 times the ε"});
        // Sections are reachable by anchor.
        dialog->showSection("metrics");
        dialog->showSection("coarsening");
    }

    void germanGuide() {
        QCOMPARE(ui::guideResource("de"), QString(":/guide/guide_de.html"));
        QCOMPARE(ui::guideResource("fr"), QString(":/guide/guide_en.html"));  // no French guide: English
        ui::HelpDialog dialog("de");
        const QString text = dialog.browser()->toPlainText();
        QVERIFY(text.contains("Datenschutz auf Ereignisebene"));
        QVERIFY(text.contains("Veröffentlichungsmodus"));
        QVERIFY(text.contains("Fortlaufende Zähler"));
        QVERIFY(text.contains("Jede Person schützen: die Schutzeinheit"));
        QVERIFY(text.contains("Wer geschützt ist: jede Person oder Einheit"));
        // A section for every dialog, in the German interface's words.
        expectAll(text,
                  {"Importeinstellungen", "Große Attribute: Vergröberung", "Hierarchien (Oberbegriffe…)",
                   "Das Freigaberegister", "Datensätze und ihr Gesamtbudget",
                   "Die Bestätigung der Veröffentlichung", "Mit neuen Zeilen fortsetzen"});
        expectAll(text, {"label,parent", "registry-move", "anrechnen", "Ich verstehe",
                         "Nichts Neues zu veröffentlichen", "nur Rauschen"});
    }

    // Every dialog's section has the same anchor in both languages, and the guide links to it.
    void guideAnchorsInBothLanguages() {
        for (const char* resource : {":/guide/guide_en.html", ":/guide/guide_de.html"}) {
            const QString html = guideSource(QLatin1String(resource));
            QVERIFY2(!html.isEmpty(), resource);
            for (const char* anchor : kDialogAnchors) {
                const QLatin1String name(anchor);
                const QString where = QStringLiteral("%1: %2").arg(QLatin1String(resource), name);
                QVERIFY2(html.contains(QStringLiteral("name=\"%1\"").arg(name)), qPrintable(where));
                QVERIFY2(html.contains(QStringLiteral("id=\"%1\"").arg(name)), qPrintable(where));
                QVERIFY2(html.contains(QStringLiteral("href=\"#%1\"").arg(name)), qPrintable(where));
            }
        }
    }

    void everyControlHasATooltip() {
        ui::MainWindow window;
        QVERIFY(window.openBundledAdult());
        const QStringList missing = withoutTooltip(&window);
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(", ")));
    }

    void everyDialogControlHasATooltip() {
        api::Workbench workbench;
        workbench.open(test::dataPath("movies.csv"));
        ui::ImportDialog import(workbench, test::dataFile("movies.csv"));
        QStringList missing = withoutTooltip(&import);
        QVERIFY2(missing.isEmpty(), qPrintable("import: " + missing.join(", ")));
        stream::RunConfig config;
        api::planRunSeries(config, {"baseline"}, {privacy::Budget::of(privacy::PrivacyModel::Pure, 1.0)});
        api::StreamBudget budget;
        budget.publishable = {config.series.front().id};
        ui::ReleaseConfirmDialog confirm(config, 1, 49, "adult.csv", "/tmp/x", false, budget,
                                         "registry.sqlite");
        missing = withoutTooltip(&confirm);
        QVERIFY2(missing.isEmpty(), qPrintable("release: " + missing.join(", ")));
        ui::ExportFolderDialog folder("Export", "what", "/tmp/y");
        missing = withoutTooltip(&folder);
        QVERIFY2(missing.isEmpty(), qPrintable("export: " + missing.join(", ")));
    }
};

QTEST_MAIN(TestHelp)
#include "test_help.moc"
