// Issue #17 items 3-6 end to end: the reproductions of the adversarial pass
// (a far-future row stretching a time stream, a model cap that admits
// nothing, private values in messages, world-readable metrics) and the small
// input items, each through streamsynth-cli. The table of bad inputs with
// their exit codes and messages is docs/bad-inputs.md.
#include <sys/stat.h>

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_files.h"
#include "cli_runner.h"
#include "support/adult_rows.h"
#include "support/test_data.h"

using namespace streamsynth;
using test::CliResult;
using test::runCli;
using test::writeBytes;

namespace {

int modeOf(const QString& path) {
    struct stat st {};
    if (::stat(path.toLocal8Bit().constData(), &st) != 0) return -1;
    return static_cast<int>(st.st_mode & 0777);
}

// Restores the process umask when it goes out of scope.
struct UmaskGuard {
    explicit UmaskGuard(mode_t m) : old(::umask(m)) {}
    ~UmaskGuard() { ::umask(old); }
    mode_t old;
};

}  // namespace

class TestBadInputs : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString adult_, schema_, data_;

    // A fast run over the first 2,000 Adult rows (2 steps of 1,000).
    QStringList fastRun(const QString& out) const {
        return {"run",      "--data", adult_, "--schema", schema_, "--batch", "1000", "--series",
                "baseline", "--k",    "1",    "--iters",  "5",     "--out",   out};
    }
    // A tiny time table: three rows in January 2020 and one dated 2099.
    QString strayTable() const {
        const QString path = dir_.filePath("stray.csv");
        writeBytes(path, "date,color\n2020-01-02,red\n2020-01-09,blue\n2020-01-20,red\n2099-12-31,blue\n");
        const QString schema = dir_.filePath("color.json");
        writeBytes(schema, R"({"attributes": [{"name": "color", "labels": ["red", "blue"]}]})");
        return path;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        adult_ = dir_.filePath("a2k.csv");
        QVERIFY(writeBytes(adult_, test::adultHead(2000)));
        schema_ = test::dataFile("adult-domain.json");
    }

    // Item 3: one row dated 2099 with a public start and a weekly period.
    void farFutureRowNeedsAPublicEnd() {
        const QString data = strayTable(), schema = dir_.filePath("color.json");
        const QStringList base{"inspect", "--data",   data,   "--schema", schema,       "--time",
                               "date",    "--period", "week", "--start",  "2020-01-01", "--json"};
        const CliResult refused = runCli(base);
        QCOMPARE(refused.code, 4);
        for (const char* way : {"--end", "--step-count", "--confirm-end"})
            QVERIFY2(refused.err.contains(way), qPrintable(refused.err));
        QVERIFY(!refused.err.contains("2099"));
        // A public end: the 2099 row is excluded and counted like an early row.
        const CliResult ended = runCli(QStringList(base) << "--end"
                                                         << "2020-01-31");
        QVERIFY2(ended.code == 0, qPrintable(ended.err));
        const QJsonObject o = QJsonDocument::fromJson(ended.out.toUtf8()).object();
        QCOMPARE(o["steps"].toInt(), 5);
        QCOMPARE(o["excludedRows"].toInt(), 1);
        bool afterEnd = false;
        for (const auto& p : o["problems"].toArray())
            afterEnd |= p.toObject()["kind"].toString() == "after-end" && p.toObject()["count"].toInt() == 1;
        QVERIFY(afterEnd);
        // A number of steps works the same way.
        const CliResult counted = runCli(QStringList(base) << "--step-count"
                                                           << "3");
        QCOMPARE(counted.code, 0);
        QCOMPARE(QJsonDocument::fromJson(counted.out.toUtf8()).object()["steps"].toInt(), 3);
        // Confirming the data's last period accepts the 4,175 weeks, knowingly.
        const CliResult confirmed = runCli(QStringList(base) << "--confirm-end");
        QCOMPARE(confirmed.code, 0);
        QCOMPARE(QJsonDocument::fromJson(confirmed.out.toUtf8()).object()["steps"].toInt(), 4175);
        // Contradictory end options are usage errors.
        QCOMPARE(runCli(QStringList(base) << "--end"
                                          << "2020-01-31"
                                          << "--confirm-end")
                     .code,
                 2);
        QCOMPARE(runCli(QStringList(base) << "--end"
                                          << "2020-01-31"
                                          << "--step-count"
                                          << "2")
                     .code,
                 2);
        QCOMPARE(runCli(QStringList(base) << "--end"
                                          << "2019-06-01")
                     .code,
                 2);  // before the start
    }

    // Item 3: a day period from the year 1000 is reported (372,000+ steps).
    void manyStepsAreReported() {
        const QString data = strayTable(), schema = dir_.filePath("color.json");
        const CliResult r = runCli({"inspect", "--data", data, "--schema", schema, "--time", "date",
                                    "--period", "day", "--start", "1000-01-01", "--end", "2020-12-31"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("[many-steps]"), qPrintable(r.out));
    }

    // Item 4: a model-size cap below the base model is refused before the run.
    void capAdmittingNothingIsRefused() {
        const QString out = dir_.filePath("cap-out");
        const CliResult r = runCli(fastRun(out) << "--max-model-cells"
                                                << "100");
        QCOMPARE(r.code, 2);
        // Adult: base model Σ sizes = 588 cells; sex × income (2 × 2) replaces
        // 2 + 2 cells by 4, so 588 also admits one workload.
        QVERIFY2(r.err.contains("max-model-cells") && r.err.contains("at least 588 cells"),
                 qPrintable(r.err));
        QVERIFY(!QDir(out).exists());
        QCOMPARE(runCli(fastRun(out) << "--max-model-cells"
                                     << "588"
                                     << "--export-releases"
                                     << "none")
                     .code,
                 0);
    }

    // Item 5: no cell value in a message unless asked; NUL and size bounded.
    void privateValuesStayOutOfMessages() {
        const QString data = dir_.filePath("secret.csv"), schema = dir_.filePath("secret.json");
        writeBytes(schema,
                   R"({"attributes": [{"name": "a", "labels": ["x", "y"]}, {"name": "b", "size": 3}]})");
        writeBytes(data, "a,b\nx,1\nsecretvalue42,2\n");
        const QStringList args{"inspect", "--data", data, "--schema", schema, "--batch", "1"};
        const CliResult quiet = runCli(args);
        QCOMPARE(quiet.code, 3);
        QVERIFY2(quiet.err.contains("line 3") && quiet.err.contains("column 1 (a)") &&
                     quiet.err.contains("not a category"),
                 qPrintable(quiet.err));
        QVERIFY(!quiet.err.contains("secretvalue42"));
        const CliResult verbose = runCli(QStringList(args) << "--verbose-errors");
        QCOMPARE(verbose.code, 3);
        QVERIFY2(verbose.err.contains("(value: 'secretvalue42')"), qPrintable(verbose.err));
        // A NUL inside the value does not cut the message; it is shown escaped.
        writeBytes(data, QByteArray("a,b\nse\0cret,2\n", 14));
        const CliResult nul = runCli(QStringList(args) << "--verbose-errors");
        QVERIFY2(nul.err.contains("(value: 'se\\0cret')"), qPrintable(nul.err));
        // A 1 MiB field (the reader's limit) gives a message of a few hundred
        // bytes, even verbose; one byte more is refused without its value.
        writeBytes(data, "a,b\n" + QByteArray(1024 * 1024, 'z') + ",2\n");
        const CliResult big = runCli(QStringList(args) << "--verbose-errors");
        QCOMPARE(big.code, 3);
        QVERIFY2(big.err.size() < 1200, qPrintable(QString::number(big.err.size())));
        QVERIFY(big.err.contains("1048576 bytes in all"));
        writeBytes(data, "a,b\n" + QByteArray(1024 * 1024 + 1, 'z') + ",2\n");
        const CliResult over = runCli(QStringList(args) << "--verbose-errors");
        QCOMPARE(over.code, 3);
        QVERIFY2(over.err.contains("a field of 1048577 bytes, more than the limit of 1048576") &&
                     !over.err.contains("zzzz"),
                 qPrintable(over.err.left(400)));
        // A date that cannot be read is not quoted either.
        const QString oneAttr = dir_.filePath("a.json");
        writeBytes(oneAttr, R"({"attributes": [{"name": "a", "labels": ["x", "y"]}]})");
        writeBytes(data, "when,a\n2020-01-01,x\nsecret-2020-13-45,y\n");
        const CliResult when = runCli({"inspect", "--data", data, "--schema", oneAttr, "--time", "when",
                                       "--period", "month", "--start", "2020-01-01", "--end", "2020-12-31"});
        QVERIFY2(when.code == 0, qPrintable(when.err));
        QVERIFY2(when.out.contains("[unparsable-time]") && when.out.contains("line 3"), qPrintable(when.out));
        QVERIFY(!when.out.contains("secret-2020") && !when.err.contains("secret-2020"));
    }

    // Item 5: metrics, summary, sessions and evaluate output are 0600, also under umask 000.
    void privateFilesAreOwnerOnly() {
        const QString out = dir_.filePath("perm-out"), session = dir_.filePath("perm.session");
        CliResult r;
        {
            UmaskGuard open(0);
            r = runCli(fastRun(out) << "--seed"
                                    << "1"
                                    << "--session" << session);
        }
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(modeOf(out + "/metrics.csv"), 0600);
        QCOMPARE(modeOf(out + "/summary.json"), 0600);
        QCOMPARE(modeOf(session), 0600);
        // A seeded run's releases name the seed that removes their noise: 0600 (issue 45). Other
        // shared files are never writable by others, whatever the umask (0644 & ~umask).
        QCOMPARE(modeOf(out + "/releases/baseline/eps1/step-0001.csv"), 0600);
        QCOMPARE(modeOf(out + "/ledger.json"), 0644);
        // evaluate --out replaces an existing world-readable file by an owner-only one.
        const QString metrics = dir_.filePath("eval.csv");
        {
            UmaskGuard open(0);
            QVERIFY(writeBytes(metrics, "old"));
            QCOMPARE(::chmod(metrics.toLocal8Bit().constData(), 0666), 0);
            const CliResult e =
                runCli({"evaluate", "--data", adult_, "--schema", schema_, "--batch", "1000", "--seed", "1",
                        "--synthetic", out + "/releases/baseline/eps1", "--out", metrics});
            QVERIFY2(e.code == 0, qPrintable(e.err));
        }
        QCOMPARE(modeOf(metrics), 0600);
    }

    // Item 6: the small items.
    void folderAsDataFile() {
        const CliResult r = runCli({"inspect", "--data", dir_.path(), "--schema", schema_, "--batch", "10"});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("folder") && !r.err.contains("out of memory"), qPrintable(r.err));
    }
    void extremeEpsilonsNameEpsilon() {
        for (const char* e : {"1e-300", "1e300", "0", "-1", "nan"}) {
            const CliResult r = runCli(fastRun(dir_.filePath("eps-out")) << "--epsilon" << e);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("epsilon"), qPrintable(r.err));
            const CliResult c =
                runCli({"counters", "--type", "simple", "--epsilon", e, "--steps", "4", "--reps", "2"});
            QCOMPARE(c.code, 2);
            QVERIFY2(c.err.contains("epsilon"), qPrintable(c.err));
        }
        // The bounds themselves are accepted, and nothing prints inf or nan.
        for (const char* e : {"1e-6", "1000"}) {
            const CliResult c =
                runCli({"counters", "--type", "tree:64", "--epsilon", e, "--steps", "64", "--reps", "3"});
            QVERIFY2(c.code == 0, qPrintable(c.err));
            QVERIFY(!c.out.contains("inf") && !c.out.contains("nan"));
        }
    }
    void emptyListItemsRefused() {
        for (const char* e : {"1,,2", "1,", ",1"}) {
            const CliResult r = runCli(fastRun(dir_.filePath("list-out")) << "--epsilon" << e);
            QCOMPARE(r.code, 2);
            QVERIFY2(r.err.contains("--epsilon") && r.err.contains("empty"), qPrintable(r.err));
        }
        QCOMPARE(runCli(fastRun(dir_.filePath("list-out")) << "--series"
                                                           << "baseline,,proposed")
                     .code,
                 2);
    }
    void configFileProblemsNameTheFile() {
        const QString unknown = dir_.filePath("unknown.json"), array = dir_.filePath("array.json");
        writeBytes(unknown, R"({"batch": 1000, "epsilonn": 1})");
        writeBytes(array, "[1, 2]");
        const CliResult u = runCli({"run", "--config", unknown, "--data", adult_, "--schema", schema_});
        QCOMPARE(u.code, 2);
        QVERIFY2(
            u.err.contains("unknown.json") && u.err.contains("'epsilonn'") && !u.err.contains("command line"),
            qPrintable(u.err));
        const CliResult a = runCli({"run", "--config", array, "--data", adult_, "--schema", schema_});
        QCOMPARE(a.code, 2);
        QVERIFY2(a.err.contains("array.json") && a.err.contains("an array") &&
                     !a.err.contains("no error occurred"),
                 qPrintable(a.err));
    }
    // A value the config file gave and that is refused after parsing names the file too (a CLI
    // review of 2026-12-01 met "setting '--batch': '2000.5' is not a whole number" with no file);
    // the same value on the command line is the command line's; true for an option with a value is
    // said as such.
    void configValuesNameTheFile() {
        const QString fraction = dir_.filePath("fraction.json"), flag = dir_.filePath("flag.json");
        writeBytes(fraction, R"({"batch": 2000.5, "series": "baseline"})");
        writeBytes(flag, R"({"epsilon": true, "batch": 2000})");
        const QStringList data{"--data", adult_, "--schema", schema_, "--out", dir_.filePath("cfg-out")};
        const CliResult f = runCli(QStringList{"run", "--config", fraction} + data);
        QCOMPARE(f.code, 2);
        QVERIFY2(f.err.contains("fraction.json") && f.err.contains("'--batch'") &&
                     f.err.contains("given by the config file"),
                 qPrintable(f.err));
        const CliResult line = runCli(QStringList{"run", "--config", fraction, "--batch", "0.5"} + data);
        QCOMPARE(line.code, 2);
        QVERIFY2(line.err.contains("'--batch'") && !line.err.contains("fraction.json"), qPrintable(line.err));
        const CliResult t = runCli(QStringList{"run", "--config", flag} + data);
        QCOMPARE(t.code, 2);
        QVERIFY2(t.err.contains("flag.json") && t.err.contains("takes a value"), qPrintable(t.err));
    }
    // docs/bad-inputs.md: a schema or a config file with a JSON syntax error
    // is named by file, line and column (in characters) of the place.
    void brokenJsonNamesLineAndColumn() {
        const QString schema = dir_.filePath("broken-domain.json");
        writeBytes(schema, "{\n  \"âge\": 74,\n  \"sex\": 2\n  \"race\": 5\n}\n");
        const QString where = schema + ", line 4, column 3: the schema is not valid JSON: missing comma";
        const CliResult inspect =
            runCli({"inspect", "--data", adult_, "--schema", schema, "--batch", "1000"});
        QCOMPARE(inspect.code, 3);
        QVERIFY2(inspect.err.contains(where), qPrintable(inspect.err));
        const CliResult run = runCli({"run", "--data", adult_, "--schema", schema, "--batch", "1000",
                                      "--series", "baseline", "--out", dir_.filePath("broken-out")});
        QCOMPARE(run.code, 3);
        QVERIFY2(run.err.contains(where), qPrintable(run.err));
        const QString config = dir_.filePath("broken.json");
        writeBytes(config, "{\"batch\": 1000,\n \"k\": 1 \"iters\": 5}");
        const CliResult c = runCli({"run", "--config", config, "--data", adult_, "--schema", schema_});
        QCOMPARE(c.code, 2);
        QVERIFY2(
            c.err.contains(config + ", line 2, column 9, setting '--config': the config file is not valid "
                                    "JSON: missing comma"),
            qPrintable(c.err));
    }
    void seedPolicies() {
        // --seed with --release-mode: refused.
        const CliResult both = runCli(fastRun(dir_.filePath("seed-a")) << "--release-mode"
                                                                       << "--seed"
                                                                       << "3");
        QCOMPARE(both.code, 2);
        QVERIFY2(both.err.contains("--seed") && both.err.contains("--release-mode"), qPrintable(both.err));
        // --repeat with --release-mode: refused too (reruns over the private rows, never released).
        const CliResult repeated = runCli(fastRun(dir_.filePath("seed-r")) << "--release-mode"
                                                                           << "--repeat"
                                                                           << "3");
        QCOMPARE(repeated.code, 2);
        QVERIFY2(repeated.err.contains("--repeat") && repeated.err.contains("publishes one run"),
                 qPrintable(repeated.err));
        QVERIFY(!QFileInfo::exists(dir_.filePath("seed-r")));
        // No --seed: a seed drawn from the OS, printed and recorded in the manifests.
        const QString out = dir_.filePath("seed-b");
        const CliResult drawn = runCli(fastRun(out));
        QVERIFY2(drawn.code == 0, qPrintable(drawn.err));
        const QRegularExpressionMatch m = QRegularExpression("seed: (\\d+) \\(drawn").match(drawn.err);
        QVERIFY2(m.hasMatch(), qPrintable(drawn.err));
        QFile manifest(out + "/releases/baseline/eps1/step-0001.json");
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        const QString policy = QJsonDocument::fromJson(manifest.readAll()).object()["seed_policy"].toString();
        QVERIFY2(policy.startsWith("seeded: " + m.captured(1) + " "), qPrintable(policy));
        // Two runs without --seed draw different seeds (2^-64 chance of a clash).
        const CliResult again = runCli(fastRun(dir_.filePath("seed-c")) << "--export-releases"
                                                                        << "none");
        const QRegularExpressionMatch m2 = QRegularExpression("seed: (\\d+) \\(drawn").match(again.err);
        QVERIFY(m2.hasMatch());
        QVERIFY(m2.captured(1) != m.captured(1));
        // Repeating with the printed seed gives the same release bytes.
        const QString rep = dir_.filePath("seed-d");
        QCOMPARE(runCli(fastRun(rep) << "--seed" << m.captured(1)).code, 0);
        QCOMPARE(test::readBytes(rep + "/releases/baseline/eps1/step-0002.csv"),
                 test::readBytes(out + "/releases/baseline/eps1/step-0002.csv"));
    }
};

QTEST_APPLESS_MAIN(TestBadInputs)
#include "test_bad_inputs.moc"
