// The release journal: an append-only, fsynced record of every release a
// stream has made (stream id + series + step + digest of the release), kept
// beside the session (<session>.journal) and in the output folder
// (<out>/releases.journal). A step's record is written after the session
// that holds the step and before the step's files, so:
//  - a copy of an older session cannot release a step again with fresh
//    noise: the journal already holds that step of that stream, whatever
//    copy of the session is given (the run is refused, exit 4);
//  - a crash between the journal and the files leaves a session that holds
//    the step, so `continue` writes the files from it without drawing anew.
// A journal is never rewritten: lines are appended and flushed to disk; a torn
// last line (a crash inside a write) is ignored when reading.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace streamsynth::io {

struct JournalEntry {
    std::string stream;  // the stream's id (a session's "stream-id")
    std::string series;
    int step = 0;
    std::uint64_t digest =
        0;  // Streamer::releaseDigest: of the release's codes, or of a proposed release's recipe
};

class ReleaseJournal {
public:
    // Reads path if it exists (Error(Io) when it cannot be read, Error(Session)
    // when a complete line is not a journal line).
    explicit ReleaseJournal(std::string path);

    const std::string& path() const { return path_; }
    const std::vector<JournalEntry>& entries() const { return entries_; }
    // The record of (stream, series, step), or null.
    const JournalEntry* find(const std::string& stream, const std::string& series, int step) const;
    // The largest step of the stream recorded (0: none).
    int lastStep(const std::string& stream) const;
    // Appends the records (one write, then fsync; the file is created 0600 with
    // a header line). Error(Io) with the OS's words when that fails.
    void record(const std::vector<JournalEntry>& entries);

private:
    std::string path_;
    std::vector<JournalEntry> entries_;
};

// A new stream id: 128 bits from the operating system's entropy, as hex.
std::string newStreamId();

}  // namespace streamsynth::io
