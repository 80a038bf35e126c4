// Compact release files (docs/spec.md, "Release files"): gzip round trips
// (several members, a cut-off file refused); a run on the first 3,000 rows
// of Adult in batches of 500 with compact files decodes, at every step and
// for both series, to exactly the CSV of the release the run holds (the
// baseline's files are increments after the first step); the size
// estimated before the run from public settings matches what is written
// within the stated tolerance (written between 40% and 105% of the
// estimate: the estimate draws uniform rows, the least compressible a
// release can hold; real rows compress better).
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/api/release_storage.h"
#include "core/api/workbench.h"
#include "core/io/gzip_stream.h"
#include "core/io/release_files.h"
#include "core/io/release_writer.h"
#include "core/values/error.h"
#include "support/adult_rows.h"
#include "support/test_data.h"

using namespace streamsynth;

namespace {

std::string gzip(const std::string& text) {
    std::string out;
    io::GzipWriter gz([&](std::string_view piece) { out.append(piece); });
    for (std::size_t at = 0; at < text.size(); at += 1000) gz.write(std::string_view(text).substr(at, 1000));
    gz.finish();
    return out;
}

qint64 bytesUnder(const QString& folder) {
    qint64 bytes = 0;
    QDirIterator it(folder, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) bytes += QFileInfo(it.next()).size();
    return bytes;
}

}  // namespace

class TestReleaseFiles : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void gzipRoundTrip() {
        std::string text;
        for (int i = 0; i < 50000; ++i) text += "row " + std::to_string(i % 97) + ",Bachelors,Male\n";
        const std::string gz = gzip(text);
        QVERIFY(gz.size() < text.size() / 5);
        QCOMPARE(io::gunzip(gz, "t.gz"), text);
        QCOMPARE(io::gunzip(gz + gzip("more\n"), "t.gz"), text + "more\n");  // gzip -dc joins members
        QCOMPARE(io::gunzip(gzip(""), "empty.gz"), std::string());
        try {
            io::gunzip(gz.substr(0, gz.size() / 2), "cut.gz");
            QFAIL("a cut-off gzip file was read");
        } catch (const Error& e) {
            QVERIFY2(e.describe().find("cut.gz") != std::string::npos, e.describe().c_str());
        }
    }

    void brokenManifestNamesLineAndColumn() {
        // A manifest cut off or edited by hand: its line and column (docs/bad-inputs.md).
        QTemporaryDir dir;
        QFile csv(dir.filePath("step-0001.csv")), manifest(dir.filePath("step-0001.json"));
        QVERIFY(csv.open(QIODevice::WriteOnly) && csv.write("a\nx\n") > 0);
        QVERIFY(manifest.open(QIODevice::WriteOnly) &&
                manifest.write("{\n    \"rows\": 1\n    \"step\": 1\n}\n") > 0);
        csv.close();
        manifest.close();
        try {
            io::readReleaseText(dir.path().toStdString(), 1);
            QFAIL("a broken manifest was read");
        } catch (const Error& e) {
            QCOMPARE(QString::fromStdString(e.describe()),
                     manifest.fileName() +
                         ", line 3, column 5: the release manifest is not valid JSON: missing comma (or a "
                         "closing '}')");
        }
    }

    void compactFilesDecodeToTheReleasesAndTheSizeWasForeseen() {
        QTemporaryDir dir;
        const QString csv = dir.filePath("adult3k.csv");
        QFile table(csv);
        QVERIFY(table.open(QIODevice::WriteOnly) && table.write(test::adultHead(3000)) > 0);
        table.close();
        api::Workbench wb;
        api::OpenOptions open;
        open.schemaPath = test::dataPath("adult-domain.json");
        wb.open(csv.toStdString(), open);
        data::StreamSettings batches;
        batches.batch = data::BatchSettings{500, data::BatchOrder::Random};
        wb.setStreamSettings(batches, 1);
        stream::RunConfig config;
        stream::SeriesConfig baseline, proposed;
        baseline.id = "baseline";
        baseline.streamer = stream::StreamerKind::Baseline;
        proposed.id = "proposed-simple";
        proposed.streamer = stream::StreamerKind::Proposed;
        config.series = {baseline, proposed};
        config.rounds = 2;
        config.fitIterations = 10;
        config.seed = 5;
        std::unique_ptr<api::Run> run = wb.prepareRun(config);
        const int steps = run->stepCount();
        QCOMPARE(steps, 6);
        api::ReleaseOutput output{dir.filePath("out").toStdString(), api::ExportWhich::All,
                                  api::BinOutput::Interval};
        output.files = api::ReleaseFiles::Compact;
        const std::vector<std::string> ids{"baseline", "proposed-simple"};
        const api::ReleaseStorage foreseen = api::estimateReleaseStorage(*run, output, ids, 1, steps);
        QVERIFY(foreseen.rowsPublic && foreseen.compact);
        QCOMPARE(foreseen.files, 12LL);
        run->setOutput(output);
        long long baselineBefore = 0;
        for (int t = 1; t <= steps; ++t) {
            QCOMPARE(run->run({}, nullptr, t), 1);
            for (const std::string& id : ids) {
                const std::string folder =
                    dir.filePath(QString::fromStdString("out/releases/" + id + "/eps1")).toStdString();
                const std::string expected =
                    io::releaseCsv(run->release(id), run->schema(), io::BinOutput::Interval);
                QCOMPARE(io::readReleaseText(folder, t), expected);
                QFile manifest(QString::fromStdString(folder) +
                               QString("/step-%1.json").arg(t, 4, 10, QChar('0')));
                QVERIFY(manifest.open(QIODevice::ReadOnly));
                const QJsonObject file =
                    QJsonDocument::fromJson(manifest.readAll()).object().value("file").toObject();
                QCOMPARE(file.value("format").toString(), QString("csv.gz"));
                // The baseline's file after step 1 holds only the rows new at its step.
                QCOMPARE(file.value("rows_before").toInteger(), id == "baseline" ? baselineBefore : 0LL);
            }
            baselineBefore = static_cast<long long>(run->release("baseline").rowCount());
        }
        const double written = double(bytesUnder(dir.filePath("out/releases")));
        qInfo("release files: %.0f bytes written, %.0f foreseen (%.0f%%)", written, foreseen.bytes,
              100 * written / foreseen.bytes);
        QVERIFY2(written <= 1.05 * foreseen.bytes && written >= 0.40 * foreseen.bytes,
                 qPrintable(QString("written %1 bytes, foreseen %2").arg(written).arg(foreseen.bytes)));
    }
};

QTEST_MAIN(TestReleaseFiles)
#include "test_release_files.moc"
