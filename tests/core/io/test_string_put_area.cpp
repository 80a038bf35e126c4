// StringPutArea (core/io/string_put_area.h): what an ostream writes through
// it lands after the kept prefix, byte for byte, across every growth of the
// string, and a reused string starts again from its prefix.
#include <QtTest>
#include <ostream>
#include <random>
#include <string>

#include "core/io/string_put_area.h"

using streamsynth::io::StringPutArea;

class TestStringPutArea : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void writesAfterThePrefixAcrossGrowth() {
        std::mt19937 gen(7);
        std::string expected;
        std::string out = "HEADER";
        StringPutArea area(out, 6);
        std::ostream os(&area);
        // Single characters (overflow), short and long pieces (xsputn), some
        // longer than the whole buffer so far.
        for (int i = 0; i < 2000; ++i) {
            const std::size_t n = i % 97 == 0 ? 20000 + gen() % 50000 : gen() % 40;
            std::string piece(n, '\0');
            for (char& c : piece) c = static_cast<char>(gen());
            if (n == 1) {
                os.put(piece[0]);
            } else {
                os.write(piece.data(), static_cast<std::streamsize>(n));
            }
            expected += piece;
        }
        os.put('\xff');  // a byte that must not read as end-of-file
        expected += '\xff';
        QVERIFY(os.good());
        QCOMPARE(area.written(), 6 + expected.size());
        area.finish();
        QCOMPARE(out.size(), 6 + expected.size());
        QVERIFY(out.compare(0, 6, "HEADER") == 0);
        QVERIFY(out.compare(6, std::string::npos, expected) == 0);
    }

    // One character at a time: each full buffer goes through overflow(),
    // including a 0xff byte, which must not read as end-of-file there.
    void singleCharactersThroughOverflow() {
        std::string out;
        StringPutArea area(out, 3);
        std::ostream os(&area);
        std::string expected;
        for (int i = 0; i < 20000; ++i) {
            const char c = static_cast<char>(i % 2 == 0 ? 0xff : i % 251);
            QVERIFY(os.put(c).good());
            expected += c;
        }
        area.finish();
        QCOMPARE(out.size(), expected.size() + 3);
        QVERIFY(out.compare(3, std::string::npos, expected) == 0);
    }

    void aReusedStringStartsAgainAndKeepsItsCapacity() {
        std::string out;
        {
            StringPutArea area(out, 2);
            std::ostream os(&area);
            os << std::string(100000, 'a');
            area.finish();
        }
        const std::size_t capacity = out.capacity();
        QVERIFY(capacity >= 100002);
        out.clear();
        StringPutArea area(out, 2);
        std::ostream os(&area);
        os << "bc";
        area.finish();
        QCOMPARE(out.size(), std::size_t(4));
        QCOMPARE(out.substr(2), std::string("bc"));
        QCOMPARE(out.capacity(), capacity);
    }
};

QTEST_APPLESS_MAIN(TestStringPutArea)
#include "test_string_put_area.moc"
