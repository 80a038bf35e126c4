// Error: the location text a data steward reads.
#include <QtTest>

#include "core/values/error.h"

using namespace streamsynth;

class TestError : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void describesFileLineAndColumn() {
        ErrorContext c;
        c.file = "adult.csv";
        c.line = 12;
        c.column = 3;
        c.columnName = "age";
        const Error e = inputError("'x' is not a number", c);
        QCOMPARE(QString::fromStdString(e.describe()),
                 QString("adult.csv, line 12, column 3 (age): 'x' is not a number"));
        QCOMPARE(e.kind(), ErrorKind::Input);
    }
    void settingErrorNamesTheSetting() {
        const Error e = settingError("--epsilon", "must be positive");
        QCOMPARE(QString::fromStdString(e.describe()), QString("setting '--epsilon': must be positive"));
        QCOMPARE(e.kind(), ErrorKind::Setting);
    }
    void bareMessageWithoutContext() {
        const Error e(ErrorKind::Io, "disk full");
        QCOMPARE(QString::fromStdString(e.describe()), QString("disk full"));
    }
};

QTEST_APPLESS_MAIN(TestError)
#include "test_error.moc"
