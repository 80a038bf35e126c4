// The reproductions of an adversarial pass, end to end through
// streamsynth-cli (docs/bad-inputs.md, "Outputs, links and hostile
// inputs"): an output never replaces an input, never follows a link, a
// replacing run leaves no stale step file, FIFOs and devices are refused at
// once, wide tables are refused within bounded memory, silent accepts are
// refused and damaged sessions are named. Children that could exhaust the
// memory run under an address-space limit, so a regression fails instead of
// taking the machine down.
#include <sys/resource.h>
#include <sys/stat.h>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_files.h"
#include "cli_runner.h"
#include "core/io/session_store.h"
#include "support/adult_rows.h"
#include "support/special_files.h"
#include "support/test_data.h"

using namespace streamsynth;
using test::CliResult;
using test::readBytes;
using test::runCli;
using test::writeBytes;

namespace {

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define STREAMSYNTH_TEST_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define STREAMSYNTH_TEST_UNDER_ASAN 1
#endif

// streamsynth-cli with its address space limited to `bytes` (RLIMIT_AS).
// Under AddressSanitizer (scripts/asan-tests.sh builds the CLI with it too)
// the child reserves terabytes of shadow memory at start, so RLIMIT_AS would
// stop it before main; there the bound is the sanitizer's own: an allocation
// over `bytes` throws std::bad_alloc as under RLIMIT_AS
// (max_allocation_size_mb, allocator_may_return_null), and a process whose
// resident memory passes `bytes` is killed with a report (hard_rss_limit_mb),
// which fails the test as a crash would.
CliResult runLimited(const QStringList& args, rlim_t bytes, int timeoutMs = 60000) {
    QProcess p;
#ifdef STREAMSYNTH_TEST_UNDER_ASAN
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString mb = QString::number(bytes >> 20);
    env.insert("ASAN_OPTIONS", env.value("ASAN_OPTIONS") + ":max_allocation_size_mb=" + mb +
                                   ":allocator_may_return_null=1:hard_rss_limit_mb=" + mb);
    p.setProcessEnvironment(env);
#else
    p.setChildProcessModifier([bytes] {
        const struct rlimit lim { bytes, bytes };
        ::setrlimit(RLIMIT_AS, &lim);
    });
#endif
    p.start(streamsynth::test::cliPath(), args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

constexpr rlim_t kOneGiB = rlim_t{1} << 30;

QStringList stepFiles(const QString& out) {
    QStringList files;
    QDirIterator it(out, {"step-*"}, QDir::Files | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) files << QDir(out).relativeFilePath(it.next());
    files.sort();
    return files;
}

// A session file whose payload was changed, with a correct checksum again,
// taken as its format version asks (header: magic 8, version 4, length 8,
// checksum 8).
QByteArray withChecksum(QByteArray session) {
    std::uint32_t version = 0;
    for (int i = 0; i < 4; ++i)
        version |= std::uint32_t(static_cast<unsigned char>(session[8 + i])) << (8 * i);
    const QByteArray payload = session.mid(28);
    const quint64 h =
        io::sessionPayloadChecksum(version, payload.constData(), static_cast<std::size_t>(payload.size()));
    for (int i = 0; i < 8; ++i) session[20 + i] = static_cast<char>((h >> (8 * i)) & 0xFF);
    return session;
}

// A damaged session must be refused in words naming it, never with C++ text.
QString rawTextIn(const QString& err) {
    for (const char* raw : {"std::", "bad_alloc", "internal error", "out of memory", "basic_string",
                            "vector::", "input stream error", "archive"})
        if (err.contains(QLatin1String(raw))) return QString::fromLatin1(raw);
    return {};
}

}  // namespace

class TestHostileInputs : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString data_, schema_;

    QString path(const char* name) const { return dir_.filePath(name); }
    QStringList run(const QString& out, const char* batch) const {
        return {"run", "--data", data_,     "--schema", schema_,  "--batch", batch,   "--series", "baseline",
                "--k", "1",      "--iters", "5",        "--seed", "1",       "--out", out};
    }
    QStringList inspect() const {
        return {"inspect", "--data", data_, "--schema", schema_, "--batch", "1000"};
    }
    // A session of 2 steps over the first 1,000 rows, and the grown table.
    QString makeSession(const QString& name, const QString& out) const {
        const QString half = dir_.filePath(name + ".csv");
        writeBytes(half, test::adultHead(1000));
        const QString session = dir_.filePath(name + ".session");
        QStringList args = run(out, "500");
        args[2] = half;
        const CliResult r = runCli(args << "--session" << session);
        return r.code == 0 ? session : QString("run failed: " + r.err);
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        data_ = path("d.csv");
        QVERIFY(writeBytes(data_, test::adultHead(2000)));
        schema_ = test::dataFile("adult-domain.json");
    }

    // Item 1: --write-schema and evaluate --out naming the table (or a hard
    // link to it) are refused; the table is untouched.
    void outputNeverReplacesAnInput() {
        const QByteArray table = readBytes(data_);
        const CliResult schema = runCli(QStringList(inspect()) << "--write-schema" << data_);
        QCOMPARE(schema.code, 3);
        QVERIFY2(schema.err.contains("it is the table this command reads"), qPrintable(schema.err));
        QVERIFY(::link(QFile::encodeName(data_).constData(),
                       QFile::encodeName(path("hard.csv")).constData()) == 0);
        const CliResult hard = runCli(QStringList(inspect()) << "--write-schema" << path("hard.csv"));
        QCOMPARE(hard.code, 3);
        QVERIFY2(hard.err.contains("the table this command reads (" + data_ + ")"), qPrintable(hard.err));
        const QString out = path("eval-run");
        QCOMPARE(runCli(run(out, "1000")).code, 0);
        const CliResult eval = runCli({"evaluate", "--data", data_, "--schema", schema_, "--batch", "1000",
                                       "--synthetic", out + "/releases/baseline/eps1", "--out", data_});
        QCOMPARE(eval.code, 3);
        QVERIFY2(eval.err.contains("an output never replaces an input"), qPrintable(eval.err));
        QCOMPARE(readBytes(data_), table);
    }

    // Item 2: links in the output folder are never followed. A replacing
    // run moves the old release tree (links and all) aside and deletes it
    // without following them; a link where metrics, summary or ledger go is
    // refused, naming it; `continue` refuses to write through one. The
    // links' target is untouched throughout.
    void linksInTheOutputFolderAreNeverFollowed() {
        const QString victim = path("victim.txt");
        QVERIFY(writeBytes(victim, "keep me\n"));
        const QString out = path("links");
        QCOMPARE(runCli(run(out, "1000")).code, 0);
        const QString step = out + "/releases/baseline/eps1/step-0002.csv";
        QVERIFY(QFile::remove(step) && QFile::link(victim, step));
        const CliResult replaced = runCli(QStringList(run(out, "1000")) << "--replace");
        QVERIFY2(replaced.code == 0, qPrintable(replaced.err));
        QVERIFY(!QFileInfo(step).isSymLink() && QFileInfo(step).size() > 100);
        for (const QString name : {"metrics.csv", "summary.json", "ledger.json"}) {
            QVERIFY(QFile::remove(out + "/" + name) && QFile::link(victim, out + "/" + name));
            const CliResult r = runCli(QStringList(run(out, "1000")) << "--replace");
            QCOMPARE(r.code, 3);
            QVERIFY2(r.err.contains(out + "/" + name + ": it is a symbolic link (to " + victim + ")"),
                     qPrintable(r.err));
            QVERIFY(QFile::remove(out + "/" + name));
        }
        QCOMPARE(readBytes(victim), QByteArray("keep me\n"));
        // continue: a link where the next step's file goes.
        const QString out2 = path("links2");
        const QString session = makeSession("links2", out2);
        QVERIFY2(QFile::exists(session), qPrintable(session));
        const QString next = out2 + "/releases/baseline/eps1/step-0003.csv";
        QVERIFY(QFile::link(victim, next));
        const CliResult cont = runCli({"continue", "--session", session, "--data", data_});
        QCOMPARE(cont.code, 3);
        QVERIFY2(cont.err.contains(next + ": it is a symbolic link (to " + victim + ")"),
                 qPrintable(cont.err));
        QCOMPARE(readBytes(victim), QByteArray("keep me\n"));
    }

    // Item 2, a linked folder: releases/ itself a link to a folder outside.
    void aLinkedReleaseFolderIsRefused() {
        QTemporaryDir elsewhere;
        const QString out2 = path("linkdir");
        const QString session = makeSession("linkdir", out2);
        QVERIFY2(QFile::exists(session), qPrintable(session));
        QVERIFY(QDir(out2 + "/releases").removeRecursively());
        QVERIFY(QFile::link(elsewhere.path(), out2 + "/releases"));
        const CliResult cont = runCli({"continue", "--session", session, "--data", data_});
        QCOMPARE(cont.code, 3);
        QVERIFY2(cont.err.contains(out2 + "/releases: it is a symbolic link"), qPrintable(cont.err));
        QVERIFY(QDir(elsewhere.path()).isEmpty());
    }

    // Review 2026-12-01: --replace in a folder no run wrote (a data folder
    // with a releases/ and a metrics.csv of its own) deleted them; refused now.
    void replaceOnlyWhereARunWrote() {
        const QString out = path("mine");
        QVERIFY(QDir().mkpath(out + "/releases/mystuff"));
        QVERIFY(writeBytes(out + "/releases/mystuff/important.txt", "keep me\n"));
        QVERIFY(writeBytes(out + "/metrics.csv", "my,own\n"));
        const CliResult r = runCli(QStringList(run(out, "1000")) << "--replace");
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("holds files no StreamSynth run wrote"), qPrintable(r.err));
        QCOMPARE(readBytes(out + "/releases/mystuff/important.txt"), QByteArray("keep me\n"));
        QCOMPARE(readBytes(out + "/metrics.csv"), QByteArray("my,own\n"));
        // --out naming a file says so (it said "…/.streamsynth.lock: … Not a directory").
        const QString file = path("a-file");
        QVERIFY(writeBytes(file, "x\n"));
        const CliResult f = runCli(run(file, "1000"));
        QCOMPARE(f.code, 2);
        QVERIFY2(f.err.contains("is a file, not a folder"), qPrintable(f.err));
        QCOMPARE(readBytes(file), QByteArray("x\n"));
    }

