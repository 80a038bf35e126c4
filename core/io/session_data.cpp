// Session contents helpers; see session_data.h.
#include "core/io/session_data.h"

#include "core/data/table.h"

namespace streamsynth::io {

namespace {
constexpr std::uint64_t kFnvOffset = 14695981039346656037ULL;
constexpr std::uint64_t kFnvPrime = 1099511628211ULL;
}  // namespace

std::string SessionData::setting(const std::string& key, const std::string& fallback) const {
    for (const auto& [k, v] : settings)
        if (k == key) return v;
    return fallback;
}

void SessionData::setSetting(const std::string& key, const std::string& value) {
    for (auto& [k, v] : settings)
        if (k == key) {
            v = value;
            return;
        }
    settings.emplace_back(key, value);
}

std::uint64_t fnv1a64(const char* data, std::size_t size) {
    std::uint64_t h = kFnvOffset;
    for (std::size_t i = 0; i < size; ++i) {
        h ^= static_cast<unsigned char>(data[i]);
        h *= kFnvPrime;
    }
    return h;
}

std::uint64_t stepDigest(const data::Table& rows, std::size_t begin, std::size_t end) {
    std::uint64_t h = kFnvOffset;
    const int d = rows.domain().attributeCount();
    auto mix = [&h](unsigned char b) {
        h ^= b;
        h *= kFnvPrime;
    };
    for (std::size_t r = begin; r < end; ++r)
        for (int a = 0; a < d; ++a) {
            const data::Code c = rows.column(a)[r];
            mix(static_cast<unsigned char>(c & 0xFF));
            mix(static_cast<unsigned char>(c >> 8));
        }
    // The row count closes the digest so that an empty step and a step of
    // zero-width rows differ.
    const auto n = static_cast<std::uint64_t>(end - begin);
    for (int i = 0; i < 8; ++i) mix(static_cast<unsigned char>(n >> (8 * i)));
    return h;
}

}  // namespace streamsynth::io
