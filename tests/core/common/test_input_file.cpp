// Checked input files (core/values/input_file.h): a regular file is read
// whole; a folder, a FIFO (even without a writer) and a character device
// are refused before any read, and a file over its format's limit before it
// is loaded.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "core/values/error.h"
#include "core/values/input_file.h"
#include "support/special_files.h"

using namespace streamsynth;

namespace {
// The Io Error's text, or "" when f does not throw.
template <class F>
QString errorText(F f) {
    try {
        f();
    } catch (const Error& e) {
        return QString::fromStdString(e.describe()) + (e.kind() == ErrorKind::Io ? "" : " [not an Io error]");
    }
    return {};
}
}  // namespace

class TestInputFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void regularFileIsReadWhole() {
        QTemporaryDir dir;
        const QString path = dir.filePath("t.csv");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("a,b\n1,2\n");
        f.close();
        QCOMPARE(readInputFile(path.toStdString(), {InputRole::Table, 0}), std::string("a,b\n1,2\n"));
        QVERIFY(errorText([&] { checkInputFile(path.toStdString(), {InputRole::Table, 8}); }).isEmpty());
    }

    void specialFilesAreRefusedWithoutReading() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath("pipe");
        QVERIFY(test::makeFifo(fifo).isEmpty());
        // No writer: a blocking open would never return.
        QString why = errorText([&] { (void)readInputFile(fifo.toStdString(), {InputRole::Session, 0}); });
        QVERIFY2(why.contains("pipe: the session must be a regular file, but this is a FIFO (named pipe)"),
                 qPrintable(why));
        QString whyNot;
        const QString device = test::makeFullDevice(dir, "full", &whyNot);
        QVERIFY2(!device.isEmpty(), qPrintable(whyNot));
        why = errorText([&] { (void)readInputFile(device.toStdString(), {InputRole::Schema, 0}); });
        QVERIFY2(why.contains("the schema file must be a regular file, but this is a character device"),
                 qPrintable(why));
        why = errorText([&] { (void)readInputFile(dir.path().toStdString(), {InputRole::Config, 0}); });
        QVERIFY2(why.contains("this is a folder, not a file: give the config file itself"), qPrintable(why));
        why = errorText([&] {
            (void)readInputFile(dir.filePath("none").toStdString(), {InputRole::Table, 0});
        });
        QVERIFY2(why.contains("cannot open the table: No such file or directory"), qPrintable(why));
    }

    void sizeLimitIsCheckedBeforeReading() {
        QTemporaryDir dir;
        const QString path = dir.filePath("big.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(qint64{3} << 20));  // sparse: 3 MiB
        f.close();
        const QString why = errorText([&] {
            (void)readInputFile(path.toStdString(), {InputRole::Config, kMaxConfigBytes});
        });
        QVERIFY2(why.contains("the config file has 3 MiB, more than the limit of 1 MiB"), qPrintable(why));
    }
};

QTEST_APPLESS_MAIN(TestInputFile)
#include "test_input_file.moc"