    // Item 3: a shorter replacing run leaves none of the longer run's steps.
    void replaceLeavesNoStaleStep() {
        const QString out = path("stale");
        QCOMPARE(runCli(run(out, "500")).code, 0);
        QCOMPARE(stepFiles(out).size(), 8);  // 4 steps, csv + json
        const CliResult r = runCli(QStringList(run(out, "1000")) << "--replace");
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(
            stepFiles(out),
            QStringList({"releases/baseline/eps1/step-0001.csv", "releases/baseline/eps1/step-0001.json",
                         "releases/baseline/eps1/step-0002.csv", "releases/baseline/eps1/step-0002.json"}));
        const QStringList hidden = QDir(out).entryList({".replaced-*"}, QDir::AllEntries | QDir::Hidden);
        QVERIFY2(hidden.isEmpty(), qPrintable(hidden.join(", ")));
    }

    // Item 4: a character device and a FIFO as --session (continue, run),
    // --schema, --config and --data are refused at once. A child that read
    // the device would run out of its 1 GiB; one that waited on the FIFO
    // would be stopped after 20 s and fail the test.
    void devicesAndFifosAreRefusedAtOnce() {
        QString why;
        const QString device = test::makeFullDevice(dir_, "full", &why);
        QVERIFY2(!device.isEmpty(), qPrintable(why));
        const QString fifo = path("fifo");
        QVERIFY(test::makeFifo(fifo).isEmpty());
        const QList<QStringList> commands = {
            {"continue", "--session", device, "--data", data_},
            {"continue", "--session", fifo, "--data", data_},
            QStringList(run(path("fifo-run"), "1000")) << "--session" << fifo,
            {"inspect", "--data", data_, "--schema", fifo, "--batch", "10"},
            {"inspect", "--data", fifo, "--schema", schema_, "--batch", "10"},
            {"inspect", "--data", device, "--schema", schema_, "--batch", "10"},
            {"run", "--config", fifo, "--data", data_},
        };
        for (const QStringList& args : commands) {
            const CliResult r = runLimited(args, kOneGiB, 20000);
            const QString shown = args.join(' ');
            QVERIFY2(r.code == 2 || r.code == 3,
                     qPrintable(shown + ": exit " + QString::number(r.code) + r.err));
            QVERIFY2(r.err.contains("must be a regular file, but this is a"),
                     qPrintable(shown + ": " + r.err));
        }
        QVERIFY(test::isFifo(fifo));
        QVERIFY(test::isCharDevice(device));
    }

