// Session contents helpers; see session_data.h.
#include "core/io/session_data.h"

#include "core/steps/step_digest.h"
#include "core/values/table.h"

namespace streamsynth::io {

namespace {
constexpr std::uint64_t kFnvOffset = 14695981039346656037ULL;
constexpr std::uint64_t kFnvPrime = 1099511628211ULL;
}  // namespace

std::uint64_t fnv1a64(const char* data, std::size_t size) {
    std::uint64_t h = kFnvOffset;
    for (std::size_t i = 0; i < size; ++i) {
        h ^= static_cast<unsigned char>(data[i]);
        h *= kFnvPrime;
    }
    return h;
}

std::uint64_t fnv1a64Words(const char* data, std::size_t size) {
    std::uint64_t h = kFnvOffset;
    for (std::size_t i = 0; i < size; i += 8) {
        // The next 8 bytes as a little-endian word whatever the machine (a load
        // on x86); the last, short one padded with zeros.
        std::uint64_t word = 0;
        for (std::size_t b = 0; b < 8 && i + b < size; ++b)
            word |= std::uint64_t(static_cast<unsigned char>(data[i + b])) << (8 * b);
        h ^= word;
        h *= kFnvPrime;
        h ^= h >> 32;  // a multiply carries a change only upwards: fold the high half back
    }
    h ^= static_cast<std::uint64_t>(size);  // a payload and its zero-padded extension differ
    h *= kFnvPrime;
    return h ^ (h >> 32);
}

std::uint64_t stepDigest(const data::Table& rows, std::size_t begin, std::size_t end) {
    return stream::rowsDigest(rows, begin, end);
}

}  // namespace streamsynth::io
