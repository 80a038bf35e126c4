// File ▸ Export results… offers the noisy marginals (core/io/marginals_release.h):
// ticked, each proposed series' marginals of its latest step are written
// beside its release and listed in manifest.json; the baseline has none;
// unticked (the default), none are written. Offscreen.
#include <QCheckBox>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/workbench.h"
#include "support/modal_answer.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/releases/export_controller.h"
#include "ui/releases/export_folder_dialog.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

namespace {
bool runAdult(ui::MainWindow& window) {
    if (!window.openBundledAdult()) return false;
    data::StreamSettings s;
    s.batch = data::BatchSettings{25000, data::BatchOrder::Random};
    window.workbench().setStreamSettings(s, 1);
    if (!window.refreshSummary()) return false;
    ui::ExperimentPanel* panel = window.experimentPanel();
    panel->selectSeries({"baseline", "simple"});
    panel->epsilonEdit()->setText("1");
    panel->roundsSpin()->setValue(2);
    panel->fitIterationsSpin()->setValue(20);
    QSignalSpy ended(&window, &ui::MainWindow::runEnded);
    return window.startRun() && ended.wait(180000);
}

QStringList listed(const QString& dir) {
    QFile f(dir + "/manifest.json");
    if (!f.open(QIODevice::ReadOnly)) return {};
    QStringList out;
    for (const QJsonValue& v : QJsonDocument::fromJson(f.readAll()).object().value("files").toArray())
        out << v.toObject().value("path").toString();
    return out;
}

// Exports interactively with the marginals box set to `tick` (it must be offered, unticked).
bool exportWith(ui::MainWindow& window, const QString& dir, bool tick, bool* offeredUnticked) {
    test::ModalAnswer seeded("seededExportQuestion", [](QWidget* w) { test::clickAnswer(w, 0); });
    test::ModalAnswer where("exportFolderDialog", [&](QWidget* w) {
        auto* d = qobject_cast<ui::ExportFolderDialog*>(w);
        auto* box = d->findChild<QCheckBox*>(QStringLiteral("exportMarginals"));
        *offeredUnticked = box && !box->isChecked();
        if (box) box->setChecked(tick);
        d->folderEdit()->setText(dir);
        d->accept();
    });
    return window.exportController()->exportResultsInteractive() && where.answered();
}
}  // namespace

class TestExportMarginals : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("StreamSynthTest");
        QCoreApplication::setApplicationName("StreamSynthExportMarginals");
        QVERIFY(dir_.isValid());
    }

    void offeredInTheExportDialog() {
        ui::MainWindow window;
        window.show();
        QVERIFY(runAdult(window));
        bool offered = false;
        const QString with = dir_.filePath("with");
        QVERIFY(exportWith(window, with, true, &offered));
        QVERIFY(offered);
        const QStringList files = listed(with);
        QVERIFY2(files.contains("releases/proposed-simple/eps1/marginals-0002.csv"),
                 qPrintable(files.join(' ')));
        QVERIFY(files.contains("releases/proposed-simple/eps1/marginals-0002.json"));
        QVERIFY(!QFileInfo::exists(with + "/releases/baseline/eps1/marginals-0002.csv"));
        QFile m(with + "/releases/proposed-simple/eps1/marginals-0002.json");
        QVERIFY(m.open(QIODevice::ReadOnly));
        const QJsonObject manifest = QJsonDocument::fromJson(m.readAll()).object();
        QCOMPARE(manifest.value("step").toInt(), 2);
        QVERIFY(!manifest.value("workloads").toArray().isEmpty());

        const QString without = dir_.filePath("without");
        QVERIFY(exportWith(window, without, false, &offered));
        QVERIFY(offered);
        QVERIFY(listed(without).contains("releases/proposed-simple/eps1/step-0002.csv"));
        for (const QString& f : listed(without)) QVERIFY2(!f.contains("marginals-"), qPrintable(f));
    }

private:
    QTemporaryDir dir_;
};

QTEST_MAIN(TestExportMarginals)
#include "test_export_marginals.moc"
