// Step digests; see step_digest.h.
#include "core/steps/step_digest.h"

#include <cmath>

#include "core/steps/step_source.h"

namespace streamsynth::stream {

namespace {
constexpr std::uint64_t kFnvPrime = 1099511628211ULL;

struct Fnv {
    std::uint64_t h = kFnvOffsetBasis;
    void byte(unsigned char b) {
        h ^= b;
        h *= kFnvPrime;
    }
    void u64(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) byte(static_cast<unsigned char>(v >> (8 * i)));
    }
};
}  // namespace

void RowsDigest::add(const data::Table& rows, std::size_t begin, std::size_t end) {
    Fnv f{h_};
    const int d = rows.domain().attributeCount();
    for (std::size_t r = begin; r < end; ++r)
        for (int a = 0; a < d; ++a) {
            const data::Code c = rows.column(a)[r];
            f.byte(static_cast<unsigned char>(c & 0xFF));
            f.byte(static_cast<unsigned char>(c >> 8));
        }
    h_ = f.h;
    rows_ += end - begin;
}

std::uint64_t RowsDigest::value() const {
    // The row count closes the digest so that an empty step and a step of
    // zero-width rows differ.
    Fnv f{h_};
    f.u64(static_cast<std::uint64_t>(rows_));
    return f.h;
}

std::uint64_t rowsDigest(const data::Table& rows, std::size_t begin, std::size_t end) {
    RowsDigest d;
    d.add(rows, begin, end);
    return d.value();
}

std::uint64_t marginalsDigest(const StepMarginals& step) {
    Fnv f;
    f.u64(static_cast<std::uint64_t>(step.rows));
    for (const auto& answer : step.answers)
        for (double v : answer) f.u64(static_cast<std::uint64_t>(std::llround(v)));
    return f.h;
}

}  // namespace streamsynth::stream
