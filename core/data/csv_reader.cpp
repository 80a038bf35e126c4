// One-pass CSV/TSV parser over a fully-read buffer: quoting, UTF-8
// validation, line tracking and the strict shape checks of csv_reader.h.
#include "core/data/csv_reader.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <unordered_map>

#include "core/data/input_limits.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/message_text.h"

namespace streamsynth::data {

int RawTable::columnIndex(std::string_view name) const {
    for (std::size_t i = 0; i < header.size(); ++i)
        if (header[i] == name) return static_cast<int>(i);
    return -1;
}

namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";
constexpr std::array<char, 4> kCandidates = {',', ';', '\t', '|'};

// Length of the valid UTF-8 sequence starting at p, or 0 if it is not one
// (overlong forms, surrogates and code points above U+10FFFF are invalid).
int utf8Length(const unsigned char* p, const unsigned char* end) {
    const unsigned c = p[0];
    if (c < 0x80) return 1;
    auto cont = [&](std::ptrdiff_t i) { return p + i < end && (p[i] & 0xC0) == 0x80; };
    if (c < 0xC2) return 0;
    if (c < 0xE0) return cont(1) ? 2 : 0;
    if (c < 0xF0) {
        if (!cont(1) || !cont(2)) return 0;
        if (c == 0xE0 && p[1] < 0xA0) return 0;   // overlong
        if (c == 0xED && p[1] >= 0xA0) return 0;  // UTF-16 surrogate
        return 3;
    }
    if (c < 0xF5) {
        if (!cont(1) || !cont(2) || !cont(3)) return 0;
        if (c == 0xF0 && p[1] < 0x90) return 0;   // overlong
        if (c == 0xF4 && p[1] >= 0x90) return 0;  // above U+10FFFF
        return 4;
    }
    return 0;
}

std::string hexByte(unsigned char b) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02X", static_cast<unsigned>(b));
    return buf;
}

std::string delimiterName(char d) {
    switch (d) {
        case ',':
            return "comma";
        case ';':
            return "semicolon";
        case '\t':
            return "tab";
        case '|':
            return "bar";
        default:
            return std::string("'") + d + "'";
    }
}

class Parser {
public:
    Parser(std::string_view text, const std::string& file, char delimiter)
        : p_(text.data()), end_(text.data() + text.size()), file_(file), delim_(delimiter) {
        // Bytes that end the fast scan of an unquoted field.
        special_.fill(false);
        special_[static_cast<unsigned char>(delim_)] = true;
        special_[static_cast<unsigned char>('\n')] = true;
        special_[static_cast<unsigned char>('\r')] = true;
        special_[static_cast<unsigned char>('"')] = true;
        for (int b = 0x80; b < 0x100; ++b) special_[static_cast<size_t>(b)] = true;
    }

    // Reads one row into fields_ (count in fieldCount_). False at the end
    // of the text. rowLine_ is the line the row starts on; blank_ tells a
    // line with nothing on it (not even a quoted empty field).
    bool readRow() {
        if (p_ == end_) return false;
        rowLine_ = line_;
        fieldCount_ = 0;
        bool quotedAny = false;
        const char* rowStart = p_;
        for (;;) {
            if (fieldCount_ == kMaxCsvColumns)
                fail("the row has more than " + std::to_string(kMaxCsvColumns) +
                         " fields (the limit; check the delimiter, which is " + delimiterName(delim_) + ")",
                     rowLine_, static_cast<int>(fieldCount_) + 1);
            if (fieldCount_ == fields_.size()) fields_.emplace_back();
            std::string& field = fields_[fieldCount_];
            field.clear();
            const int column = static_cast<int>(fieldCount_) + 1;
            if (p_ != end_ && *p_ == '"') {
                quotedAny = true;
                readQuoted(field, column);
                if (p_ != end_ && *p_ != delim_ && *p_ != '\n' && *p_ != '\r')
                    fail(
                        "text after the closing quote of a quoted field (a field that starts with a quote "
                        "must end with one; write a quote inside it as \"\")",
                        line_, column);
            } else {
                readUnquoted(field, column);
            }
            if (field.size() > kMaxCsvFieldBytes)
                fail("a field of " + std::to_string(field.size()) + " bytes, more than the limit of " +
                         std::to_string(kMaxCsvFieldBytes) +
                         " (1 MiB; no category label or number is that long)",
                     line_, column);
            if (static_cast<std::size_t>(p_ - rowStart) > kMaxCsvLineBytes)
                fail("the row is longer than " + std::to_string(kMaxCsvLineBytes) + " bytes (the limit)",
                     rowLine_, column);
            ++fieldCount_;
            if (p_ == end_) break;
            const char c = *p_;
            if (c == delim_) {
                ++p_;
                continue;
            }
            // c is '\n' or '\r': end of the row.
            ++p_;
            if (c == '\r' && p_ != end_ && *p_ == '\n') ++p_;
            ++line_;
            break;
        }
        blank_ = !quotedAny && fieldCount_ == 1 && fields_[0].empty();
        return true;
    }

