// estimateReleaseFileSize: a sample of uniform rows through the release writer (and gzip).
#include "core/io/release_size.h"

#include "core/io/gzip_stream.h"
#include "core/privacy/rng.h"

namespace streamsynth::io {

namespace {

// Bytes of the file holding `rows` (header included) in `format`.
double fileBytes(const data::Table& rows, const data::Schema& schema, BinOutput bins,
                 ReleaseFileFormat format) {
    // The draws of uniform values inside bins, like an export's: seeded, independent of any data.
    const auto rng = privacy::makeSeededRng(0, "release-size-estimate");
    double bytes = 0;
    if (format == ReleaseFileFormat::Csv) {
        releaseCsvPieces(rows, schema, bins, rng.get(),
                         [&](std::string_view piece) { bytes += double(piece.size()); });
        return bytes;
    }
    GzipWriter gz([&](std::string_view piece) { bytes += double(piece.size()); });
    releaseCsvPieces(rows, schema, bins, rng.get(), [&](std::string_view piece) { gz.write(piece); });
    gz.finish();
    return bytes;
}

}  // namespace

ReleaseFileSize estimateReleaseFileSize(const data::Schema& schema, BinOutput bins,
                                        ReleaseFileFormat format) {
    // 20,000 rows: gzip's 32 KB window is warm for all but the first rows, as in a real step file.
    constexpr std::size_t kRows = 20000;
    const data::Domain domain = schema.domain();
    data::Table sample(domain, kRows);
    const auto draw = privacy::makeSeededRng(0, "release-size-sample");
    for (int a = 0; a < domain.attributeCount(); ++a) {
        const auto size =
            static_cast<std::uint64_t>(schema.attributes[static_cast<std::size_t>(a)].domainSize());
        for (std::size_t r = 0; r < kRows; ++r)
            sample.set(r, a, static_cast<data::Code>(draw->uniformBelow(size)));
    }
    const double header = fileBytes(data::Table(domain, 0), schema, bins, format);
    ReleaseFileSize out;
    out.bytesPerFile = header;
    out.bytesPerRow = (fileBytes(sample, schema, bins, format) - header) / double(kRows);
    return out;
}

}  // namespace streamsynth::io
