// Release spool: every (series, step) release reads back code for code
// (0-row releases too); the index stays right after many appends; a torn,
// corrupted or unwritable spool file is an Io error naming the file and never
// damages the other records; exporting spooled releases writes the CLI's CSV
// format per release plus a manifest listing them; a release that grows by
// appending is kept as its new rows and a recipe as its models (issue 15),
// both reading back exactly, at a size that does not grow with the release.
#include <sys/stat.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "core/fit/fit_engine.h"
#include "core/io/release_spool.h"
#include "core/stream/release_recipe.h"
#include "core/values/error.h"
#include "core/values/series_spec.h"
#include "support/schema_specs.h"
#include "support/special_files.h"

using namespace streamsynth;

namespace {

data::Schema schema3() {
    data::Schema s;
    s.attributes.push_back(test::categoricalSpec("color", {"red", "green", "blue"}));
    s.attributes.push_back(test::numericSpec("age", 0, 100, 10));
    s.attributes.push_back(test::numberedCategoricalSpec("code", "c", 1000));  // codes above 255
    return s;
}

// A release whose every cell depends on (seed, row, attribute), so a swapped
// record, column or row shows up in the comparison.
data::Table release(const data::Domain& d, std::size_t rows, int seed) {
    data::Table t(d, rows);
    for (std::size_t r = 0; r < rows; ++r)
        for (int a = 0; a < d.attributeCount(); ++a)
            t.set(r, a,
                  static_cast<data::Code>(
                      (r * 7919 + static_cast<std::size_t>(a) * 31 + static_cast<std::size_t>(seed) * 101) %
                      static_cast<std::size_t>(d.size(a))));
    return t;
}

// Runs f, expecting an Io Error whose context and text name `path`.
template <class F>
bool throwsIoNaming(F f, const std::string& path, QString* why) {
    try {
        f();
    } catch (const Error& e) {
        *why = QString::fromStdString(e.describe());
        return e.kind() == ErrorKind::Io && e.context().file == path &&
               e.describe().find(path) != std::string::npos;
    }
    *why = "no error";
    return false;
}

}  // namespace

