// The one output path (core/values/output_file.h): regular files are
// replaced atomically (a failure keeps the old file), devices are written in
// place and stay what they are, named pipes are refused unopened, folders and links are refused,
// an output folder's files stay inside it, inputs are never replaced,
// private files are 0600 whatever the umask.
#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"
#include "support/special_files.h"

using namespace streamsynth;

namespace {
QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}
mode_t modeOf(const QString& path) {
    struct stat st {};
    ::stat(QFile::encodeName(path).constData(), &st);
    return st.st_mode & 07777;
}
// The Error's text, or "" when f does not throw.
template <class F>
QString outputErrorText(F f) {
    try {
        f();
    } catch (const Error& e) {
        return QString::fromStdString(e.describe()) + (e.kind() == ErrorKind::Io ? "" : " [not an Io error]");
    }
    return {};
}
}  // namespace

class TestOutputFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void regularFileIsReplacedAndFoldersCreated() {
        QTemporaryDir dir;
        const QString path = dir.filePath("a/b/out.csv");
        writeOutputFile(path.toStdString(), "one\n");
        QCOMPARE(readAll(path), QByteArray("one\n"));
        writeOutputFile(path.toStdString(), "two\n");
        QCOMPARE(readAll(path), QByteArray("two\n"));
        QCOMPARE(QDir(dir.filePath("a/b")).entryList(QDir::Files | QDir::Hidden).size(), 1);  // no temp left
    }

    // A link is never written through: refused naming the link, its target
    // and the link itself unchanged.
    void symlinkIsRefusedAndItsTargetKept() {
        QTemporaryDir dir;
        const QString target = dir.filePath("real.txt");
        writeOutputFile(target.toStdString(), "old");
        QVERIFY(QFile::link(target, dir.filePath("link.txt")));
        const QString why =
            outputErrorText([&] { writeOutputFile(dir.filePath("link.txt").toStdString(), "new"); });
        QVERIFY2(why.contains("link.txt: it is a symbolic link (to " + target + ")"), qPrintable(why));
        QVERIFY(QFileInfo(dir.filePath("link.txt")).isSymLink());
        QCOMPARE(readAll(target), QByteArray("old"));
        // A dangling link too: it would create a file wherever it points.
        QVERIFY(QFile::link(dir.filePath("nowhere/x"), dir.filePath("dangling.txt")));
        QVERIFY(!outputErrorText([&] {
                     writeOutputFile(dir.filePath("dangling.txt").toStdString(), "x");
                 }).isEmpty());
        QVERIFY(!QFileInfo::exists(dir.filePath("nowhere")));
    }

    // Inside an output folder: no link and no ".." on the way, nothing
    // outside it, and no device or FIFO standing where a file goes.
    void withinTheOutputFolderOnly() {
        QTemporaryDir dir, elsewhere;
        const std::string out = dir.filePath("out").toStdString();
        writeOutputFile(out + "/releases/a/step-0001.csv", "ok", insideFolder(out));
        QCOMPARE(readAll(dir.filePath("out/releases/a/step-0001.csv")), QByteArray("ok"));
        QVERIFY(QFile::link(elsewhere.path(), dir.filePath("out/releases/b")));
        QString why = outputErrorText(
            [&] { writeOutputFile(out + "/releases/b/step-0001.csv", "x", insideFolder(out)); });
        QVERIFY2(why.contains("out/releases/b: it is a symbolic link"), qPrintable(why));
        QVERIFY(QDir(elsewhere.path()).isEmpty());
        why =
            outputErrorText([&] { writeOutputFile(out + "/releases/../../x.csv", "x", insideFolder(out)); });
        QVERIFY2(why.contains("out of the output folder") || why.contains("outside the output folder"),
                 qPrintable(why));
        why = outputErrorText(
            [&] { writeOutputFile(elsewhere.filePath("y.csv").toStdString(), "x", insideFolder(out)); });
        QVERIFY2(why.contains("outside the output folder"), qPrintable(why));
        const QString fifo = dir.filePath("out/metrics.csv");
        QVERIFY(test::makeFifo(fifo).isEmpty());
        why = outputErrorText([&] { writeOutputFile(fifo.toStdString(), "x", insideFolder(out)); });
        QVERIFY2(why.contains("not a regular file"), qPrintable(why));
        QVERIFY(test::isFifo(fifo));
    }

    // An input of this process (same inode under any name) is never
    // replaced, except a session by its own update.
    void inputsAreNeverReplaced() {
        QTemporaryDir dir;
        const QString table = dir.filePath("t.csv"), session = dir.filePath("s.session");
        writeOutputFile(table.toStdString(), "a\n1\n");
        writeOutputFile(session.toStdString(), "session bytes");
        QVERIFY(::link(QFile::encodeName(table).constData(),
                       QFile::encodeName(dir.filePath("h.csv")).constData()) == 0);
        guardInputsOfThisProcess();
        (void)readInputFile(table.toStdString(), {InputRole::Table, 0});
        (void)readInputFile(session.toStdString(), {InputRole::Session, 0});
        QString why = outputErrorText([&] { writeOutputFile(dir.filePath("h.csv").toStdString(), "x"); });
        QVERIFY2(why.contains("it is the table this command reads (" + table + ")"), qPrintable(why));
        QCOMPARE(readAll(table), QByteArray("a\n1\n"));
        why = outputErrorText([&] { probeWritable(table.toStdString()); });
        QVERIFY2(why.contains("an output never replaces an input"), qPrintable(why));
        QVERIFY(!outputErrorText([&] { writeOutputFile(session.toStdString(), "y"); }).isEmpty());
        WriteOptions update;
        update.mayReplaceInput = static_cast<int>(InputRole::Session);
        writeOutputFile(session.toStdString(), "updated", update);
        QCOMPARE(readAll(session), QByteArray("updated"));
    }

    void failedCommitKeepsThePreviousFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath("keep.json");
        writeOutputFile(path.toStdString(), "previous");
        WriteOptions o;
        o.beforeCommit = [] { throw Error(ErrorKind::Io, "simulated crash before the rename"); };
        QVERIFY(!outputErrorText([&] { writeOutputFile(path.toStdString(), "next", o); }).isEmpty());
        QCOMPARE(readAll(path), QByteArray("previous"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    // The piecewise form (large releases): the pieces in order make the file;
    // a producer that fails half-way keeps the previous file and leaves no
    // temporary file; a full device reports the OS's words.
    void piecesMakeTheFileAndAFailureKeepsThePreviousOne() {
        QTemporaryDir dir;
        const QString path = dir.filePath("big.csv");
        writeOutputFile(path.toStdString(), OutputProducer([](const OutputSink& sink) {
                            sink("a,b\n");
                            for (int i = 0; i < 3; ++i) sink(std::string(100000, static_cast<char>('0' + i)));
                        }));
        const QByteArray written = readAll(path);
        QCOMPARE(written.size(), 4 + 300000);
        QVERIFY(written.startsWith("a,b\n0") && written.endsWith("2"));
        const QString why = outputErrorText([&] {
            writeOutputFile(path.toStdString(), OutputProducer([](const OutputSink& sink) {
                                sink(std::string(50000, 'x'));
                                throw Error(ErrorKind::Io, "the release could not be drawn");
                            }));
        });
        QVERIFY2(why.contains("could not be drawn"), qPrintable(why));
        QCOMPARE(readAll(path), written);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
        QString whyNot;
        const QString full = test::makeFullDevice(dir, "full", &whyNot);
        QVERIFY2(!full.isEmpty(), qPrintable(whyNot));
        const QString text = outputErrorText([&] {
            writeOutputFile(full.toStdString(),
                            OutputProducer([](const OutputSink& sink) { sink(std::string(10000, 'x')); }));
        });
        QVERIFY2(text.contains("No space left on device"), qPrintable(text));
    }

    void folderIsRefused() {
        QTemporaryDir dir;
        const QString why = outputErrorText([&] { writeOutputFile(dir.path().toStdString(), "x"); });
        QVERIFY2(why.contains("is a folder"), qPrintable(why));
        QVERIFY(QFileInfo(dir.path()).isDir());
    }

    void fullDeviceReportsNoSpaceAndStaysADevice() {
        QTemporaryDir dir;
        QString why;
        const QString full = test::makeFullDevice(dir, "full", &why);
        QVERIFY2(!full.isEmpty(), qPrintable(why));
        const QString text =
            outputErrorText([&] { writeOutputFile(full.toStdString(), std::string(10000, 'x')); });
        QVERIFY2(text.contains("No space left on device"), qPrintable(text));
        QVERIFY(test::isCharDevice(full));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::System | QDir::Hidden).size(), 1);
    }

    void devNullAcceptsAndStaysADevice() {
        writeOutputFile("/dev/null", "discarded");
        QVERIFY(test::isCharDevice("/dev/null", 1, 3));
        QVERIFY(isStreamTarget("/dev/null"));
    }

    // Issue 45, 4: a named pipe outside /dev/ is refused before it is opened
    // (with no reader, opening it would block for ever); it stays a FIFO.
    void fifoIsRefusedBeforeOpening() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath("pipe");
        const QString made = test::makeFifo(fifo);
        QVERIFY2(made.isEmpty(), qPrintable(made));
        QString refusal;
        try {
            writeOutputFile(fifo.toStdString(), std::string(100, 'y'));
        } catch (const Error& e) {
            refusal = QString::fromStdString(e.message());
        }
        QVERIFY2(refusal.contains("named pipe (FIFO)"), qPrintable(refusal));
        QVERIFY(test::isFifo(fifo));
    }

    void privateFilesAre0600WhateverTheUmask() {
        QTemporaryDir dir;
        const mode_t old = ::umask(0);
        const QString priv = dir.filePath("metrics.csv");
        const QString shared = dir.filePath("release.csv");
        writeOutputFile(priv.toStdString(), "x", privateFile());
        writeOutputFile(shared.toStdString(), "x");
        ::umask(old);
        QCOMPARE(modeOf(priv), mode_t(0600));
        QCOMPARE(modeOf(shared), mode_t(0644));  // never writable by others, whatever the umask
        // A replaced private file is brought back to 0600.
        QVERIFY(QFile::setPermissions(priv, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther));
        writeOutputFile(priv.toStdString(), "y", privateFile());
        QCOMPARE(modeOf(priv), mode_t(0600));
    }

    // The journals' append: 0600 whatever the umask, every call at the end,
    // and a link, a FIFO or a folder in the journal's place refused in words
    // without blocking or writing through.
    void appendDurablyAppendsAndRefusesWhatIsNotAFile() {
        QTemporaryDir dir;
        const QString journal = dir.filePath("x.journal");
        const mode_t old = ::umask(0);
        appendDurably(journal.toStdString(), "one\n", "the journal");
        ::umask(old);
        appendDurably(journal.toStdString(), "two\n", "the journal");
        QCOMPARE(readAll(journal), QByteArray("one\ntwo\n"));
        QCOMPARE(modeOf(journal), mode_t(0600));

        QVERIFY(QFile::link(journal, dir.filePath("link.journal")));
        QString why = outputErrorText(
            [&] { appendDurably(dir.filePath("link.journal").toStdString(), "x", "the journal"); });
        QVERIFY2(why.contains("cannot write the journal " + dir.filePath("link.journal") +
                              ": it is a symbolic link"),
                 qPrintable(why));
        QCOMPARE(readAll(journal), QByteArray("one\ntwo\n"));

        const QString fifo = dir.filePath("pipe");
        const QString made = test::makeFifo(fifo);
        QVERIFY2(made.isEmpty(), qPrintable(made));
        why = outputErrorText([&] { appendDurably(fifo.toStdString(), "x", "the journal"); });
        QVERIFY2(why.contains("it is not a regular file"), qPrintable(why));
        QVERIFY(test::isFifo(fifo));

        why = outputErrorText([&] { appendDurably(dir.path().toStdString(), "x", "the journal"); });
        QVERIFY2(why.contains("it is a folder"), qPrintable(why));
        why =
            outputErrorText([&] { appendDurably("/dev/null", "x", "the journal"); });  // opened, then refused
        QVERIFY2(why.contains("it is not a regular file"), qPrintable(why));

        // A last line an earlier write left cut short is dropped, not glued
        // to the next record; a file that is nothing but such a line empties.
        QFile torn(journal);
        QVERIFY(torn.open(QIODevice::Append));
        torn.write("thr");
        torn.close();
        appendDurably(journal.toStdString(), "three\n", "the journal");
        QCOMPARE(readAll(journal), QByteArray("one\ntwo\nthree\n"));
        const QString cut = dir.filePath("cut.journal");
        {
            QFile f(cut);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(std::string(5000, 'x').c_str());  // longer than one block read back
        }
        appendDurably(cut.toStdString(), "whole\n", "the journal");
        QCOMPARE(readAll(cut), QByteArray("whole\n"));
    }
};

QTEST_APPLESS_MAIN(TestOutputFile)
#include "test_output_file.moc"
