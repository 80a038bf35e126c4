// One series identity for GUI and CLI: the experiment panel's settings,
// driven through the facade exactly as the GUI does (Workbench, prepareRun,
// a Run keeping every step in a spool, exportKept), give byte-identical
// releases and manifests to `streamsynth-cli run` with the same seed and
// specs, for the baseline and every counter type the panel offers, in both
// privacy models (zCDP: ε = 1 with δ = 1e-6 converted to ρ, as typed in the
// panel and as --privacy zcdp --epsilon 1 --delta 1e-6). Each
// series' noise comes from an Rng stream derived from its id, so this fails
// whenever the two front ends name a series differently.
#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/cli_runner.h"
#include "core/api/run.h"
#include "core/api/workbench.h"
#include "core/io/run_export.h"
#include "core/values/series_spec.h"
#include "support/adult_rows.h"
#include "support/test_data.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/privacy_selector.h"

using namespace streamsynth;

namespace {

QByteArray bytesOf(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing " + path.toUtf8() + ">");
}

// The GUI's path: panel settings -> Workbench -> Run with a spool -> export of every kept step.
stream::RunConfig guiRun(const QString& data, const QString& outDir, const QStringList& keys, bool zcdp) {
    api::Workbench wb;
    api::OpenOptions open;
    open.schemaPath = test::dataPath("adult-domain.json");
    wb.open(data.toStdString(), open);
    data::StreamSettings settings;
    settings.batch = data::BatchSettings{500, data::BatchOrder::Random};
    wb.setStreamSettings(settings, 1);  // the import dialog's batch seed
    const api::StreamSummary summary = wb.summary();
    ui::ExperimentPanel panel;
    QStringList names;
    QList<int> sizes;
    for (const api::AttributeSummary& a : summary.attributes) {
        names << QString::fromStdString(a.name);
        sizes << a.size;
    }
    panel.setStream(names, sizes, summary.steps);
    if (zcdp) {
        panel.privacySelector()->setModel(privacy::PrivacyModel::ZCdp);
        panel.privacySelector()->setConvertsEpsilonDelta(true);
        panel.privacySelector()->deltaEdit()->setText("1e-6");
    }
    panel.selectSeries(keys);
    panel.epsilonEdit()->setText("1");
    panel.roundsSpin()->setValue(2);
    panel.fitIterationsSpin()->setValue(10);
    const stream::RunConfig config =
        panel.runConfig();  // seed 1, every core: results do not depend on threads
    std::unique_ptr<api::Run> run = wb.prepareRun(config, panel.workloadWay(), panel.workloads());
    auto spool =
        std::make_shared<api::ReleaseSpool>(QDir(outDir).filePath("spool").toStdString(), run->schema());
    run->setSpool(spool);
    run->run({});
    std::vector<std::pair<std::string, int>> all;
    for (const stream::SeriesConfig& s : config.series)
        for (int t = 1; t < run->nextStep(); ++t) all.emplace_back(s.id, t);
    run->exportKept(all, outDir.toStdString(), api::BinOutput::Interval);
    return config;
}

}  // namespace

class TestIdentity : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void guiAndCliGiveTheSameReleases_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<bool>("zcdp");
        for (const char* key :
             {"simple", "block", "unbounded-block", "tree", "hybrid", "honaker", "smooth-binary", "elders"})
            QTest::newRow(key) << QString(key) << false;
        for (const char* key : {"sqrt", "sqrt-unbounded", "elders"})
            QTest::newRow((std::string(key) + " zcdp").c_str()) << QString(key) << true;
    }

    void guiAndCliGiveTheSameReleases() {
        QFETCH(QString, key);
        QFETCH(bool, zcdp);
        QTemporaryDir dir;
        const QString data = test::writeAdultRows(dir, "adult-3k.csv", 3000);  // 6 batches of 500
        QVERIFY(!data.isEmpty());
        const QString gui = dir.filePath("gui"), cli = dir.filePath("cli");
        const stream::RunConfig config = guiRun(data, gui, {"baseline", key}, zcdp);
        QCOMPARE(int(config.series.size()), 2);
        QCOMPARE(config.privacy, zcdp ? privacy::PrivacyModel::ZCdp : privacy::PrivacyModel::Pure);
        QStringList series;
        for (const stream::SeriesConfig& s : config.series)
            series << QString::fromStdString(stream::seriesName(s));
        QStringList args{"run",
                         "--data",
                         data,
                         "--schema",
                         test::dataFile("adult-domain.json"),
                         "--batch",
                         "500",
                         "--order",
                         "random",
                         "--seed",
                         "1",
                         "--series",
                         series.join(','),
                         "--epsilon",
                         "1",
                         "--k",
                         "2",
                         "--iters",
                         "10",
                         "--out",
                         cli};
        if (zcdp)
            args << "--privacy"
                 << "zcdp"
                 << "--delta"
                 << "1e-6";
        const auto r = test::runCli(args);
        QVERIFY2(r.code == 0, qPrintable(r.err));
        for (const stream::SeriesConfig& s : config.series) {
            for (int t = 1; t <= 6; ++t) {
                const QString rel = QString::fromStdString(io::releaseFile(config, s, t));
                QVERIFY2(QFile::exists(QDir(cli).filePath(rel)), qPrintable(rel));
                QVERIFY2(bytesOf(QDir(gui).filePath(rel)) == bytesOf(QDir(cli).filePath(rel)),
                         qPrintable(QString::fromStdString(s.id) + ": " + rel + " differs"));
                const QString manifest = rel.left(rel.size() - 4) + ".json";
                QVERIFY2(bytesOf(QDir(gui).filePath(manifest)) == bytesOf(QDir(cli).filePath(manifest)),
                         qPrintable(manifest + " differs"));
            }
        }
    }
};

QTEST_MAIN(TestIdentity)
#include "test_identity.moc"
