// End to end against a real PostgreSQL server (CTest's pg_server fixture):
// Adult loaded into a table gives byte-identical releases, metrics (except
// wall time) and ledger to its CSV file for the same settings and seed, in
// hash batches and in monthly periods; a database session continued after
// the table grew matches the same continuation of the grown file; a run
// split by --steps and continued equals one run; and the refusals: a
// changed released row, nothing new, a file session given a database, the
// random order, and a password that is never printed; a time stream's end
// is public (given, or confirmed) and a session's end moves only by option.
#include <QTemporaryDir>
#include <QtTest>

#include "cli/cli_files.h"
#include "cli/cli_runner.h"
#include "core/common/time_parser.h"
#include "core/data/csv_reader.h"
#include "support/test_data.h"
#include "support/test_pg.h"

using namespace streamsynth;
using test::CliResult;
using test::metricsWithoutSeconds;
using test::readBytes;
using test::runCli;

namespace {

const QString kDbRunSchema = test::dataFile("adult-domain.json");
constexpr int kAdultRows = 28000;  // rows of cli_adult and adult.csv

// adult.csv with `id` (1..N) and `day` (spread over eight years) columns.
QByteArray adultWithIdAndDay(int rows) {
    const data::RawTable raw = data::readCsv(test::dataPath("adult.csv"));
    QByteArray out = QByteArray::fromStdString([&] {
        std::string h;
        for (const std::string& n : raw.header) h += n + ",";
        return h + "id,day\n";
    }());
    const long long day0 = stream::daysFromCivil(2000, 1, 1);
    for (std::size_t r = 0; r < raw.rowCount() && static_cast<int>(r) < rows; ++r) {
        std::string line;
        for (const auto& col : raw.columns) line += col[r] + ",";
        line += std::to_string(r + 1) + "," +
                stream::isoDate(day0 + static_cast<long long>((r * 7919) % 2922)) + "\n";
        out += QByteArray::fromStdString(line);
    }
    return out;
}

std::vector<test::PgColumn> columns() {
    std::vector<test::PgColumn> cols;
    for (const std::string& n : data::readCsv(test::dataPath("adult.csv")).header)
        cols.push_back({n, "integer"});
    cols.push_back({"id", "bigint"});
    cols.push_back({"day", "date"});
    return cols;
}

QStringList common(const QString& out) {
    return {"--schema", kDbRunSchema, "--series", "baseline,proposed:simple",
            "--k",      "3",          "--iters",  "20",
            "--seed",   "5",          "--out",    out};
}

void sameOutputs(const QString& a, const QString& b) {
    const auto ra = test::releaseFiles(a), rb = test::releaseFiles(b);
    QVERIFY(!ra.empty());
    QCOMPARE(ra.size(), rb.size());
    for (const auto& [path, bytes] : ra) {
        QVERIFY2(rb.count(path), qPrintable(path));
        QVERIFY2(rb.at(path) == bytes, qPrintable(path));
    }
    QCOMPARE(metricsWithoutSeconds(b + "/metrics.csv"), metricsWithoutSeconds(a + "/metrics.csv"));
    QCOMPARE(readBytes(b + "/ledger.json"), readBytes(a + "/ledger.json"));
}

}  // namespace

class TestDbRun : public QObject {
    Q_OBJECT
    std::string uri_;
    QString qUri_;
    std::unique_ptr<db::PgConnection> c_;
    QTemporaryDir dir_;

    void load(const std::string& table, const QString& csv) {
        test::loadTable(*c_, table, columns(), data::readCsv(csv.toStdString()));
    }
    QString writeCsv(const QString& name, int rows) {
        const QString path = dir_.filePath(name);
        if (!test::writeBytes(path, adultWithIdAndDay(rows))) return {};
        return path;
    }

private Q_SLOTS:
    void initTestCase() {
        uri_ = test::testPgUri();
        QVERIFY2(!uri_.empty(), test::testPgMissing());
        qUri_ = QString::fromStdString(uri_);
        c_ = db::PgConnection::open(uri_);
        QVERIFY(dir_.isValid());
    }

