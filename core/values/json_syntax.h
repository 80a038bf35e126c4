// Where a JSON file goes wrong, in an editor's terms: the line and column of
// a parser's error offset, and the error in plain words. Every reader of a
// JSON file that refuses broken JSON (schemas, config files, release
// manifests) parses through parseJsonText, so each names the file, the line
// and the column the same way ("schema.json, line 3, column 17: the schema is
// not valid JSON: missing comma (or a closing '}')"); docs/bad-inputs.md.
#pragma once

#include <QJsonDocument>
#include <QJsonParseError>
#include <cstddef>
#include <string>
#include <string_view>

#include "core/values/error.h"

namespace streamsynth {

struct TextPosition {
    long long line = 1;    // 1-based; lines end at '\n' (a '\r' before it belongs to its line)
    long long column = 1;  // 1-based, in characters: one per UTF-8 sequence, a tab is one
};

// The line and column of the byte at `offset` in `text` (an offset past the
// end is the place just after the last character). A byte order mark at the
// start of the text takes no column, as in an editor.
TextPosition textPosition(std::string_view text, std::size_t offset);

// Qt's parse error in plain words ("missing comma (or a closing '}')").
std::string jsonErrorWords(QJsonParseError::ParseError error);

// Parses `text` as JSON. On a syntax error throws Error(kind, what + " is not
// valid JSON: " + the error in words) whose context is `where` with the line
// and column of the character the parser stopped at. The document is not
// checked for a shape (an object, an array): that is the reader's.
QJsonDocument parseJsonText(std::string_view text, ErrorKind kind, const std::string& what,
                            ErrorContext where);

}  // namespace streamsynth
