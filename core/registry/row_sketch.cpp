// The keyed b-bit minwise sketch of look-alike tables (row_sketch.h).
#include "core/registry/row_sketch.h"

#include <QMessageAuthenticationCode>
#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <limits>

#include "core/values/number_text.h"

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

// A field trimmed, a number in its shortest form.
std::string normalizedField(std::string field) {
    const auto blank = [](char c) { return c == ' ' || c == '\t'; };
    while (!field.empty() && blank(field.back())) field.pop_back();
    field.erase(field.begin(), std::find_if_not(field.begin(), field.end(), blank));
    double v = 0;
    const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
    if (ec == std::errc() && end == field.data() + field.size() && !field.empty())
        return shortestNumberText(v);
    return field;
}

// One line's fields (quotes read: "a ""b"""), normalized, empty ones left out.
std::vector<std::string> fieldsOf(const std::string& line, char delimiter) {
    std::vector<std::string> out;
    std::string field;
    bool quoted = false;
    const auto finish = [&] {
        std::string f = normalizedField(std::move(field));
        if (!f.empty()) out.push_back(std::move(f));
        field.clear();
    };
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
            field += '"';
            ++i;
        } else if (c == '"') {
            quoted = !quoted;
        } else if (!quoted && c == delimiter) {
            finish();
        } else {
            field += c;
        }
    }
    finish();
    return out;
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

// A row's keyed hash: the first 8 bytes of HMAC-SHA-256(key, row).
std::uint64_t keyedHash(const QByteArray& key, const QByteArray& message) {
    const QByteArray mac = QMessageAuthenticationCode::hash(message, key, QCryptographicHash::Sha256);
    std::uint64_t h = 0;
    for (int i = 0; i < 8; ++i) h = (h << 8) | static_cast<unsigned char>(mac[i]);
    return h;
}

// SplitMix64's finaliser (Steele, Lea & Flood 2014): a bijection that mixes
// every bit, so that x ^ seed_j orders the rows differently for each position.
std::uint64_t mix(std::uint64_t x) {
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

}  // namespace

std::vector<std::string> normalizedRows(const std::string& sample) {
    std::vector<std::string> rows = lines(sample);
    if (rows.empty()) return rows;
    const char delimiter = detectDelimiter(rows.front());
    for (std::string& row : rows) {
        std::vector<std::string> fields = fieldsOf(row, delimiter);
        std::sort(fields.begin(), fields.end());
        row.clear();
        for (const std::string& f : fields) row += (row.empty() ? "" : "\x1f") + f;
    }
    return rows;
}

std::string rowSketch(const std::string& sample, const QByteArray& key) {
    const std::vector<std::string> rows = normalizedRows(sample);
    if (rows.size() < 2) return {};
    std::array<std::uint64_t, kSketchSize> seed{}, minimum{};
    for (int j = 0; j < kSketchSize; ++j) seed[j] = keyedHash(key, "position " + QByteArray::number(j));
    minimum.fill(std::numeric_limits<std::uint64_t>::max());
    for (std::size_t r = 1; r < rows.size(); ++r) {  // rows only: the header is every such table's
        const std::uint64_t h = keyedHash(key, QByteArray::fromStdString(rows[r]));
        for (int j = 0; j < kSketchSize; ++j) minimum[j] = std::min(minimum[j], mix(h ^ seed[j]));
    }
    std::string out;
    for (std::uint64_t m : minimum) out += "0123456789abcdef"[m & ((1u << kSketchBits) - 1)];
    return out;
}

bool sketchesMatch(const std::string& a, const std::string& b) {
    if (a.size() != static_cast<std::size_t>(kSketchSize) || b.size() != a.size()) return false;
    int agree = 0;
    for (std::size_t j = 0; j < a.size(); ++j) agree += a[j] == b[j];
    return 10 * agree >= 6 * kSketchSize;
}

namespace {
struct Parts {
    std::string digest, sketch;  // either may be empty
};
Parts partsOf(const std::string& fingerprint) {
    if (fingerprint.rfind(kSketchPrefix, 0) == 0) return {{}, fingerprint.substr(std::strlen(kSketchPrefix))};
    const std::size_t space = fingerprint.find(' ');
    if (space == std::string::npos) return {fingerprint, {}};
    return {fingerprint.substr(0, space), fingerprint.substr(space + 1)};
}
}  // namespace

bool sameRows(const std::string& a, const std::string& b) {
    const Parts pa = partsOf(a), pb = partsOf(b);
    if (!pa.digest.empty() && pa.digest == pb.digest) return true;
    return !pa.sketch.empty() && !pb.sketch.empty() && sketchesMatch(pa.sketch, pb.sketch);
}

}  // namespace streamsynth::registry
