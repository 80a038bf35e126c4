// End-to-end: `streamsynth-cli inspect` on the shared Adult and movies data,
// the privacy refusal without a public domain, and bad inputs.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/cli_runner.h"
#include "support/test_data.h"

namespace {
using Result = streamsynth::test::CliResult;
Result cli(const QStringList& args) {
    return streamsynth::test::runCli(args);
}
QString shared(const char* name) {
    return streamsynth::test::dataFile(name);
}
QJsonObject json(const Result& r) {
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}
void writeFile(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}
}  // namespace

class TestInspect : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void adultBatches() {
        const Result r = cli({"inspect", "--data", shared("adult.csv"), "--schema",
                              shared("adult-domain.json"), "--batch", "50", "--order", "random", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = json(r);
        // Figures from issue 2 / shared/data/README: 14 attributes, 48,842 rows,
        // ceil(48842/50) = 977 steps, C(14,2) = 91 workloads.
        QCOMPARE(o["attributes"].toArray().size(), 14);
        QCOMPARE(o["attributes"].toArray()[0].toObject()["name"].toString(), QString("age"));
        QCOMPARE(o["attributes"].toArray()[0].toObject()["size"].toInt(), 85);
        QCOMPARE(o["rows"].toInteger(), 48842);
        QCOMPARE(o["steps"].toInteger(), 977);
        QCOMPARE(o["workloads"].toInteger(), 91);
        QVERIFY(o["problems"].isArray());
        // 48842 = 976·50 + 42.
        QCOMPARE(o["rowsPerStep"].toObject()["min"].toInteger(), 42);
        QCOMPARE(o["rowsPerStep"].toObject()["median"].toInteger(), 50);
        QCOMPARE(o["rowsPerStep"].toObject()["max"].toInteger(), 50);
        // log10 |X| = Σ log10 n_i of the domain sizes in adult-domain.json.
        double expect = 0;
        for (int n : {85, 9, 100, 16, 7, 15, 6, 5, 2, 100, 100, 99, 42, 2}) expect += std::log10(n);
        QVERIFY(std::abs(o["log10DomainSize"].toDouble() - expect) < 1e-9);
    }
    void adultTextMentionsFigures() {
        const Result r = cli({"inspect", "--data", shared("adult.csv"), "--schema",
                              shared("adult-domain.json"), "--batch", "1000", "--order", "sorted"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("48842 rows"));
        QVERIFY(r.out.contains("Steps:       49"));  // ceil(48842/1000)
        QVERIFY(r.out.contains("91 (all 2-way"));
    }
    void moviesMonthly() {
        const Result r = cli({"inspect", "--data", shared("movies.csv"), "--confirm-domain", "--confirm-end",
                              "--time", "Release Date", "--period", "month", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o["rows"].toInteger(), 3201);
        // Release dates run from Dec 1928 to Dec 2046 (checked independently
        // with Python's strptime): (2046-1928)·12 + 1 = 1417 months, empty ones included.
        QCOMPARE(o["steps"].toInteger(), 1417);
        QCOMPARE(o["firstPeriod"].toString(), QString("1928-12 (month)"));
        QCOMPARE(o["rowsPerStep"].toObject()["min"].toInteger(), 0);
        QCOMPARE(o["rowsInSteps"].toInteger(), 3201);
        QCOMPARE(o["domainSource"].toString(), QString("data (confirmed)"));
        // The time column is not an attribute; Title (3201 distinct values) is reported and left out.
        bool titleReported = false;
        for (const auto& a : o["attributes"].toArray())
            QVERIFY(a.toObject()["name"].toString() != "Release Date");
        for (const auto& p : o["problems"].toArray())
            titleReported |= p.toObject()["column"].toString() == "Title";
        QVERIFY(titleReported);
    }
    void unparsableTimesReported() {
        QTemporaryDir dir;
        const QString path = dir.filePath("m.csv");
        writeFile(path, "kind,when\na,2019-01-03\nb,31/02/2019\na,2019-03-01\nb,\n");
        const Result r = cli({"inspect", "--data", path, "--confirm-domain", "--confirm-end", "--time",
                              "when", "--period", "month", "--json"});
        QCOMPARE(r.code, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o["steps"].toInteger(), 3);  // Jan, Feb (empty), Mar
        QCOMPARE(o["excludedRows"].toInteger(), 2);
        bool found = false;
        for (const auto& v : o["problems"].toArray()) {
            const QJsonObject p = v.toObject();
            if (p["kind"].toString() != "unparsable-time") continue;
            found = true;
            QCOMPARE(p["count"].toInteger(), 2);
            // The line only: the value is private data (issue #17 item 5).
            QCOMPARE(p["examples"].toArray()[0].toString(), QString("line 3"));
        }
        QVERIFY(found);
        // --verbose-errors shows the value too.
        const Result v = cli({"inspect", "--data", path, "--confirm-domain", "--confirm-end", "--time",
                              "when", "--period", "month", "--json", "--verbose-errors"});
        QCOMPARE(v.code, 0);
        QVERIFY2(v.out.contains("line 3: '31/02/2019'"), qPrintable(v.out));
    }
    void singleTimeValueWarns() {
        QTemporaryDir dir;
        const QString path = dir.filePath("one.csv");
        writeFile(path, "kind,when\na,2019-01-03\nb,2019-01-03\n");
        const Result r = cli({"inspect", "--data", path, "--confirm-domain", "--confirm-end", "--time",
                              "when", "--period", "week"});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("single-time-value"));
    }
    void refusesWithoutPublicDomain() {
        const Result r = cli({"inspect", "--data", shared("adult.csv"), "--batch", "50"});
        QCOMPARE(r.code, 4);
        QVERIFY(r.err.contains("--schema"));
        QVERIFY(r.err.contains("--confirm-domain"));
        QVERIFY(r.err.contains("public"));
        QVERIFY(r.out.isEmpty());
    }
    void badInputs() {
        QCOMPARE(
            cli({"inspect", "--data", "/nonexistent/x.csv", "--schema", shared("adult-domain.json")}).code,
            3);
        QTemporaryDir dir;
        const QString ragged = dir.filePath("ragged.csv");
        writeFile(ragged, "a,b\n1,2\n3\n");
        const Result r = cli({"inspect", "--data", ragged, "--confirm-domain"});
        QCOMPARE(r.code, 3);
        QVERIFY(r.err.contains("ragged.csv"));
        const QString empty = dir.filePath("empty.csv");
        writeFile(empty, "");
        QCOMPARE(cli({"inspect", "--data", empty, "--confirm-domain"}).code, 3);
        // Usage errors: exit 2.
        QCOMPARE(cli({"inspect", "--data", shared("adult.csv"), "--schema", shared("adult-domain.json"),
                      "--batch", "0"})
                     .code,
                 2);
        QCOMPARE(cli({"inspect", "--data", shared("adult.csv"), "--schema", shared("adult-domain.json"),
                      "--time", "age"})
                     .code,
                 2);
        QCOMPARE(cli({"inspect", "--schema", shared("adult-domain.json")}).code, 2);
    }
    void writeSchemaRoundTrip() {
        QTemporaryDir dir;
        const QString schema = dir.filePath("movies-schema.json");
        const Result a =
            cli({"inspect", "--data", shared("movies.csv"), "--confirm-domain", "--confirm-end", "--time",
                 "Release Date", "--period", "quarter", "--json", "--write-schema", schema});
        QCOMPARE(a.code, 0);
        QVERIFY(QFile::exists(schema));
        // Read from the data (every label, exact bounds): private until the steward publishes it.
        QCOMPARE(QFileInfo(schema).permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
                 QFileDevice::Permissions());
        // The saved schema carries the domain and the time settings.
        const Result b = cli({"inspect", "--data", shared("movies.csv"), "--schema", schema, "--json"});
        QCOMPARE(b.code, 0);
        QCOMPARE(json(b)["steps"].toInteger(), json(a)["steps"].toInteger());
        QCOMPARE(json(b)["attributes"].toArray(), json(a)["attributes"].toArray());
        QCOMPARE(json(b)["domainSource"].toString(), QString("schema"));
    }
};

QTEST_APPLESS_MAIN(TestInspect)
#include "test_inspect.moc"
