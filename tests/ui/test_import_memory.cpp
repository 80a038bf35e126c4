// Import settings are remembered per table: after the import dialog was
// confirmed once, opening the same table again (same path, same header)
// applies the same domain and batches without asking; a table whose columns
// changed is asked about again. Offscreen, on 3,000 Adult rows. The bundled
// Adult stream keeps the settings confirmed for it too.
#include <QCheckBox>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/workbench.h"
#include "support/adult_rows.h"
#include "support/modal_answer.h"
#include "ui/import/import_dialog.h"
#include "ui/import/import_memory.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

class TestImportMemory : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("StreamSynthTest");
        QCoreApplication::setApplicationName("StreamSynthImportMemory");
    }

    void sameTableIsNotAskedAgain() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString csv = test::writeAdultRows(dir, "adult.csv", 3000);
        QFile::remove(ui::rememberedImportFile(csv));
        {
            ui::MainWindow window;
            test::ModalAnswer confirm("importDialog", [](QWidget* w) {
                auto* dialog = qobject_cast<ui::ImportDialog*>(w);
                QVERIFY(dialog);
                dialog->setBatch(750, true);
                dialog->publicCheck()->setChecked(true);
                dialog->accept();
            });
            QVERIFY(window.openPath(csv));
            QVERIFY(confirm.answered());
            QCOMPARE(window.workbench().summary().steps, 4);
        }
        QVERIFY(QFileInfo::exists(ui::rememberedImportFile(csv)));
        // 0600 (docs/gui.md): a confirmed domain is public for the release, but
        // the file describes the steward's table and is nobody else's to read.
        QCOMPARE(QFile::permissions(ui::rememberedImportFile(csv)) &
                     (QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther |
                      QFileDevice::WriteGroup | QFileDevice::WriteOther),
                 QFileDevice::Permissions(QFileDevice::ReadOwner));
        {
            ui::MainWindow window;
            test::ModalAnswer none("importDialog", test::rejectDialog, 1000);
            QVERIFY(window.openPath(csv));  // ready at once: the remembered settings
            QTest::qWait(1100);
            QVERIFY(!none.answered());
            QCOMPARE(window.workbench().summary().steps, 4);
            QVERIFY(window.workbench().streamSettings().batch.has_value());
            QCOMPARE(window.workbench().streamSettings().batch->size, 750LL);
        }
        // Another header (a column renamed): another table, asked again.
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray text = file.readAll();
        file.close();
        text.replace(0, text.indexOf(','), "years");
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(text);
        file.close();
        ui::MainWindow window;
        test::ModalAnswer asked("importDialog", test::rejectDialog);
        QVERIFY(!window.openPath(csv));
        QVERIFY(asked.answered());
    }

    // Review 2026-12-01: the bundled Adult stream opened with batches of 1,000
    // whatever its import settings said (a release then charged a new stream).
    void bundledAdultKeepsItsImportSettings() {
        QString csv;
        {
            ui::MainWindow window;
            QVERIFY(window.openBundledAdult());
            QCOMPARE(window.workbench().streamSettings().batch->size, 1000LL);  // the default
            csv = QString::fromStdString(window.workbench().summary().file);
            QFile::remove(ui::rememberedImportFile(csv));
            data::StreamSettings s;
            s.batch = data::BatchSettings{2000, data::BatchOrder::Random};
            window.workbench().setStreamSettings(s, 1);
            ui::rememberImport(window.workbench(), csv);  // as Import settings… confirmed
        }
        ui::MainWindow window;
        QVERIFY(window.openBundledAdult());
        QVERIFY(window.workbench().streamSettings().batch.has_value());
        QCOMPARE(window.workbench().streamSettings().batch->size, 2000LL);
        QFile::remove(ui::rememberedImportFile(csv));
    }
};

QTEST_MAIN(TestImportMemory)
#include "test_import_memory.moc"
