// libFuzzer target: the session reader (core/io/session_store.h) on any
// bytes. The checksum is made right again first, so the fuzzer reaches the
// archive reader instead of stopping at the checksum (as a hostile file
// would). A session it accepts must encode and decode again.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/io/session_store.h"
#include "core/values/error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string bytes(reinterpret_cast<const char*>(data), size);
    constexpr std::size_t kHeader = 28;  // magic 8, version 4, length 8, checksum 8
    if (bytes.size() >= kHeader) {
        const std::uint64_t length = bytes.size() - kHeader;
        std::uint32_t version = 0;  // the checksum the file's own format version asks for
        for (int i = 0; i < 4; ++i)
            version |= std::uint32_t(static_cast<unsigned char>(bytes[8 + i])) << (8 * i);
        const std::uint64_t sum =
            streamsynth::io::sessionPayloadChecksum(version, bytes.data() + kHeader, bytes.size() - kHeader);
        for (int i = 0; i < 8; ++i) {
            bytes[12 + i] = static_cast<char>((length >> (8 * i)) & 0xFF);
            bytes[20 + i] = static_cast<char>((sum >> (8 * i)) & 0xFF);
        }
    }
    try {
        const streamsynth::io::SessionData session = streamsynth::io::decodeSession(bytes, "fuzz.session");
        (void)streamsynth::io::decodeSession(streamsynth::io::encodeSession(session), "fuzz-again.session");
    } catch (const streamsynth::Error&) {
    }
    return 0;
}