    void tableAndFileGiveIdenticalOutputs() {
        // The first 28,000 rows of Adult (grownTableContinuesLikeTheGrownFile
        // takes rows 26,001..27,000 from this table): a third fewer steps to
        // run than all 48,842, the longest suite under the sanitizers.
        const QString csv = writeCsv("adult.csv", kAdultRows);
        load("cli_adult", csv);
        const QStringList hash{"--batch", "1000", "--order", "hash", "--key", "id"};
        const CliResult f =
            runCli(QStringList{"run", "--data", csv} << hash << common(dir_.filePath("hash-csv")));
        QVERIFY2(f.code == 0, qPrintable(f.err));
        const CliResult d = runCli(QStringList{"run", "--db", qUri_, "--table", "cli_adult"}
                                   << hash << common(dir_.filePath("hash-db")));
        QVERIFY2(d.code == 0, qPrintable(d.err));
        sameOutputs(dir_.filePath("hash-csv"), dir_.filePath("hash-db"));

        // Monthly periods from a public start, the rows chosen by a query.
        const QStringList month{"--time",  "day",        "--period",     "month",
                                "--start", "2003-01-01", "--step-count", "30"};
        const CliResult f2 =
            runCli(QStringList{"run", "--data", csv} << month << common(dir_.filePath("month-csv")));
        QVERIFY2(f2.code == 0, qPrintable(f2.err));
        const CliResult d2 =
            runCli(QStringList{"run", "--db", qUri_, "--query", "SELECT * FROM cli_adult WHERE id > 0"}
                   << month << common(dir_.filePath("month-db")));
        QVERIFY2(d2.code == 0, qPrintable(d2.err));
        QVERIFY2(d2.err.contains("before-start"), qPrintable(d2.err));
        sameOutputs(dir_.filePath("month-csv"), dir_.filePath("month-db"));
    }

    void grownTableContinuesLikeTheGrownFile() {
        const QString small = writeCsv("a20k.csv", 20000), grown = writeCsv("a26k.csv", 26000);
        load("cli_grow", small);
        const QStringList hash{"--batch", "2000", "--order", "hash", "--key", "id"};
        const QString fs = dir_.filePath("f.session"), ds = dir_.filePath("d.session");
        CliResult r = runCli(QStringList{"run", "--data", small, "--session", fs}
                             << hash << common(dir_.filePath("gf")));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = runCli(QStringList{"run", "--db", qUri_, "--table", "cli_grow", "--session", ds}
                   << hash << common(dir_.filePath("gd")));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        load("cli_grow", grown);
        r = runCli({"continue", "--session", fs, "--data", grown});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = runCli({"continue", "--session", ds});  // the session knows the table; pgpass gives the password
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("released steps 11..13"), qPrintable(r.out));
        sameOutputs(dir_.filePath("gf"), dir_.filePath("gd"));

