// Session files; see session_store.h. Layout (little-endian):
//   0  char[8]  "STRMSYNS"
//   8  uint32   format version
//  12  uint64   payload length in bytes
//  20  uint64   FNV-1a 64 of the payload
//  28  payload  Boost binary archive (no Boost header) of the version's layout
// A format change adds a row to kFormats: the new writer/reader, and the old
// reader keeps reading its layout and fills the new fields (the upgrade).
// Version 2 adds the run's privacy model and display δ after the
// run config; version 1 files load as pure ε-DP. Version 3 adds
// the accuracy options; version 4 the proposed streamers' release
// recipes (files of versions 1-3 continue with the sampled release rule);
// version 11 the 1-way share's rule (older files: their share, fixed);
// version 12 whether the rounds may select tracked workloads (older: yes);
// version 15 the header's checksum over 8-byte words (sessionPayloadChecksum).
// The writers and readers are in session_format_writers.cpp and
// session_format_readers.cpp (session_formats.h).
#include "core/io/session_store.h"

#include <sys/stat.h>

#include <algorithm>
#include <boost/archive/archive_exception.hpp>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>

#include "core/io/session_formats.h"
#include "core/io/string_put_area.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"

namespace streamsynth::io {

namespace {

constexpr char kMagic[8] = {'S', 'T', 'R', 'M', 'S', 'Y', 'N', 'S'};
constexpr std::size_t kHeaderSize = 28;
constexpr auto kArchiveFlags = boost::archive::no_header;

std::function<void()>& beforeRenameHook() {
    static std::function<void()> hook;
    return hook;
}

struct Format {
    std::uint32_t version;
    void (*write)(boost::archive::binary_oarchive&, const SessionData&);  // null: read-only (older) version
    SessionData (*read)(SessionIArchive&);  // reads and upgrades to the current data
};
// writeV1..writeV12 stay for the upgrade tests: they write what those versions held.
constexpr Format kFormats[] = {
    {1, &writeV1, &readV1},    {2, &writeV2, &readV2},    {3, &writeV3, &readV3},
    {4, &writeV4, &readV4},    {5, &writeV5, &readV5},    {6, &writeV6, &readV6},
    {7, &writeV7, &readV7},    {8, &writeV8, &readV8},    {9, &writeV9, &readV9},
    {10, &writeV10, &readV10}, {11, &writeV11, &readV11}, {12, &writeV12, &readV12},
    {13, &writeV13, &readV13}, {14, &writeV14, &readV14}, {15, &writeV14, &readV14},
    {16, &writeV16, &readV16},
};

const Format* findFormat(std::uint32_t version) {
    for (const Format& f : kFormats)
        if (f.version == version) return &f;
    return nullptr;
}

void putLe(std::string& out, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
std::uint64_t getLe(const std::string& in, std::size_t at, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + i])) << (8 * i);
    return v;
}

// "FILE is not a readable session: PART: PROBLEM". The message starts with
// the file's name (no context file, so it is not named twice).
Error sessionError(const std::string& file, const std::string& problem) {
    return Error(ErrorKind::Session, file + " is not a readable session: " + problem);
}

// The archive's own exceptions in words: never raw C++ text such as
// "std::bad_alloc" or "input stream error".
std::string archiveProblem(const boost::archive::archive_exception& e) {
    switch (e.code) {
        case boost::archive::archive_exception::input_stream_error:
            return "it ends before its last field (damaged or cut short)";
        case boost::archive::archive_exception::array_size_too_short:
            return "a list is longer than its stored size allows (damaged)";
        default:
            return "its layout does not match the format version in the header (damaged)";
    }
}

// The series' budgets in the run's model, stated at the run's δ (the
// readers know them only after the series).
void restoreBudgets(stream::RunConfig& config) {
    for (stream::SeriesConfig& s : config.series)
        s.budget = privacy::Budget::of(config.privacy, s.budget.amount(), config.delta);
}

// Reads the payload with the version's reader; every failure is named.
SessionData readPayload(const Format& f, const std::string& bytes, std::uint64_t length,
                        const std::string& file) {
    const std::string part = "the contents (format version " + std::to_string(f.version) + "): ";
    try {
        std::istringstream in(bytes.substr(kHeaderSize));
        SessionData d;
        {
            SessionIArchive ar(in, kArchiveFlags, length);
            d = f.read(ar);
        }
        restoreBudgets(d.config);
        // A reader that stops short of the payload read another layout:
        // a file relabelled with an older version must not load.
        const std::streamoff used = in.tellg();
        if (used < 0 || static_cast<std::uint64_t>(used) != length)
            throw sessionError(file, part + "the reader of this version stops after " + std::to_string(used) +
                                         " of " + std::to_string(length) +
                                         " bytes: the version in the header does not match the contents");
        return d;
    } catch (const Error& e) {
        if (e.message().rfind(file + " is not a readable session", 0) == 0) throw;
        throw sessionError(file, part + e.message());
    } catch (const boost::archive::archive_exception& e) {
        throw sessionError(file, part + archiveProblem(e));
    } catch (const std::bad_alloc&) {
        throw sessionError(file, part + "a size stored in it is impossibly large (damaged)");
    } catch (const std::length_error& e) {
        const std::string what = e.what();
        throw sessionError(file, part + (what.rfind("a stored size", 0) == 0
                                             ? what + " (damaged)"
                                             : "a size stored in it is impossibly large (damaged)"));
    } catch (const std::exception&) {
        throw sessionError(file, part + "a field holds an impossible value (damaged)");
    }
}

}  // namespace

