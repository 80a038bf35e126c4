// Every CLI writer against non-regular targets (issue: `--output /dev/full`
// once replaced the device node with a regular file): a full device gives a
// non-zero exit with the OS's words and stays a device; a named pipe is
// refused before it is opened (issue 45: it would block without a reader),
// while /dev/stdout streams; /dev/null works; a folder is refused.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/cli_runner.h"
#include "support/special_files.h"
#include "support/test_data.h"

using streamsynth::test::runCli;

namespace {
const QStringList kCounters = {"counters", "--type", "simple", "--epsilon", "1", "--steps",
                               "10",       "--reps", "10",     "--seed",    "1", "--csv"};
QStringList withOutput(QStringList args, const QString& option, const QString& path) {
    return args << option << path;
}
QStringList inspectArgs() {
    return {"inspect",          "--data",        streamsynth::test::dataFile("movies.csv"),
            "--confirm-domain", "--confirm-end", "--time",
            "Release Date",     "--period",      "year"};
}
QStringList evaluateArgs(const QString& synthetic) {
    return {"evaluate",
            "--data",
            streamsynth::test::dataFile("adult.csv"),
            "--schema",
            streamsynth::test::dataFile("adult-domain.json"),
            "--batch",
            "20000",
            "--synthetic",
            synthetic};
}
}  // namespace

class TestOutputTargets : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The issue's own reproduction, on the machine's /dev/full: refused with
    // the OS's words, and /dev/full is still the full device afterwards.
    void countersToDevFull() {
        QVERIFY2(streamsynth::test::isCharDevice("/dev/full"),
                 "/dev/full is not the full device before the test");
        const auto r = runCli(withOutput(kCounters, "--output", "/dev/full"));
        QVERIFY2(r.code != 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("No space left on device"), qPrintable(r.err));
        QVERIFY(streamsynth::test::isCharDevice("/dev/full"));
    }

    // Each writer to a full device of the test's own.
    void everyWriterToAFullDevice() {
        QTemporaryDir dir;
        QString why;
        const QString full = streamsynth::test::makeFullDevice(dir, "full", &why);
        QVERIFY2(!full.isEmpty(), qPrintable(why));
        const QString synthetic = dir.filePath("synthetic");
        QVERIFY(QDir().mkpath(synthetic));
        QFile::copy(streamsynth::test::dataFile("adult.csv"), synthetic + "/step-0001.csv");
        const QList<QStringList> commands = {
            withOutput(kCounters, "--output", full),
            withOutput(inspectArgs(), "--write-schema", full),
            withOutput(evaluateArgs(synthetic), "--out", full),
        };
        for (const QStringList& args : commands) {
            const auto r = runCli(args);
            QVERIFY2(r.code != 0 && r.err.contains("No space left on device"),
                     qPrintable(args.first() + ": exit " + QString::number(r.code) + ": " + r.err));
            QVERIFY(streamsynth::test::isCharDevice(full));
        }
    }

    void countersToAFifoIsRefused() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath("pipe");
        const QString made = streamsynth::test::makeFifo(fifo);
        QVERIFY2(made.isEmpty(), qPrintable(made));
        const auto r = runCli(withOutput(kCounters, "--output", fifo), 60000);  // no reader: must not block
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("named pipe (FIFO)") && r.err.contains("/dev/stdout"), qPrintable(r.err));
        QVERIFY(streamsynth::test::isFifo(fifo));
        // Streaming goes through the standard output instead.
        const auto out = runCli(withOutput(kCounters, "--output", "/dev/stdout"));
        QCOMPARE(out.code, 0);
        QVERIFY2(out.out.startsWith("step,rmse,theory_std\n"), qPrintable(out.out));
        QCOMPARE(out.out.count('\n'), 11);
    }

    void schemaToAFifoIsRefused() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath("schema-pipe");
        QVERIFY(streamsynth::test::makeFifo(fifo).isEmpty());
        const auto r = runCli(withOutput(inspectArgs(), "--write-schema", fifo), 60000);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("named pipe (FIFO)"), qPrintable(r.err));
        QVERIFY(streamsynth::test::isFifo(fifo));
    }

    void devNull() {
        const auto r = runCli(withOutput(kCounters, "--output", "/dev/null"));
        QCOMPARE(r.code, 0);
        QVERIFY(streamsynth::test::isCharDevice("/dev/null", 1, 3));
    }

    void folderIsRefused() {
        QTemporaryDir dir;
        const auto r = runCli(withOutput(kCounters, "--output", dir.path()));
        QVERIFY(r.code != 0);
        QVERIFY2(r.err.contains("is a folder"), qPrintable(r.err));
        QVERIFY(QFileInfo(dir.path()).isDir());
    }
};

QTEST_APPLESS_MAIN(TestOutputTargets)
#include "test_output_targets.moc"