        // Nothing new: refused. A released row changed: refused, naming the step.
        r = runCli({"continue", "--session", ds});
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("no new rows"), qPrintable(r.err));
        c_->exec("INSERT INTO cli_grow SELECT * FROM cli_adult WHERE id BETWEEN 26001 AND 27000", "grow");
        c_->exec("UPDATE cli_grow SET age = (age + 1) % 85 WHERE id = 17", "change");
        r = runCli({"continue", "--session", ds});
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("cannot be revised"), qPrintable(r.err));
        // A session made from a file cannot be continued from a table.
        r = runCli({"continue", "--session", fs, "--db", qUri_, "--table", "cli_grow"});
        QCOMPARE(r.code, 2);
    }

    void splitRunContinuesLikeOneRun() {
        const QStringList hash{"--batch", "5000", "--order", "hash", "--key", "id"};
        const QString s = dir_.filePath("split.session");
        CliResult r = runCli(QStringList{"run", "--db", qUri_, "--table", "cli_adult"}
                             << hash << common(dir_.filePath("one")));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = runCli(QStringList{"run", "--db", qUri_, "--table", "cli_adult", "--steps", "4", "--session", s}
                   << hash << common(dir_.filePath("split")));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = runCli({"continue", "--session", s, "--threads", "2"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        sameOutputs(dir_.filePath("one"), dir_.filePath("split"));
    }

    // A time stream's end is public as for a file: without --end/--step-count
    // the data's last period is refused unless confirmed (--confirm-end);
    // confirmed, the outputs equal the file's; a session continued with a
    // later public end releases the new periods as the file's does.
    void timeEndIsPublic() {
        const QString csv =
            dir_.filePath("adult.csv");  // tableAndFileGiveIdenticalOutputs wrote it and cli_adult
        const QStringList yearly{"--time", "day", "--period", "year", "--start", "2003-01-01"};
        CliResult r = runCli(QStringList{"run", "--db", qUri_, "--table", "cli_adult"}
                             << yearly << common(dir_.filePath("end-refused")));
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains("--confirm-end") && r.err.contains("private"), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir_.filePath("end-refused/metrics.csv")));
        r = runCli(QStringList{"run", "--data", csv, "--confirm-end"} << yearly
                                                                      << common(dir_.filePath("end-csv")));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = runCli(QStringList{"run", "--db", qUri_, "--table", "cli_adult", "--confirm-end"}
                   << yearly << common(dir_.filePath("end-db")));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("time-end-from-data"), qPrintable(r.err));
        sameOutputs(dir_.filePath("end-csv"), dir_.filePath("end-db"));

        // Three public steps, then two more by a later public end.
        const QString fs = dir_.filePath("end-f.session"), ds = dir_.filePath("end-d.session");
        r = runCli(QStringList{"run", "--data", csv, "--step-count", "3", "--session", fs}
                   << yearly << common(dir_.filePath("endgf")));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = runCli(
            QStringList{"run", "--db", qUri_, "--table", "cli_adult", "--step-count", "3", "--session", ds}
            << yearly << common(dir_.filePath("endgd")));
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("after-end"), qPrintable(r.err));
        // The session keeps its end: nothing new without a later one.
        r = runCli({"continue", "--session", ds});
        QCOMPARE(r.code, 4);
        r = runCli({"continue", "--session", fs, "--data", csv, "--step-count", "5"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        r = runCli({"continue", "--session", ds, "--step-count", "5"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("released steps 4..5"), qPrintable(r.out));
        sameOutputs(dir_.filePath("endgf"), dir_.filePath("endgd"));
        // --end and --step-count together: a setting error.
        r = runCli({"continue", "--session", ds, "--step-count", "6", "--end", "2009-01-01"});
        QCOMPARE(r.code, 2);
    }

    void refusalsAndPasswords() {
        // Orders that need row positions.
        CliResult r = runCli(QStringList{"run", "--db", qUri_, "--table", "cli_adult", "--batch", "100"}
                             << common(dir_.filePath("x")));
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("hash"), qPrintable(r.err));
        // A password in the string is used but never printed; a wrong one is refused.
        const QString wrong = qUri_;
        QString withPassword = wrong;
        withPassword.replace("postgresql://streamsynth@", "postgresql://streamsynth:n0tThePassword@");
        r = runCli(QStringList{"run", "--db", withPassword, "--table", "cli_adult", "--batch", "100",
                               "--order", "hash", "--key", "id"}
                   << common(dir_.filePath("y")));
        QCOMPARE(r.code, 3);
        QVERIFY2(!r.err.contains("n0tThePassword") && !r.out.contains("n0tThePassword"), qPrintable(r.err));
        QVERIFY2(r.err.contains("password authentication failed"), qPrintable(r.err));
        // No table or query.
        r = runCli(QStringList{"run", "--db", qUri_} << common(dir_.filePath("z")));
        QCOMPARE(r.code, 2);
    }
};

QTEST_GUILESS_MAIN(TestDbRun)
#include "test_db_run.moc"