    // Item 5: a 10,000-column, 1-row table is refused under 1 GiB of address
    // space with a message naming the limit; 1,000 columns reach the
    // workload limit instead; 20,000 columns the reader's own.
    void wideTablesAreRefusedWithinBoundedMemory() {
        auto wide = [&](int columns) {
            QByteArray header, row;
            for (int c = 0; c < columns; ++c) {
                header += (c ? ",c" : "c") + QByteArray::number(c);
                row += (c ? "," : "") + QByteArray::number(c % 3);
            }
            const QString file = dir_.filePath(QString("wide%1.csv").arg(columns));
            writeBytes(file, header + "\n" + row + "\n");
            return runLimited({"inspect", "--data", file, "--confirm-domain", "--batch", "1"}, kOneGiB);
        };
        const CliResult tenK = wide(10000);
        QCOMPARE(tenK.code, 3);
        QVERIFY2(tenK.err.contains("10000 columns") && tenK.err.contains("at most 1000 attributes"),
                 qPrintable(tenK.err));
        const CliResult oneK = wide(1000);
        QCOMPARE(oneK.code, 2);
        QVERIFY2(oneK.err.contains("499500, more than the limit of 100000"), qPrintable(oneK.err));
        const CliResult twentyK = wide(20000);
        QCOMPARE(twentyK.code, 3);
        QVERIFY2(twentyK.err.contains("more than 10000 fields"), qPrintable(twentyK.err));
    }