    // value: a private piece of the data the problem is about (shown only
    // on request, never in the message).
    [[noreturn]] void fail(const std::string& message, long long line, int column,
                           const std::string& value = {}) const {
        ErrorContext ctx;
        ctx.value = value;
        ctx.file = file_;
        ctx.line = line;
        ctx.column = column;
        if (column >= 1 && static_cast<std::size_t>(column) <= header_.size())
            ctx.columnName = header_[static_cast<std::size_t>(column) - 1];
        throw inputError(message, ctx);
    }

    std::vector<std::string> fields_;
    std::size_t fieldCount_ = 0;
    long long rowLine_ = 1;
    bool blank_ = false;
    std::vector<std::string> header_;  // for column names in errors

private:
    void readUnquoted(std::string& field, int column) {
        const char* start = p_;
        for (;;) {
            while (p_ != end_ && !special_[static_cast<unsigned char>(*p_)]) ++p_;
            if (p_ == end_) break;
            const auto b = static_cast<unsigned char>(*p_);
            if (b >= 0x80) {
                checkUtf8(column);
                continue;
            }
            if (*p_ == '"')
                fail("a quote inside an unquoted field; quote the whole field and write the quote as \"\"",
                     line_, column);
            break;  // delimiter or newline
        }
        field.assign(start, p_);
    }

    void readQuoted(std::string& field, int column) {
        const long long openLine = line_;
        ++p_;  // opening quote
        for (;;) {
            const char* start = p_;
            while (p_ != end_ && *p_ != '"' && *p_ != '\n' && *p_ != '\r' &&
                   static_cast<unsigned char>(*p_) < 0x80)
                ++p_;
            field.append(start, p_);
            if (p_ == end_)
                fail("a quoted field opened on line " + std::to_string(openLine) +
                         " is never closed (missing closing quote)",
                     openLine, column);
            const char c = *p_;
            if (c == '"') {
                if (p_ + 1 != end_ && p_[1] == '"') {
                    field.push_back('"');
                    p_ += 2;
                    continue;
                }
                ++p_;
                return;
            }
            if (c == '\n' || c == '\r') {
                // A line break inside quotes is text; CRLF is kept as '\n'.
                ++p_;
                if (c == '\r' && p_ != end_ && *p_ == '\n') ++p_;
                field.push_back('\n');
                ++line_;
                continue;
            }
            const char* s = p_;
            checkUtf8(column);
            field.append(s, p_);
        }
    }

    // p_ is at a byte >= 0x80: skip a valid UTF-8 sequence or fail.
    void checkUtf8(int column) {
        const auto* u = reinterpret_cast<const unsigned char*>(p_);
        const int n = utf8Length(u, reinterpret_cast<const unsigned char*>(end_));
        if (n == 0)
            fail("the file is not valid UTF-8; save it as UTF-8 (it may be in Latin-1 or Windows-1252)",
                 line_, column, "byte " + hexByte(*u));
        p_ += n;
    }

    const char* p_;
    const char* end_;
    const std::string& file_;
    char delim_;
    long long line_ = 1;
    std::array<bool, 256> special_{};
};

}  // namespace

char detectDelimiter(std::string_view text) {
    if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());
    std::array<long long, kCandidates.size()> counts{};
    bool inQuotes = false;
    for (char c : text) {
        if (c == '"') {
            inQuotes = !inQuotes;  // "" inside quotes toggles twice: harmless
            continue;
        }
        if (inQuotes) continue;
        if (c == '\n' || c == '\r') break;
        for (std::size_t i = 0; i < kCandidates.size(); ++i)
            if (c == kCandidates[i]) ++counts[i];
    }
    std::size_t best = 0;
    for (std::size_t i = 1; i < kCandidates.size(); ++i)
        if (counts[i] > counts[best]) best = i;
    return counts[best] > 0 ? kCandidates[best] : ',';
}

