// The keyed row sketch of look-alike tables (row_sketch.h).
#include "core/registry/row_sketch.h"

#include <QMessageAuthenticationCode>
#include <algorithm>
#include <array>
#include <cstdint>
#include <set>

namespace streamsynth::registry {
namespace {

char detectDelimiter(const std::string& header) {
    char best = ',';
    long most = 0;
    for (char c : {',', ';', '\t', '|'}) {
        const long n = std::count(header.begin(), header.end(), c);
        if (n > most) {
            most = n;
            best = c;
        }
    }
    return best;
}

// One line's fields joined by the unit separator; quotes ("a ""b""") read.
std::string normalizedLine(const std::string& line, char delimiter) {
    std::string out, field;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == delimiter) {
            out += field + '\x1f';
            field.clear();
        } else {
            field += c;
        }
    }
    return out + field;
}

std::vector<std::string> lines(const std::string& sample) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at < sample.size()) {
        std::size_t end = sample.find('\n', at);
        if (end == std::string::npos) end = sample.size();
        std::string line = sample.substr(at, end - at);
        while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
        if (!line.empty()) out.push_back(std::move(line));
        at = end + 1;
    }
    return out;
}

}  // namespace

std::vector<std::string> normalizedRows(const std::string& sample) {
    std::vector<std::string> rows = lines(sample);
    if (rows.empty()) return rows;
    const char delimiter = detectDelimiter(rows.front());
    for (std::string& row : rows) row = normalizedLine(row, delimiter);
    return rows;
}

std::string rowSketch(const std::string& sample, const QByteArray& key) {
    std::set<std::uint64_t> smallest;  // the kSketchSize smallest distinct hashes so far
    const std::vector<std::string> rows = normalizedRows(sample);
    // Rows only: tables of other people under the same header must not look alike.
    for (std::size_t r = 1; r < rows.size(); ++r) {
        const std::string& row = rows[r];
        const QByteArray mac =
            QMessageAuthenticationCode::hash(QByteArray::fromStdString(row), key, QCryptographicHash::Sha256);
        std::uint64_t h = 0;
        for (int i = 0; i < 8; ++i) h = (h << 8) | static_cast<unsigned char>(mac[i]);
        smallest.insert(h);
        if (smallest.size() > static_cast<std::size_t>(kSketchSize))
            smallest.erase(std::prev(smallest.end()));
    }
    std::string out;
    static constexpr std::array<char, 16> kHex{'0', '1', '2', '3', '4', '5', '6', '7',
                                               '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
    for (std::uint64_t h : smallest)
        for (int shift = 60; shift >= 0; shift -= 4) out += kHex[(h >> shift) & 0xF];
    return out;
}

bool sketchesMatch(const std::string& a, const std::string& b) {
    if (a.empty() || b.empty() || a.size() % 16 != 0 || b.size() % 16 != 0) return false;
    std::set<std::string> left;
    for (std::size_t i = 0; i < a.size(); i += 16) left.insert(a.substr(i, 16));
    std::size_t shared = 0, right = 0;
    for (std::size_t i = 0; i < b.size(); i += 16, ++right) shared += left.count(b.substr(i, 16));
    return 2 * shared >= std::min(left.size(), right);
}

bool sameRows(const std::string& a, const std::string& b) {
    if (a.empty() || b.empty()) return false;
    const std::size_t sa = a.find(' '), sb = b.find(' ');
    if (a.substr(0, sa) == b.substr(0, sb)) return true;
    return sa != std::string::npos && sb != std::string::npos &&
           sketchesMatch(a.substr(sa + 1), b.substr(sb + 1));
}

}  // namespace streamsynth::registry
