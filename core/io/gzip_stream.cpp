// GzipWriter and gunzip on zlib (deflate with a gzip wrapper: windowBits 15 + 16).
#include "core/io/gzip_stream.h"

#include <zlib.h>

#include "core/values/error.h"

namespace streamsynth::io {

namespace {
constexpr int kGzipWindow = 15 + 16;  // 32 KB window, gzip header and trailer
constexpr std::size_t kChunk = 1 << 16;
}  // namespace

struct GzipWriter::Impl {
    z_stream z{};
    std::string out = std::string(kChunk, '\0');
    bool finished = false;
};

GzipWriter::GzipWriter(OutputSink sink, int level) : impl_(std::make_unique<Impl>()), sink_(std::move(sink)) {
    if (deflateInit2(&impl_->z, level, Z_DEFLATED, kGzipWindow, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        throw Error(ErrorKind::Io, "cannot start the gzip compressor (zlib)");
}

GzipWriter::~GzipWriter() {
    deflateEnd(&impl_->z);
}

void GzipWriter::pump(int flush) {
    z_stream& z = impl_->z;
    int rc = Z_OK;
    do {
        z.next_out = reinterpret_cast<Bytef*>(impl_->out.data());
        z.avail_out = static_cast<uInt>(impl_->out.size());
        rc = deflate(&z, flush);
        if (rc == Z_STREAM_ERROR) throw Error(ErrorKind::Io, "the gzip compressor failed (zlib)");
        const std::size_t have = impl_->out.size() - z.avail_out;
        if (have > 0) {
            sink_(std::string_view(impl_->out.data(), have));
            written_ += have;
        }
    } while (z.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
}

void GzipWriter::write(std::string_view bytes) {
    if (impl_->finished) throw Error(ErrorKind::Io, "gzip: write after finish");
    while (!bytes.empty()) {
        const std::size_t n = std::min<std::size_t>(bytes.size(), 1u << 30);
        impl_->z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
        impl_->z.avail_in = static_cast<uInt>(n);
        pump(Z_NO_FLUSH);
        bytes.remove_prefix(n);
    }
}

void GzipWriter::finish() {
    if (impl_->finished) return;
    impl_->z.next_in = nullptr;
    impl_->z.avail_in = 0;
    pump(Z_FINISH);
    impl_->finished = true;
}

std::string gunzip(std::string_view gz, const std::string& name) {
    z_stream z{};
    if (inflateInit2(&z, kGzipWindow) != Z_OK)
        throw Error(ErrorKind::Io, "cannot start the gzip reader (zlib)");
    std::string text;
    std::string buffer(kChunk, '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gz.data()));
    z.avail_in = static_cast<uInt>(gz.size());
    int rc = Z_OK;
    while (z.avail_in > 0 || rc == Z_OK) {
        z.next_out = reinterpret_cast<Bytef*>(buffer.data());
        z.avail_out = static_cast<uInt>(buffer.size());
        rc = inflate(&z, Z_NO_FLUSH);
        text.append(buffer.data(), buffer.size() - z.avail_out);
        if (rc == Z_STREAM_END) {
            if (z.avail_in == 0) break;
            inflateReset(&z);  // the next member
            rc = Z_OK;
            continue;
        }
        if (rc != Z_OK) break;
        if (z.avail_in == 0 && z.avail_out != 0) break;  // input ends inside a member
    }
    inflateEnd(&z);
    if (rc != Z_STREAM_END)
        throw Error(ErrorKind::Input,
                    "not a complete gzip file (" + std::string(z.msg ? z.msg : "cut off") + ")",
                    ErrorContext::forFile(name));
    return text;
}

}  // namespace streamsynth::io
