// Escaping and bounding of outside text in messages; see message_text.h.
#include "core/values/message_text.h"

#include <cstdint>
#include <cstdio>

namespace streamsynth {

namespace {

// Decodes one UTF-8 sequence at text[i]; returns its length (0: invalid
// byte) and the code point.
std::size_t decode(std::string_view text, std::size_t i, std::uint32_t& cp) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    const unsigned char c = b(0);
    if (c < 0x80) {
        cp = c;
        return 1;
    }
    auto cont = [&](std::size_t k) { return i + k < text.size() && (b(k) & 0xC0) == 0x80; };
    if (c >= 0xC2 && c < 0xE0 && cont(1)) {
        cp = ((c & 0x1Fu) << 6) | (b(1) & 0x3Fu);
        return 2;
    }
    if (c >= 0xE0 && c < 0xF0 && cont(1) && cont(2)) {
        cp = ((c & 0x0Fu) << 12) | ((b(1) & 0x3Fu) << 6) | (b(2) & 0x3Fu);
        if (cp < 0x800 || (cp >= 0xD800 && cp < 0xE000)) return 0;  // overlong, surrogate
        return 3;
    }
    if (c >= 0xF0 && c < 0xF5 && cont(1) && cont(2) && cont(3)) {
        cp = ((c & 0x07u) << 18) | ((b(1) & 0x3Fu) << 12) | ((b(2) & 0x3Fu) << 6) | (b(3) & 0x3Fu);
        if (cp < 0x10000 || cp > 0x10FFFF) return 0;
        return 4;
    }
    return 0;
}

// Code points that change how a terminal or a text view shows what follows,
// or that show as nothing at all (zero-width spaces and joiners, the word
// joiner, a byte order mark: a column named "\uFEFFa" looked like "a").
bool invisibleControl(std::uint32_t cp) {
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0) || cp == 0x2028 || cp == 0x2029 ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E || cp == 0x200F ||
           (cp >= 0x200B && cp <= 0x200D) || cp == 0x2060 || cp == 0xFEFF;
}

std::string escapeOf(std::uint32_t cp) {
    switch (cp) {
        case '\n':
            return "\\n";
        case '\t':
            return "\\t";
        case '\r':
            return "\\r";
        case 0:
            return "\\0";
        default:
            break;
    }
    char buf[16];
    if (cp < 0x80)
        std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(cp));
    else
        std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(cp));
    return buf;
}

// Appends the visible form of the piece at text[i] to out; returns the bytes
// consumed and (in chars) the characters appended.
std::size_t visiblePiece(std::string_view text, std::size_t i, std::string& out, std::size_t& chars) {
    std::uint32_t cp = 0;
    const std::size_t n = decode(text, i, cp);
    if (n == 0) {  // an invalid byte: shown as its value
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(static_cast<unsigned char>(text[i])));
        out = buf;
        chars = out.size();
        return 1;
    }
    if (invisibleControl(cp)) {
        out = escapeOf(cp);
        chars = out.size();
    } else {
        out.assign(text.substr(i, n));
        chars = 1;
    }
    return n;
}

}  // namespace

std::string escapeControls(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    std::string piece;
    std::size_t chars = 0;
    for (std::size_t i = 0; i < text.size();) {
        i += visiblePiece(text, i, piece, chars);
        out += piece;
    }
    return out;
}

std::string boundedText(std::string_view text, std::size_t maxChars) {
    std::string out;
    std::string piece;
    std::size_t shown = 0, chars = 0, i = 0;
    while (i < text.size()) {
        const std::size_t n = visiblePiece(text, i, piece, chars);
        if (shown + chars > maxChars) break;
        out += piece;
        shown += chars;
        i += n;
    }
    if (i < text.size()) out += "\u2026 (" + std::to_string(text.size()) + " bytes in all)";
    return out;
}

std::string quotedText(std::string_view text) {
    return "'" + boundedText(text) + "'";
}

}  // namespace streamsynth