// The header: the first non-blank line, every column named once.
void readHeader(Parser& parser, RawTable& raw, const ErrorContext& fileCtx) {
    bool haveHeader = false;
    while (parser.readRow()) {
        if (parser.blank_) continue;
        haveHeader = true;
        break;
    }
    if (!haveHeader) throw inputError("the file is empty", fileCtx);
    const long long headerLine = parser.rowLine_;
    raw.headerLine = headerLine;
    raw.header.assign(parser.fields_.begin(),
                      parser.fields_.begin() + static_cast<std::ptrdiff_t>(parser.fieldCount_));
    parser.header_ = raw.header;
    std::unordered_map<std::string_view, std::size_t> seen;  // one pass: wide headers stay linear
    for (std::size_t c = 0; c < raw.header.size(); ++c) {
        if (raw.header[c].empty())
            parser.fail("the header has an empty column name (every column needs a name)", headerLine,
                        static_cast<int>(c) + 1);
        const auto [at, fresh] = seen.emplace(raw.header[c], c);
        if (!fresh)
            parser.fail("the column name " + quotedText(raw.header[c]) +
                            " appears twice in the header (columns " + std::to_string(at->second + 1) +
                            " and " + std::to_string(c + 1) + ")",
                        headerLine, static_cast<int>(c) + 1);
    }
}

RawTable parseCsv(std::string_view text, const std::string& fileName, const CsvOptions& options) {
    // A UTF-16 file says so in its first two bytes (a byte order mark): named
    // as such, not as a Latin-1 file at its first byte above 0x7F.
    if (text.size() >= 2 &&
        ((text[0] == '\xFF' && text[1] == '\xFE') || (text[0] == '\xFE' && text[1] == '\xFF'))) {
        ErrorContext ctx;
        ctx.file = fileName;
        ctx.line = 1;
        throw inputError("the file is in UTF-16 (its first bytes say so); save it as UTF-8", ctx);
    }
    if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());

    RawTable raw;
    raw.file = fileName;
    raw.delimiter = options.delimiter != 0 ? options.delimiter : detectDelimiter(text);
    if (raw.delimiter == '"' || raw.delimiter == '\n' || raw.delimiter == '\r')
        throw settingError("delimiter", "a quote or a line break cannot be the delimiter");

    ErrorContext fileCtx;
    fileCtx.file = fileName;

    Parser parser(text, fileName, raw.delimiter);
    readHeader(parser, raw, fileCtx);

    const long long headerLine = raw.headerLine;
    const std::size_t width = raw.header.size();
    // Reserve by the number of line breaks: an upper bound on the rows for
    // typical files, avoiding reallocation in the main loop.
    // A data row of `width` fields takes at least `width` bytes, so a wide
    // header over many blank lines cannot make this reserve huge.
    const auto newlines = std::min(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')),
                                   text.size() / std::max<std::size_t>(width, 1) + 1);
    raw.columns.assign(width, {});
    for (auto& col : raw.columns) col.reserve(newlines + 1);
    raw.lines.reserve(newlines + 1);

    long long pendingBlanks = 0;  // single-column files: blank lines not yet known to be trailing
    while (parser.readRow()) {
        if (parser.blank_) {
            if (width == 1) {
                // Kept as an empty value unless only blank lines follow.
                ++pendingBlanks;
            }
            continue;
        }
        if (parser.fieldCount_ != width) {
            const std::size_t found = parser.fieldCount_;
            const int column = static_cast<int>(std::min(found, width)) + 1;
            std::string msg = "this row has " + std::to_string(found) + (found == 1 ? " field" : " fields") +
                              " but the header has " + std::to_string(width) +
                              " (check the delimiter, which is " + delimiterName(raw.delimiter) +
                              ", and the quoting)";
            parser.fail(msg, parser.rowLine_, column);
        }
        if (pendingBlanks > 0) {
            // Blank lines before this row were empty values of the single column.
            // Their exact lines are the ones just before this row.
            for (long long k = pendingBlanks; k > 0; --k) {
                raw.columns[0].emplace_back();
                raw.lines.push_back(parser.rowLine_ - k);
            }
            pendingBlanks = 0;
        }
        for (std::size_t c = 0; c < width; ++c) raw.columns[c].push_back(std::move(parser.fields_[c]));
        raw.lines.push_back(parser.rowLine_);
    }
    if (raw.lines.empty()) {
        ErrorContext ctx = fileCtx;
        ctx.line = headerLine;
        throw inputError("the file has a header but no data rows", ctx);
    }
    return raw;
}

RawTable readCsv(const std::string& path, const CsvOptions& options) {
    // A regular file only: a folder, a FIFO or a device is refused before any
    // read (a device never ends, a FIFO may block forever).
    return parseCsv(readInputFile(path, {InputRole::Table, 0}), path, options);
}

}  // namespace streamsynth::data
