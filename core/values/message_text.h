// Text that goes into a message a person reads (stderr, the GUI, a log):
// anything that came from outside the program (a file name, a column name, an
// option's text, and — only when the user asked for it — a cell value) passes
// through here, so a message is never cut short by a NUL, never carries
// terminal control sequences, and never grows with its input (a 64 MB field
// must not become 64 MB of stderr). Policy: docs/messages.md.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace streamsynth {

// At most this many characters of one piece of outside text are shown.
inline constexpr std::size_t kMaxQuotedChars = 200;
// A whole message (location + text) is never longer than this.
inline constexpr std::size_t kMaxMessageChars = 1000;

// Control characters (C0, DEL, C1), invalid UTF-8 bytes and the Unicode
// bidirectional/line-separator controls written visibly: "\n", "\t", "\r",
// "\0", "\x1B", "\u202E". Printable text (also non-ASCII) is kept.
std::string escapeControls(std::string_view text);

// escapeControls(text), cut so that the result has at most maxChars
// characters (code points) plus "… (N bytes in all)" when anything was cut.
// Never splits a UTF-8 sequence or an escape.
std::string boundedText(std::string_view text, std::size_t maxChars = kMaxQuotedChars);

// boundedText in single quotes (not named `quoted`: std::quoted would win by ADL): 'value'.
std::string quotedText(std::string_view text);

}  // namespace streamsynth
