// The one exception family of StreamSynth. Every failure that a data steward
// can cause (bad file, bad setting, overspent budget, damaged session) is an
// Error carrying where it happened; the CLI and the GUI catch Error at their
// boundary and show describe(). Programming errors stay assertions.
// A message never quotes a private value (a cell of the data): such a value
// goes into ErrorContext::value and is shown only on request (the CLI's
// --verbose-errors). Outside text in messages goes through quotedText()
// (core/values/message_text.h); policy in docs/messages.md.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace streamsynth {

// Where a problem was found. Empty/negative fields are "not applicable".
struct ErrorContext {
    std::string file;        // path of the file being read or written
    long long line = -1;     // 1-based physical line in the file
    long long row = -1;      // 1-based data row (header excluded)
    int column = -1;         // 1-based column number
    std::string columnName;  // header name of the column, if known
    std::string setting;     // name of the offending setting/option
    // A private value the problem is about (a cell, a date read from the
    // data). Never part of message(); describe(true) appends it.
    std::string value;

    static ErrorContext forFile(std::string path) {
        ErrorContext c;
        c.file = std::move(path);
        return c;
    }
};

enum class ErrorKind {
    Input,    // the user's data or a file is malformed (CLI exit code 3)
    Setting,  // an option/parameter is invalid (CLI exit code 2)
    Privacy,  // a privacy rule would be broken (budget, non-public domain)
    Session,  // a session file is damaged, foreign or inconsistent
    Io,       // the operating system refused a read/write
};

class Error : public std::runtime_error {
public:
    Error(ErrorKind kind, std::string message, ErrorContext context = {});

    ErrorKind kind() const noexcept { return kind_; }
    const ErrorContext& context() const noexcept { return context_; }
    // The bare message, without location.
    const std::string& message() const noexcept { return message_; }
    // "file, line 12, column 3 (age): message" in plain words, control
    // characters escaped, outside text bounded (kMaxQuotedChars per piece,
    // kMaxMessageChars in all). showPrivateValue: append context().value
    // ("(value: 'x')"), for a user who asked to see it (--verbose-errors).
    std::string describe(bool showPrivateValue = false) const;

private:
    ErrorKind kind_;
    std::string message_;
    ErrorContext context_;
};

// Short-hands for the common kinds.
Error inputError(std::string message, ErrorContext context = {});
Error settingError(std::string setting, std::string message);
// An input Error about the private value `value` at `context` (the value
// goes into context.value, never into the message).
Error valueError(std::string message, ErrorContext context, std::string value);

}  // namespace streamsynth
