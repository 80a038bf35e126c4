// Behaviour unchanged (issue 48): the releases of three fixed-seed runs
// (pure ε with two counters, zCDP with the carried baseline, a time stream by
// year with the DP choice of coarsened labels) are byte for byte those commit
// 931594a wrote (tests/data/golden/releases.sha256, made by make-golden.sh with
// that commit's CLI), and a session that commit saved after 3 of 5 steps
// continues today to the same steps 4 and 5. The movies run writes values
// drawn inside the bins (--bins uniform): the bins' label text became plain
// decimals on purpose after 931594a (docs/history.md).
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "cli/cli_files.h"
#include "cli/cli_runner.h"
#include "support/test_data.h"
#include "support/test_paths.h"

using streamsynth::test::readBytes;
using streamsynth::test::runCli;
using streamsynth::test::testDataFile;

namespace {

// "digest  path" lines.
QStringList lines(const QByteArray& text) {
    return QString::fromUtf8(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

// The digest lines of the pure run's steps `from`..5.
QStringList pureSteps(const QStringList& golden, int from) {
    QStringList out;
    for (const QString& line : golden) {
        if (!line.contains(QLatin1String("  pure/"))) continue;
        for (int step = from; step <= 5; ++step)
            if (line.endsWith(QStringLiteral("step-%1.csv").arg(step, 4, 10, QLatin1Char('0')))) out << line;
    }
    return out;
}

}  // namespace

class TestGoldenReleases : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void releasesEqualThoseOf931594a() {
        QTemporaryDir dir;
        QProcess script;
        script.start(QStringLiteral("bash"),
                     {testDataFile("golden/make-golden.sh"), streamsynth::test::cliPath(),
                      streamsynth::test::sourceDirectory(), dir.filePath("out")});
        QVERIFY(script.waitForFinished(300000));
        QVERIFY2(script.exitCode() == 0, script.readAllStandardError().constData());
        const QStringList today = lines(script.readAllStandardOutput());
        const QStringList golden = lines(readBytes(testDataFile("golden/releases.sha256")));
        QCOMPARE(golden.size(), 70);  // 5 + 5 + 5, 5 + 5 + 5 and 20 + 20 steps
        for (int i = 0; i < golden.size(); ++i) {
            QVERIFY2(i < today.size(), "a release of 931594a is missing today");
            QCOMPARE(today[i], golden[i]);
        }
        QCOMPARE(today.size(), golden.size());
    }

    void sessionOf931594aContinues() {
        QTemporaryDir dir;
        QProcess unzip;
        unzip.setStandardOutputFile(dir.filePath("s.session"));
        unzip.start(QStringLiteral("gzip"), {"-dc", testDataFile("golden/adult-pure-3-steps.session.gz")});
        QVERIFY(unzip.waitForFinished(60000));
        QCOMPARE(unzip.exitCode(), 0);
        // The table it was made from: adult.csv's header and first 2,000 rows.
        QFile adult(streamsynth::test::dataFile("adult.csv"));
        QVERIFY(adult.open(QIODevice::ReadOnly));
        QByteArray rows;
        for (int i = 0; i < 2001; ++i) rows += adult.readLine();
        QVERIFY(streamsynth::test::writeBytes(dir.filePath("adult-2000.csv"), rows));

        const auto r = runCli({"continue", "--session", dir.filePath("s.session"), "--data",
                               dir.filePath("adult-2000.csv"), "--out", dir.filePath("out")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains(QLatin1String("continue: steps 4..5 (1..3 already released)")),
                 qPrintable(r.err));
        const QStringList golden = lines(readBytes(testDataFile("golden/releases.sha256")));
        const QStringList expected = pureSteps(golden, 4);
        QCOMPARE(expected.size(), 6);  // three series, steps 4 and 5
        for (const QString& line : expected) {
            const QString path = line.section(QStringLiteral("  "), 1).mid(QStringLiteral("pure/").size());
            const QByteArray bytes = readBytes(dir.filePath("out/" + path));
            QVERIFY2(!bytes.isEmpty(), qPrintable("missing " + path));
            QCOMPARE(QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()),
                     line.section(QStringLiteral("  "), 0, 0));
        }
    }
};

QTEST_GUILESS_MAIN(TestGoldenReleases)
#include "test_golden_releases.moc"
