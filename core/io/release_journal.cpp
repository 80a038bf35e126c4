// The release journal (see release_journal.h).
#include "core/io/release_journal.h"

#include <sys/stat.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/privacy/rng.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"

namespace streamsynth::io {
namespace {

constexpr const char* kHeader =
    "# StreamSynth release journal v1: stream series step digest (append-only; never edit)\n";

std::string hex(std::uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016" PRIx64, v);
    return buf;
}

}  // namespace

ReleaseJournal::ReleaseJournal(std::string path) : path_(std::move(path)) {
    struct stat st {};
    if (::lstat(path_.c_str(), &st) != 0 && errno == ENOENT) return;  // no journal yet
    // A regular file only: a FIFO put in its place would block the run, a
    // link to /dev/zero fill the memory (Error(Io) naming the journal).
    const std::string text = readInputFile(path_, {InputRole::Journal, 0, /*remember=*/false});
    long long lineNo = 0;
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t nl = text.find('\n', at);
        if (nl == std::string::npos) break;  // a torn last line: the write that made it never finished
        const std::string line = text.substr(at, nl - at);
        at = nl + 1;
        ++lineNo;
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        JournalEntry e;
        std::string digest;
        if (!(fields >> e.stream >> e.series >> e.step >> digest) || e.step < 1) {
            ErrorContext ctx = ErrorContext::forFile(path_);
            ctx.line = lineNo;
            throw Error(ErrorKind::Session, "the release journal is damaged (not a journal line)", ctx);
        }
        e.digest = std::strtoull(digest.c_str(), nullptr, 16);
        entries_.push_back(std::move(e));
    }
}

const JournalEntry* ReleaseJournal::find(const std::string& stream, const std::string& series,
                                         int step) const {
    for (const JournalEntry& e : entries_)
        if (e.stream == stream && e.series == series && e.step == step) return &e;
    return nullptr;
}

int ReleaseJournal::lastStep(const std::string& stream) const {
    int last = 0;
    for (const JournalEntry& e : entries_)
        if (e.stream == stream) last = std::max(last, e.step);
    return last;
}

void ReleaseJournal::record(const std::vector<JournalEntry>& entries) {
    if (entries.empty()) return;
    std::string text;
    struct stat st {};
    const bool fresh = ::stat(path_.c_str(), &st) != 0 || st.st_size == 0;
    if (fresh) text = kHeader;
    for (const JournalEntry& e : entries)
        text += e.stream + ' ' + e.series + ' ' + std::to_string(e.step) + ' ' + hex(e.digest) + '\n';
    appendDurably(path_, text, "the release journal");
    entries_.insert(entries_.end(), entries.begin(), entries.end());
}

std::string newStreamId() {
    auto rng = privacy::makeSecureRng();
    return hex(rng->nextU64()) + hex(rng->nextU64());
}

}  // namespace streamsynth::io
