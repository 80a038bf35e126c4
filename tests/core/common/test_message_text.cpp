// message_text: outside text in messages is escaped and bounded (issue #17
// item 5: a NUL cut a message short, a 64 MB field became 67 MB of stderr).
#include <QtTest>

#include "core/values/error.h"
#include "core/values/message_text.h"

using namespace streamsynth;

class TestMessageText : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void controlCharactersAreVisible() {
        using namespace std::string_literals;
        QCOMPARE(escapeControls("a\0b"s), std::string("a\\0b"));
        QCOMPARE(escapeControls("line\nnext\ttab\rret"), std::string("line\\nnext\\ttab\\rret"));
        QCOMPARE(escapeControls("\x1B[31mred"), std::string("\\x1B[31mred"));  // no terminal escape survives
        QCOMPARE(escapeControls("del\x7F"), std::string("del\\x7F"));
        // Printable non-ASCII stays; C1 controls and bidi overrides do not.
        QCOMPARE(escapeControls("caf\xC3\xA9"), std::string("caf\xC3\xA9"));
        QCOMPARE(escapeControls("\xC2\x85"), std::string("\\u0085"));
        QCOMPARE(escapeControls("a\xE2\x80\xAE"
                                "b"),
                 std::string("a\\u202Eb"));
        // Characters that show as nothing: a byte order mark, zero-width spaces and joiners.
        QCOMPARE(escapeControls("\xEF\xBB\xBF"
                                "a"),
                 std::string("\\uFEFFa"));
        QCOMPARE(escapeControls("a\xE2\x80\x8B"
                                "b\xE2\x81\xA0"),
                 std::string("a\\u200Bb\\u2060"));
        // Invalid UTF-8 bytes are shown by value.
        QCOMPARE(escapeControls("x\xFFy"), std::string("x\\xFFy"));
    }
    void longTextIsCutAtTheLimit() {
        const std::string big(64 * 1024 * 1024, 'v');  // the 64 MB field
        const std::string b = boundedText(big);
        QVERIFY(b.size() < 260);
        QVERIFY(b.rfind(std::string(kMaxQuotedChars, 'v'), 0) == 0);
        QVERIFY(b.find("(67108864 bytes in all)") != std::string::npos);
        // Exactly at the limit: nothing is cut.
        QCOMPARE(boundedText(std::string(kMaxQuotedChars, 'v')), std::string(kMaxQuotedChars, 'v'));
        // A cut never splits a multi-byte character: 300 two-byte characters give 200 whole ones.
        std::string e;
        for (int i = 0; i < 300; ++i) e += "\xC3\xA9";
        const std::string cut = boundedText(e);
        QCOMPARE(cut.substr(0, 400), e.substr(0, 400));
        QCOMPARE(cut.substr(400, 3), std::string("\xE2\x80\xA6"));  // the ellipsis right after
        // Escapes count as what they show and are never split.
        const std::string nul(150, '\0');
        const std::string esc = boundedText(nul);
        QCOMPARE(esc.substr(0, 200), [] {
            std::string s;
            for (int i = 0; i < 100; ++i) s += "\\0";
            return s;
        }());
    }
    void quotedTextQuotes() { QCOMPARE(quotedText("a\nb"), std::string("'a\\nb'")); }
    void describeShowsAPrivateValueOnlyOnRequest() {
        ErrorContext c;
        c.file = "t.csv";
        c.line = 3;
        c.column = 1;
        c.columnName = "a";
        const Error e = valueError("the value is not a number", c, "secretvalue42");
        QCOMPARE(e.describe(), std::string("t.csv, line 3, column 1 (a): the value is not a number"));
        QCOMPARE(
            e.describe(true),
            std::string("t.csv, line 3, column 1 (a): the value is not a number (value: 'secretvalue42')"));
        QVERIFY(std::string(e.what()).find("secretvalue42") == std::string::npos);
    }
    void describeEscapesAndBoundsEverything() {
        using namespace std::string_literals;
        ErrorContext c;
        c.file = "da\0ta.csv"s;
        c.columnName = std::string(5000, 'c');
        const Error e = valueError("bad\x1B[2J", c, std::string(1 << 20, 'x') + "\0tail"s);
        const std::string d = e.describe(true);
        QVERIFY(d.size() <= kMaxMessageChars + 40);
        QVERIFY(d.find('\0') == std::string::npos && d.find('\x1B') == std::string::npos);
        QVERIFY(d.rfind("da\\0ta.csv", 0) == 0);
        QVERIFY(d.find("bad\\x1B[2J") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestMessageText)
#include "test_message_text.moc"