    // Item 6: silent accepts are refused.
    void silentAcceptsAreRefused() {
        const QString times = path("times.csv"), timeSchema = path("time.json");
        writeBytes(times, "date,color\n2020-01-02,red\n2020-01-09,blue\n");
        writeBytes(timeSchema, R"({"attributes": [{"name": "color", "labels": ["red", "blue"]}],
                                   "time": {"column": "date", "period": "week", "start": "2020-01-01",
                                            "end": "2020-01-31"}})");
        const CliResult batch = runCli({"inspect", "--data", times, "--schema", timeSchema, "--batch", "1"});
        QCOMPARE(batch.code, 2);
        QVERIFY2(batch.err.contains("the schema sets a time stream (column 'date')"), qPrintable(batch.err));
        const QString other = path("other.json");
        writeBytes(other,
                   R"({"attributes": [{"name": "color", "labels": ["red", "<other>"], "other": true}]})");
        const CliResult labels = runCli({"inspect", "--data", times, "--schema", other, "--batch", "1"});
        QCOMPARE(labels.code, 3);
        QVERIFY2(labels.err.contains("two codes would have the same label"), qPrintable(labels.err));
        const QString config = path("twice.json");
        writeBytes(config, R"({"epsilon": 1, "epsilon": 2})");
        const CliResult twice = runCli(QStringList(run(path("twice-out"), "1000")) << "--config" << config);
        QCOMPARE(twice.code, 2);
        QVERIFY2(twice.err.contains("setting 'epsilon': this key appears twice"), qPrintable(twice.err));
        QVERIFY(!QDir(path("twice-out")).exists());
    }

    // Item 6: a session relabelled as an older format version is refused.
    void relabelledSessionIsRefused() {
        const QString session = makeSession("relabel", path("relabel-out"));
        QVERIFY2(QFile::exists(session), qPrintable(session));
        QByteArray bytes = readBytes(session);
        QVERIFY(static_cast<unsigned char>(bytes[8]) > 9);
        bytes[8] = 9;  // the version's low byte
        writeBytes(session, bytes);
        // From format 15 the checksum is taken by words; a file relabelled
        // as older is checked the older, byte-wise way, and fails that first.
        const CliResult damaged = runCli({"continue", "--session", session, "--data", data_});
        QCOMPARE(damaged.code, 3);
        QVERIFY2(damaged.err.contains("checksum mismatch"), qPrintable(damaged.err));
        // With the byte-wise FNV-1a 64 of its payload put in the header, the
        // layout of version 9 does not read.
        bytes = withChecksum(bytes);
        writeBytes(session, bytes);
        const CliResult r = runCli({"continue", "--session", session, "--data", data_});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(session + " is not a readable session: the contents (format version 9)") &&
                     r.err.contains("does not match the contents"),
                 qPrintable(r.err));
    }

    // Item 7: the messages that were unclear.
    void clearMessages() {
        const CliResult eps = runCli(QStringList(run(path("eps-out"), "1000")) << "--epsilon"
                                                                               << "1,1");
        QCOMPARE(eps.code, 2);
        QVERIFY2(eps.err.contains("the budget 1 is listed twice"), qPrintable(eps.err));
        const CliResult big =
            runCli({"inspect", "--data", data_, "--schema", schema_, "--batch", "1000000000000"});
        QCOMPARE(big.code, 2);
        QVERIFY2(big.err.contains("setting '--batch'") && big.err.contains("2147483647"),
                 qPrintable(big.err));
    }

    // Item 7: mutated sessions (payload bytes changed, checksum made right
    // again) are refused in words naming the file, or load; never a crash,
    // never C++ exception text. Deterministic positions and mutations.
    void damagedSessionsAreNamed() {
        const QString session = makeSession("mutate", path("mutate-out"));
        QVERIFY2(QFile::exists(session), qPrintable(session));
        const QByteArray good = readBytes(session);
        const int payload = good.size() - 28;
        const QString damaged = path("damaged.session");
        int refused = 0;
        for (int i = 0; i < 48; ++i) {
            QByteArray bytes = good;
            const int at = 28 + static_cast<int>((static_cast<qint64>(i) * 7919) % payload);
            for (int j = 0; j < (i % 3 == 0 ? 1 : 8) && at + j < bytes.size(); ++j)
                bytes[at + j] = static_cast<char>(i % 3 == 1 ? 0xFF : i % 3 == 2 ? 0x7F : ~bytes[at + j]);
            writeBytes(damaged, withChecksum(bytes));
            QFile::remove(damaged + ".lock");
            const CliResult r = runLimited({"continue", "--session", damaged, "--data", data_}, 2 * kOneGiB);
            const QString where = QString("mutation %1 at byte %2: exit %3: ").arg(i).arg(at).arg(r.code);
            QVERIFY2(r.code == 0 || r.code == 2 || r.code == 3 || r.code == 4, qPrintable(where + r.err));
            QVERIFY2(rawTextIn(r.err).isEmpty(), qPrintable(where + r.err));
            // The checksum is right again: a refusal must come from the reader.
            QVERIFY2(!r.err.contains("checksum mismatch"), qPrintable(where + r.err));
            if (r.code == 3) {
                QVERIFY2(r.err.contains(damaged), qPrintable(where + r.err));
                ++refused;
            }
        }
        QVERIFY2(refused > 0, "no mutation was refused: the test does not reach the reader");
    }
};

QTEST_APPLESS_MAIN(TestHostileInputs)
#include "test_hostile_inputs.moc"
