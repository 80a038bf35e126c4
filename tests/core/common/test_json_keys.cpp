// Duplicate JSON keys (core/values/json_keys.h): found in any object at any
// depth, with the offset of the second occurrence; equal keys in different
// objects, strings that look like keys and escaped quotes are not duplicates.
#include <QtTest>

#include "core/values/json_keys.h"

using namespace streamsynth;

class TestJsonKeys : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void duplicatesAreFound() {
        DuplicateKey d;
        const std::string top = R"({"epsilon": 1, "k": 2, "epsilon": 2})";
        QVERIFY(findDuplicateKey(top, &d));
        QCOMPARE(QString::fromStdString(d.key), QString("epsilon"));
        QCOMPARE(d.offset, top.rfind("\"epsilon\""));
        QVERIFY(findDuplicateKey(R"({"a": [{"x": 1, "y": {"z": 1, "z": 2}}]})", &d));
        QCOMPARE(QString::fromStdString(d.key), QString("z"));
    }

    void nonDuplicatesPass() {
        QVERIFY(!findDuplicateKey(R"({"a": {"x": 1}, "b": {"x": 2}, "c": ["x", "x"]})", nullptr));
        QVERIFY(!findDuplicateKey("{\"a\": \"\\\"b\\\": 1, \", \"b\": \"a\"}", nullptr));
        QVERIFY(!findDuplicateKey(R"([{"a": 1}, {"a": 2}])", nullptr));
        QVERIFY(!findDuplicateKey("{}", nullptr));
    }
};

QTEST_APPLESS_MAIN(TestJsonKeys)
#include "test_json_keys.moc"
