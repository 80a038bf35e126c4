// Broken JSON named by line and column (core/values/json_syntax.h): the
// column counts characters (a multi-byte letter, a tab and a byte order mark
// as an editor does), the place is the character the parser stopped at, and
// each of Qt's errors comes out in plain words.
#include <QtTest>

#include "core/values/json_syntax.h"

using namespace streamsynth;

namespace {

// The error parseJsonText throws for `text` (fails the test when it parses).
Error syntaxError(const std::string& text) {
    try {
        parseJsonText(text, ErrorKind::Input, "the schema", ErrorContext::forFile("s.json"));
    } catch (const Error& e) {
        return e;
    }
    return Error(ErrorKind::Io, "parsed: " + text);
}

}  // namespace

class TestJsonSyntax : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void positionsCountCharacters() {
        const std::string text = "{\"a\": 1,\n\t\"é€\": 2\r\n}";
        QCOMPARE(textPosition(text, 0).line, 1LL);
        QCOMPARE(textPosition(text, 0).column, 1LL);
        QCOMPARE(textPosition(text, 8).column, 9LL);                   // the '\n' closes line 1
        QCOMPARE(textPosition(text, 9).line, 2LL);                     // the tab: one column
        QCOMPARE(textPosition(text, text.find("\": 2")).column, 5LL);  // é (2 bytes) and € (3) are 1 each
        QCOMPARE(textPosition(text, text.find('}')).line, 3LL);        // "\r\n" ends one line
        QCOMPARE(textPosition(text, 1000).line, 3LL);  // past the end: after the last character
        QCOMPARE(textPosition(text, 1000).column, 2LL);
        QCOMPARE(textPosition("\xEF\xBB\xBF{}", 4).column, 2LL);  // a byte order mark takes no column
    }

    void syntaxErrorsNameLineAndColumn() {
        // A comma missing between two entries: the place is the next key's quote.
        const Error comma = syntaxError("{\n  \"age\": 85\n  \"sex\": 2\n}");
        QCOMPARE(comma.kind(), ErrorKind::Input);
        QCOMPARE(comma.context().line, 3LL);
        QCOMPARE(comma.context().column, 3);
        QCOMPARE(
            QString::fromStdString(comma.describe()),
            QString(
                "s.json, line 3, column 3: the schema is not valid JSON: missing comma (or a closing '}')"));
        // Characters, not bytes, before the place.
        const Error wide = syntaxError("{\"größe\": 1 \"b\": 2}");
        QCOMPARE(wide.context().column, 13);
        // A trailing comma: the place is the '}' after it.
        const Error trailing = syntaxError("{\"a\": 1,\n}");
        QCOMPARE(trailing.context().line, 2LL);
        QCOMPARE(trailing.context().column, 1);
        QVERIFY(trailing.message().find("remove the last comma") != std::string::npos);
        // Text after the document: its first character.
        const Error garbage = syntaxError("{\"a\": 1} x");
        QCOMPARE(garbage.context().column, 10);
        QVERIFY(garbage.message().find("after the end") != std::string::npos);
        // A missing colon, in a list.
        QCOMPARE(syntaxError("{\"a\" 1}").context().column, 6);
        QCOMPARE(syntaxError("[1 2]").message(), std::string("the schema is not valid JSON: missing comma"));
        QCOMPARE(syntaxError("[1 2]").context().column, 4);
    }

    void emptyTextHasNoPlace() {
        const Error e = syntaxError(" \n ");
        QCOMPARE(e.context().line, -1LL);
        QCOMPARE(QString::fromStdString(e.describe()),
                 QString("s.json: the schema is not valid JSON: the file is empty"));
    }

    void everyErrorHasWords() {
        for (int code = QJsonParseError::UnterminatedObject; code <= QJsonParseError::GarbageAtEnd; ++code) {
            const std::string words = jsonErrorWords(static_cast<QJsonParseError::ParseError>(code));
            QVERIFY2(!words.empty() && words != "unreadable JSON", qPrintable(QString::number(code)));
        }
    }

    void validTextParses() {
        const QJsonDocument doc =
            parseJsonText("{\"a\": [1, 2]}", ErrorKind::Input, "the schema", ErrorContext::forFile("s.json"));
        QCOMPARE(doc.object().value("a").toArray().size(), 2);
    }
};

QTEST_APPLESS_MAIN(TestJsonSyntax)
#include "test_json_syntax.moc"
