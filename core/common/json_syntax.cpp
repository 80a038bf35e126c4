// Line, column and plain words for JSON syntax errors; see json_syntax.h.
#include "core/values/json_syntax.h"

#include <QByteArray>
#include <algorithm>
#include <limits>
#include <utility>

namespace streamsynth {

namespace {

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

// The byte the parser stopped at. Qt's offset lies just past the character
// it read last (the '"' of a key where a comma is missing), except for text
// after the end of the document, where it is that text's first byte.
std::size_t errorByte(const QJsonParseError& e, std::string_view text) {
    std::size_t at = static_cast<std::size_t>(std::max<qsizetype>(0, e.offset));
    if (e.error != QJsonParseError::GarbageAtEnd && at > 0) --at;
    return std::min(at, text.size());
}

bool onlySpaces(std::string_view text) {
    if (text.substr(0, kByteOrderMark.size()) == kByteOrderMark) text.remove_prefix(kByteOrderMark.size());
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; });
}

}  // namespace

TextPosition textPosition(std::string_view text, std::size_t offset) {
    const std::size_t end = std::min(offset, text.size());
    std::size_t i = text.substr(0, kByteOrderMark.size()) == kByteOrderMark ? kByteOrderMark.size() : 0;
    TextPosition p;
    for (; i < end; ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte == '\n') {
            ++p.line;
            p.column = 1;
        } else if ((byte & 0xC0) != 0x80) {  // not a continuation byte: a new character
            ++p.column;
        }
    }
    return p;
}

std::string jsonErrorWords(QJsonParseError::ParseError error) {
    switch (error) {
        case QJsonParseError::UnterminatedObject:
            return "missing comma (or a closing '}')";
        case QJsonParseError::MissingNameSeparator:
            return "missing colon after a key";
        case QJsonParseError::UnterminatedArray:
            return "missing comma (or a closing ']')";
        case QJsonParseError::MissingValueSeparator:
            return "missing comma";
        case QJsonParseError::IllegalValue:
            return "this is not a JSON value (text needs double quotes; true, false and null are lower case)";
        case QJsonParseError::TerminationByNumber:
            return "the file ends inside a number";
        case QJsonParseError::IllegalNumber:
            return "this is not a number JSON can read";
        case QJsonParseError::IllegalEscapeSequence:
            return "unknown escape after a backslash (write \\\\ for one backslash)";
        case QJsonParseError::IllegalUTF8String:
            return "the text is not valid UTF-8 (save the file as UTF-8)";
        case QJsonParseError::UnterminatedString:
            return "a text has no closing double quote";
        case QJsonParseError::MissingObject:
            return "a comma with no entry after it (remove the last comma)";
        case QJsonParseError::DeepNesting:
            return "nested too deeply";
        case QJsonParseError::DocumentTooLarge:
            return "too large for the JSON reader";
        case QJsonParseError::GarbageAtEnd:
            return "text after the end of the JSON document (a file holds one object or list)";
        case QJsonParseError::NoError:
            break;
    }
    return "unreadable JSON";
}

QJsonDocument parseJsonText(std::string_view text, ErrorKind kind, const std::string& what,
                            ErrorContext where) {
    QJsonParseError perr;
    QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(text.data(), static_cast<qsizetype>(text.size())), &perr);
    if (perr.error == QJsonParseError::NoError) return doc;
    if (onlySpaces(text)) throw Error(kind, what + " is not valid JSON: the file is empty", std::move(where));
    const TextPosition p = textPosition(text, errorByte(perr, text));
    where.line = p.line;
    where.column = static_cast<int>(std::min<long long>(p.column, std::numeric_limits<int>::max()));
    throw Error(kind, what + " is not valid JSON: " + jsonErrorWords(perr.error), std::move(where));
}

}  // namespace streamsynth