namespace {

// The file's bytes for data in format version, written into out (its
// capacity reused): the archive writes the payload in place after room for
// the header, which is filled in last.
void encodeSessionInto(std::string& out, const SessionData& data, std::uint32_t version) {
    const Format* f = findFormat(version);
    if (f == nullptr || f->write == nullptr)
        throw settingError("version", "cannot write session format version " + std::to_string(version));
    out.clear();
    StringPutArea area(out, kHeaderSize);
    {
        std::ostream payload(&area);
        boost::archive::binary_oarchive ar(payload, kArchiveFlags);
        f->write(ar, data);
    }
    area.finish();
    const std::size_t length = out.size() - kHeaderSize;
    std::string header(kMagic, sizeof kMagic);
    putLe(header, version, 4);
    putLe(header, length, 8);
    putLe(header, sessionPayloadChecksum(version, out.data() + kHeaderSize, length), 8);
    out.replace(0, kHeaderSize, header);
}

}  // namespace

std::string encodeSession(const SessionData& data, std::uint32_t version) {
    std::string out;
    encodeSessionInto(out, data, version);
    return out;
}

SessionData decodeSession(const std::string& bytes, const std::string& file) {
    if (bytes.empty())
        throw sessionError(file, "the header: not a StreamSynth session file (the file is empty)");
    if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw sessionError(file, bytes.size() < sizeof kMagic && std::string(kMagic, bytes.size()) == bytes
                                     ? "the header: the file is truncated (shorter than its header)"
                                     : "the header: not a StreamSynth session file (wrong magic bytes)");
    if (bytes.size() < kHeaderSize)
        throw sessionError(file, "the header: the file is truncated (shorter than its header)");
    const auto version = static_cast<std::uint32_t>(getLe(bytes, 8, 4));
    const std::uint64_t length = getLe(bytes, 12, 8);
    const std::uint64_t checksum = getLe(bytes, 20, 8);
    if (version > kSessionFormatVersion)
        throw sessionError(file, "the header: format version " + std::to_string(version) +
                                     " was made by a newer StreamSynth (this one reads up to version " +
                                     std::to_string(kSessionFormatVersion) + "); update StreamSynth");
    const Format* f = findFormat(version);
    if (f == nullptr)
        throw sessionError(file, "the header: unknown format version " + std::to_string(version));
    const std::uint64_t available = bytes.size() - kHeaderSize;
    if (available < length)
        throw sessionError(file, "the payload: the file is truncated (" + std::to_string(available) + " of " +
                                     std::to_string(length) + " payload bytes)");
    if (available > length)
        throw sessionError(file, "the payload: the file has extra bytes after its payload (damaged)");
    if (sessionPayloadChecksum(version, bytes.data() + kHeaderSize, length) != checksum)
        throw sessionError(file, "the payload: the file is damaged (checksum mismatch)");
    return readPayload(*f, bytes, length, file);
}

// Byte by byte up to format 14, by 8-byte words from 15 (the same layout; a
// release-mode run saves megabytes before every step, and the byte-wise hash
// was 9% of such a run).
std::uint64_t sessionPayloadChecksum(std::uint32_t version, const char* payload, std::size_t length) {
    return version >= 15 ? fnv1a64Words(payload, length) : fnv1a64(payload, length);
}

std::vector<std::uint32_t> readableSessionVersions() {
    std::vector<std::uint32_t> out;
    for (const Format& f : kFormats) out.push_back(f.version);
    return out;
}

void saveSession(const std::string& path, const SessionData& data) {
    // The session holds private values (true marginals, counters' sums): 0600,
    // written durably beside the target and renamed over it (a failed save
    // keeps the previous session).
    WriteOptions options;
    options.access = FileAccess::Private;
    options.beforeCommit = beforeRenameHook();
    options.mayReplaceInput = static_cast<int>(InputRole::Session);  // `continue` updates the session it read
    // One buffer a thread, kept between saves: a release-mode run saves its
    // session (megabytes) before every step, and a fresh buffer each time
    // was faulted in page by page.
    // Wiped after use (written or not), so the private payload does not
    // stay in the thread's memory between saves.
    thread_local std::string bytes;
    struct Wipe {
        std::string& s;
        ~Wipe() { std::fill(s.begin(), s.end(), '\0'); }
    } wipe{bytes};
    encodeSessionInto(bytes, data, kSessionFormatVersion);
    writeOutputFile(path, bytes, options);
}

SessionData loadSession(const std::string& path) {
    return decodeSession(readInputFile(path, {InputRole::Session, kMaxSessionBytes}), path);
}

Error sessionDamage(const std::string& file, const std::string& part, const std::string& problem) {
    return sessionError(file, part + ": " + problem);
}

namespace detail {
void setBeforeRenameHookForTests(std::function<void()> hook) {
    beforeRenameHook() = std::move(hook);
}
}  // namespace detail

bool isSessionFile(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
    std::ifstream in(path, std::ios::binary);
    char head[sizeof kMagic] = {};
    if (!in.read(head, sizeof head)) return false;
    return std::memcmp(head, kMagic, sizeof head) == 0;
}

}  // namespace streamsynth::io