class TestReleaseSpool : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTripSeriesTimesSteps() {
        QTemporaryDir dir;
        const data::Domain d = schema3().domain();
        io::ReleaseSpool spool(dir.filePath("spool").toStdString(), d);
        const std::vector<std::string> series{"baseline", "proposed-simple", "proposed-tree:49"};
        const std::size_t rows[] = {5, 0, 123, 1, 0, 4000};
        std::uint64_t bytes = 0;
        for (int step = 1; step <= 6; ++step)
            for (std::size_t s = 0; s < series.size(); ++s) {
                const std::size_t n = rows[(static_cast<std::size_t>(step) + s) % 6];
                spool.append(series[s], step, "batch " + std::to_string(step),
                             release(d, n, step * 10 + int(s)));
                bytes += 32 + n * 3 * 2;  // header + 3 attributes x uint16 per row
            }
        QCOMPARE(spool.entries().size(), std::size_t{18});
        QCOMPARE(spool.bytesOnDisk(), bytes);
        for (int step = 6; step >= 1; --step)  // read in a different order than written
            for (std::size_t s = 0; s < series.size(); ++s) {
                const std::size_t n = rows[(static_cast<std::size_t>(step) + s) % 6];
                const data::Table back = spool.read(series[s], step);
                QVERIFY(back == release(d, n, step * 10 + int(s)));
                const auto e = spool.find(series[s], step);
                QVERIFY(e);
                QCOMPARE(e->rows, static_cast<long long>(n));
                QCOMPARE(e->period, "batch " + std::to_string(step));
            }
        // Files on disk hold exactly the indexed bytes.
        std::uint64_t onDisk = 0;
        for (const QFileInfo& f : QDir(dir.filePath("spool")).entryInfoList(QDir::Files)) onDisk += f.size();
        QCOMPARE(onDisk, bytes);
        QVERIFY(!spool.contains("baseline", 7));
        try {
            spool.read("baseline", 7);
            QFAIL("a step never spooled must not read");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Setting);
        }
        // Another domain is refused.
        const data::Domain other({{"x", 2}});
        QVERIFY_THROWS_EXCEPTION(Error, spool.append("baseline", 8, "", data::Table(other, 1)));
    }

    void spoolFilesAreOwnerOnlyUnderAnyUmask() {
        // Issue #17 item 5: the spool sits beside a private run; its files are
        // created 0600 even under umask 000 (mode given at creation).
        QTemporaryDir dir;
        const data::Domain d = schema3().domain();
        const mode_t old = ::umask(0);
        {
            io::ReleaseSpool spool(dir.path().toStdString(), d);
            spool.append("s", 1, "p1", release(d, 5, 1));
        }
        ::umask(old);
        struct stat st {};
        QCOMPARE(::stat(QDir(dir.path()).filePath("series-001.spool").toLocal8Bit().constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0600);
    }

    void indexAfterManyAppends() {
        QTemporaryDir dir;
        const data::Domain d = schema3().domain();
        io::ReleaseSpool spool(dir.path().toStdString(), d);
        const int steps = 400;
        for (int step = 1; step <= steps; ++step)
            for (const char* s : {"a", "b"})
                spool.append(s, step, std::to_string(step), release(d, std::size_t(step % 17), step));
        const std::vector<io::SpoolEntry> all = spool.entries();
        QCOMPARE(int(all.size()), 2 * steps);
        // Append order; per file, records follow each other without gaps.
        std::map<std::string, std::uint64_t> end;
        for (std::size_t i = 0; i < all.size(); ++i) {
            QCOMPARE(all[i].step, int(i / 2) + 1);
            QCOMPARE(all[i].series, std::string(i % 2 == 0 ? "a" : "b"));
            QCOMPARE(all[i].offset, end[all[i].file]);
            end[all[i].file] += all[i].bytes;
        }
        QCOMPARE(end.size(), std::size_t{2});
        for (int step : {1, 17, 199, 400})
            QVERIFY(spool.read("b", step) == release(d, std::size_t(step % 17), step));
        // Re-appending a key replaces its entry in place (no duplicate row).
        spool.append("a", 17, "again", release(d, 9, 999));
        QCOMPARE(int(spool.entries().size()), 2 * steps);
        QCOMPARE(spool.find("a", 17)->period, std::string("again"));
        QVERIFY(spool.read("a", 17) == release(d, 9, 999));
    }

    void growingReleaseKeepsOnlyItsNewRows() {
        QTemporaryDir dir;
        const data::Domain d = schema3().domain();
        io::ReleaseSpool spool(dir.path().toStdString(), d);
        // g_t = g_{t-1} ∪ ∇g_t: step t's release is the first 100·t rows of one table.
        const data::Table all = release(d, 500, 3);
        auto head = [&](std::size_t rows) {
            data::Table part(d, rows);
            for (std::size_t r = 0; r < rows; ++r)
                for (int a = 0; a < d.attributeCount(); ++a) part.set(r, a, all.at(r, a));
            return part;
        };
        for (int step = 1; step <= 5; ++step) spool.appendGrowth("base", step, "p", head(100 * step));
        for (int step = 1; step <= 5; ++step) {
            QVERIFY(spool.read("base", step) == head(100 * static_cast<std::size_t>(step)));
            QCOMPARE(spool.find("base", step)->rows, 100LL * step);
        }
        // On disk: 500 rows once (not 100 + 200 + … + 500) plus five headers.
        QCOMPARE(spool.bytesOnDisk(), std::uint64_t{5 * 32 + 500 * 3 * 2});
        QVERIFY_THROWS_EXCEPTION(Error, spool.appendGrowth("base", 6, "p", head(50)));   // fewer rows
        QVERIFY_THROWS_EXCEPTION(Error, spool.appendGrowth("base", 5, "p", head(500)));  // already kept
    }

    void recipeReadsBackTheSameRows() {
        QTemporaryDir dir;
        const data::Domain d = schema3().domain();
        io::ReleaseSpool spool(dir.path().toStdString(), d);
        const auto engine = fit::makePgmEngine();
        fit::Measurement m;
        m.attrs = {0, 1};
        for (int c = 0; c < 30; ++c) m.values.push_back(c % 7 == 0 ? 400.0 : 10.0 + c);
        fit::FitOptions o;
        o.maxIterations = 50;
        stream::ReleaseRecipe recipe;
        recipe.parts.push_back(engine->fit(d, {m}, nullptr, o));
        recipe.parts.push_back(engine->uniform(d, 100));
        recipe.rows = {200000, 50000};
        recipe.seed = 0x5eedULL;
        spool.appendRecipe("prop", 1, "p", recipe);
        const data::Table back = spool.read("prop", 1);
        QCOMPARE(static_cast<long long>(back.rowCount()), 250000LL);
        QVERIFY(back == recipe.materialise(d));
        QCOMPARE(spool.find("prop", 1)->rows, 250000LL);
        // The record is the models, not the 250,000 rows (1.5 MB as codes).
        QVERIFY2(spool.bytesOnDisk() < 20000, qPrintable(QString::number(spool.bytesOnDisk())));
        // A flipped payload byte is found by the checksum.
        const io::SpoolEntry e = *spool.find("prop", 1);
        QFile f(QString::fromStdString(e.file));
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.seek(static_cast<qint64>(e.offset + 40)));
        char byte = 0;
        QVERIFY(f.getChar(&byte));
        QVERIFY(f.seek(static_cast<qint64>(e.offset + 40)));
        QVERIFY(f.putChar(static_cast<char>(byte ^ 0x5a)));
        f.close();
        QString why;
        QVERIFY2(throwsIoNaming([&] { (void)spool.read("prop", 1); }, e.file, &why), qPrintable(why));
        QVERIFY2(why.contains("corrupted"), qPrintable(why));
    }

    void truncatedSpoolIsIoErrorNamingTheFile() {
        QTemporaryDir dir;
        const data::Domain d = schema3().domain();
        io::ReleaseSpool spool(dir.path().toStdString(), d);
        spool.append("s", 1, "p1", release(d, 50, 1));
        spool.append("s", 2, "p2", release(d, 50, 2));
        const io::SpoolEntry second = *spool.find("s", 2);
        QVERIFY(QFile::resize(QString::fromStdString(second.file), qint64(second.offset + second.bytes / 2)));
        QString why;
        QVERIFY2(throwsIoNaming([&] { spool.read("s", 2); }, second.file, &why), qPrintable(why));
        QVERIFY2(why.contains("truncated"), qPrintable(why));
        // The record before the tear is intact.
        QVERIFY(spool.read("s", 1) == release(d, 50, 1));
        // Cut inside the header as well.
        QVERIFY(QFile::resize(QString::fromStdString(second.file), qint64(second.offset + 10)));
        QVERIFY2(throwsIoNaming([&] { spool.read("s", 2); }, second.file, &why), qPrintable(why));
    }

    void corruptedSpoolIsIoErrorNamingTheFile() {
        QTemporaryDir dir;
        const data::Domain d = schema3().domain();
        io::ReleaseSpool spool(dir.path().toStdString(), d);
        spool.append("s", 1, "p1", release(d, 50, 1));
        spool.append("s", 2, "p2", release(d, 50, 2));
        const io::SpoolEntry first = *spool.find("s", 1);
        const io::SpoolEntry second = *spool.find("s", 2);
        QFile f(QString::fromStdString(first.file));
        QVERIFY(f.open(QIODevice::ReadWrite));
        // One payload byte of step 1 (a code stays in its domain: only the checksum can tell).
        QVERIFY(f.seek(qint64(first.offset + 32 + 2 * 50 * 2)));  // low byte of the first "code" cell
        char c = 0;
        QVERIFY(f.getChar(&c));
        QVERIFY(f.seek(qint64(first.offset + 32 + 2 * 50 * 2)));
        QVERIFY(f.putChar(char(c ^ 1)));
        // The magic of step 2.
        QVERIFY(f.seek(qint64(second.offset)));
        QVERIFY(f.putChar('X'));
        f.close();
        QString why;
        QVERIFY2(throwsIoNaming([&] { spool.read("s", 1); }, first.file, &why), qPrintable(why));
        QVERIFY2(why.contains("checksum"), qPrintable(why));
        QVERIFY2(throwsIoNaming([&] { spool.read("s", 2); }, second.file, &why), qPrintable(why));
        QVERIFY2(why.contains("corrupted"), qPrintable(why));
        // A deleted spool file.
        QVERIFY(QFile::remove(QString::fromStdString(first.file)));
        QVERIFY2(throwsIoNaming([&] { spool.read("s", 1); }, first.file, &why), qPrintable(why));
    }

    // Disk full (/dev/full refuses every write with ENOSPC) and a vanished
    // folder: Io errors naming the file; nothing is indexed for that step and
    // the spool keeps working for the others.
    void failedWritesAreIoErrorsAndLoseNothingElse() {
        QTemporaryDir dir;
        const data::Domain d = schema3().domain();
        const QString spoolDir = dir.filePath("spool");
        io::ReleaseSpool spool(spoolDir.toStdString(), d);
        spool.append("ok", 1, "p1", release(d, 20, 1));  // series-001.spool
        {
            // The next series gets series-002.spool: make it a full disk (a
            // device of the test's own, never the machine's /dev/full).
            QTemporaryDir devices;
            QString made;
            const QString device = test::makeFullDevice(devices, "full", &made);
            QVERIFY2(!device.isEmpty(), qPrintable(made));
            const std::string full = QDir(spoolDir).filePath("series-002.spool").toStdString();
            QVERIFY(QFile::link(device, QString::fromStdString(full)));
            QString why;
            QVERIFY2(throwsIoNaming([&] { spool.append("full", 1, "p1", release(d, 2000, 1)); }, full, &why),
                     qPrintable(why));
            QVERIFY2(why.contains("No space left on device"), qPrintable(why));
            QVERIFY(!spool.contains("full", 1));
            QVERIFY(test::isCharDevice(device));
        }
        const std::uint64_t before = spool.bytesOnDisk();
        // The folder is replaced by a plain file: no spool file can be opened.
        QVERIFY(QDir(spoolDir).removeRecursively());
        QFile blocker(spoolDir);
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        QString why;
        const std::string okFile = QDir(spoolDir).filePath("series-001.spool").toStdString();
        QVERIFY2(throwsIoNaming([&] { spool.append("ok", 2, "p2", release(d, 20, 2)); }, okFile, &why),
                 qPrintable(why));
        QVERIFY(!spool.contains("ok", 2));
        QCOMPARE(spool.bytesOnDisk(), before);
        // The folder comes back: the spool works again.
        QVERIFY(QFile::remove(spoolDir));
        QVERIFY(QDir().mkpath(spoolDir));
        spool.append("ok", 3, "p3", release(d, 20, 3));
        QVERIFY(spool.read("ok", 3) == release(d, 20, 3));
    }

    // An Adult-sized release (48,842 rows x 14 attributes): bytes on disk are
    // exactly 32 + 2 x 14 per row; the timings are printed for the record.
    void adultSizedRelease() {
        QTemporaryDir dir;
        std::vector<data::Attribute> attrs;
        for (int a = 0; a < 14; ++a) attrs.push_back({"a" + std::to_string(a), 2 + a * 7});
        const data::Domain d(attrs);
        io::ReleaseSpool spool(dir.path().toStdString(), d);
        const std::size_t rows = 48842;
        const data::Table t = release(d, rows, 5);
        QElapsedTimer clock;
        clock.start();
        const int steps = 10;
        for (int step = 1; step <= steps; ++step) spool.append("s", step, "", t);
        const double appendMs = double(clock.nsecsElapsed()) / 1e6 / steps;
        clock.restart();
        const data::Table back = spool.read("s", 7);
        const double readMs = double(clock.nsecsElapsed()) / 1e6;
        QVERIFY(back == t);
        QCOMPARE(spool.bytesOnDisk(), std::uint64_t(steps) * (32 + rows * 14 * 2));
        qInfo("spool: %.1f bytes per release row; append %.2f ms, read %.2f ms per %zu-row release",
              double(spool.bytesOnDisk()) / double(steps * rows), appendMs, readMs, rows);
    }

    void exportWritesOneCsvPerReleaseAndAManifest() {
        QTemporaryDir dir;
        const data::Schema schema = schema3();
        const data::Domain d = schema.domain();
        io::ReleaseSpool spool(dir.filePath("spool").toStdString(), d);
        stream::RunConfig config;
        config.series = stream::planSeries({stream::parseSeriesSpec(
            "proposed:tree:3", privacy::Budget::of(privacy::PrivacyModel::Pure, 0.5))});
        config.seed = 7;
        std::vector<stream::SeriesStepResult> results;
        const std::size_t rows[] = {4, 0, 9};
        for (int step = 1; step <= 3; ++step) {
            stream::SeriesStepResult r;
            r.seriesId = config.series[0].id;  // "proposed-tree-3"
            r.step = step;
            r.period = "batch " + std::to_string(step);
            r.releaseRows = static_cast<long long>(rows[step - 1]);
            r.budgetSpent = 0.1 * step;
            results.push_back(r);
            spool.append(r.seriesId, step, r.period, release(d, rows[step - 1], step));
        }
        stream::SeriesStepResult notSpooled = results.back();
        notSpooled.step = 4;
        results.push_back(notSpooled);
        const QString out = dir.filePath("out");
        const io::SpooledExport ex =
            io::exportSpooledReleases(spool, config, results, schema, out.toStdString());
        QCOMPARE(ex.csvFiles.size(), std::size_t{3});
        QCOMPARE(ex.unavailable.size(), std::size_t{1});
        QCOMPARE(ex.unavailable[0].second, 4);
        for (int step = 1; step <= 3; ++step) {
            QFile csv(QString::fromStdString(ex.csvFiles[std::size_t(step - 1)]));
            QVERIFY(
                csv.fileName().endsWith(QString("releases/proposed-tree-3/eps0.5/step-000%1.csv").arg(step)));
            QVERIFY(csv.open(QIODevice::ReadOnly));
            const QList<QByteArray> lines = csv.readAll().split('\n');
            QCOMPARE(lines.first(), QByteArray("color,age,code"));
            QCOMPARE(int(lines.size()) - 2,
                     int(rows[step - 1]));  // header + rows + the empty piece after the last '\n'
            if (rows[step - 1] > 0) {
                const data::Table t = release(d, rows[step - 1], step);
                // CSV quoting (RFC 4180): a label holding a comma, such as "[20, 30)", is quoted.
                const auto field = [](const std::string& l) {
                    return l.find(',') == std::string::npos ? l : '"' + l + '"';
                };
                const QByteArray expect =
                    QByteArray::fromStdString(field(schema.attributes[0].label(t.at(0, 0))) + "," +
                                              field(schema.attributes[1].label(t.at(0, 1))) + "," +
                                              field(schema.attributes[2].label(t.at(0, 2))));
                QCOMPARE(lines[1], expect);
            }
        }
        QFile manifest(QString::fromStdString(ex.manifestPath));
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        const QJsonObject m = QJsonDocument::fromJson(manifest.readAll()).object();
        QCOMPARE(m.value("publishable").toBool(), false);  // seeded run
        const QJsonArray listed = m.value("releases").toArray();
        QCOMPARE(listed.size(), 3);
        for (int i = 0; i < 3; ++i) {
            const QJsonObject e = listed[i].toObject();
            QCOMPARE(e.value("step").toInt(), i + 1);
            QCOMPARE(e.value("rows").toInt(), int(rows[i]));
            QCOMPARE(e.value("period").toString(), QString("batch %1").arg(i + 1));
            QCOMPARE(e.value("epsilon").toDouble(), 0.5);
            QCOMPARE(e.value("counter").toString(), QString("tree:3"));
            QVERIFY(e.value("seed_policy").toString().startsWith("seeded: 7"));
            QVERIFY(QFile::exists(QDir(out).filePath(e.value("file").toString())));
            QVERIFY(QFile::exists(QDir(out).filePath(e.value("manifest").toString())));
        }
        QCOMPARE(m.value("unavailable").toArray().size(), 1);
    }
};

QTEST_APPLESS_MAIN(TestReleaseSpool)
#include "test_release_spool.moc"
