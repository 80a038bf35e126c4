// Reading a delimited text file (CSV, TSV, ...) into raw text columns, in
// one pass over a fully-read buffer. Strict: every malformed input is an
// input Error naming file, physical line and column; nothing is dropped.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace streamsynth::data {

struct CsvOptions {
    // 0 = detect among ',', ';', '\t', '|' from the header line (outside
    // quotes): the most frequent wins, ties in that order; none found = ','.
    char delimiter = 0;
};

// The file as text: a header and one column of strings per header name.
struct RawTable {
    std::string file;  // path/name for error messages
    char delimiter = ',';
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> columns;  // columns[c][r], column-major
    std::vector<long long> lines;                   // 1-based physical line where data row r starts
    long long headerLine = 1;                       // physical line of the header (after leading blank lines)

    std::size_t rowCount() const { return lines.size(); }
    // Index of the header name, -1 if absent.
    int columnIndex(std::string_view name) const;
};

// Rules (RFC 4180 plus what real files need):
// - a UTF-8 byte order mark is skipped; bytes must be valid UTF-8;
// - rows end with LF, CRLF or a lone CR; the last row may lack a newline;
// - a field may be quoted with '"'; inside quotes "" is a quote and the
//   delimiter and newlines are text; a quote inside an unquoted field, or
//   text after a closing quote, is an error;
// - the first row is the header: names must be non-empty and distinct;
// - every data row must have as many fields as the header;
// - blank lines are skipped when the header has several columns (they hold
//   no data); with a single column a blank line is an empty value, except
//   blank lines at the end of the file;
// - an empty file, or a header without data rows, is an error.
// Throws an Io Error when the file cannot be read.
RawTable readCsv(const std::string& path, const CsvOptions& options = {});
RawTable parseCsv(std::string_view text, const std::string& fileName, const CsvOptions& options = {});

// The delimiter the detection rule above picks for this text.
char detectDelimiter(std::string_view text);

}  // namespace streamsynth::data
