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

std::uint64_t stepDigest(const data::Table& rows, std::size_t begin, std::size_t end) {
    return stream::rowsDigest(rows, begin, end);
}

}  // namespace streamsynth::io
