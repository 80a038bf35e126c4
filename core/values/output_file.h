// The one way StreamSynth writes a file (CLI outputs, exports, schemas,
// sessions, metrics): whatever the target is, a failed write reports the
// operating system's reason and never damages what was there.
//  - a regular file, or a new path: written to a temporary file beside it,
//    flushed to disk, then renamed over it, so a failure keeps the previous
//    file intact;
//  - a character or block device such as /dev/full or /dev/null, and every
//    path under /dev/ or /proc/ such as /dev/stdout (also on a pipe): opened
//    (O_NOFOLLOW outside /dev/ and /proc/) and written in place, never
//    renamed over, truncated or deleted;
//  - a named pipe (FIFO) or a socket outside /dev/: refused before it is
//    opened (without a reader it would block for ever; issue 45);
//  - a StreamSynth session: refused, except by a session save
//    (mayReplaceInput = Session);
//  - a folder: refused;
//  - a symbolic link (outside /dev/ and /proc/): refused, naming the link;
//    a link in an output folder must never carry a write elsewhere;
//  - an input of the same command (input_file.h; same device and inode,
//    whatever the name): refused, so no command overwrites its table;
//  - with WriteOptions::within, a path outside that folder, or through a
//    link or a non-folder below it: refused.
// POSIX (Linux) only, like the rest of the project's file handling.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace streamsynth {

enum class FileAccess {
    Shared,   // a new file gets 0644 & ~umask; a replaced one keeps its mode, never writable by others
    Private,  // always 0600 (files computed from private data: metrics, sessions, ...)
};

struct WriteOptions {
    FileAccess access = FileAccess::Shared;
    // fsync the file before the rename and the folder after it (sessions,
    // releases: a crash must never leave a half-written or lost file).
    bool durable = true;
    // Tests only: runs after the temporary file is complete, before the rename.
    std::function<void()> beforeCommit;
    // The output folder the file must stay inside (run --out, exports); empty: none.
    std::string within;
    // An input of this InputRole (input_file.h) may be replaced: the session `continue` updates.
    int mayReplaceInput = -1;
};

// Options for a file inside the output folder `folder` (see within above).
inline WriteOptions insideFolder(const std::string& folder, WriteOptions options = {}) {
    options.within = folder;
    return options;
}

// Options for a file computed from private data (0600, durable).
inline WriteOptions privateFile() {
    WriteOptions o;
    o.access = FileAccess::Private;
    return o;
}

// Writes bytes to path as described above; missing parent folders are
// created. Throws Error(Io) naming the file, with the OS's words ("No space
// left on device"), when anything fails.
void writeOutputFile(const std::string& path, std::string_view bytes, const WriteOptions& options = {});

// The same for an output too large to hold whole (a release of 10^7 rows is
// ~0.5 GB of CSV text): produce(sink) hands the file's bytes to sink piece by
// piece, in order. The same rules hold: a regular file is replaced only once
// every piece was written and synced; if a write or produce itself throws,
// the previous file is kept and the temporary one removed.
using OutputSink = std::function<void(std::string_view)>;
using OutputProducer = std::function<void(const OutputSink&)>;
void writeOutputFile(const std::string& path, const OutputProducer& produce,
                     const WriteOptions& options = {});

// Appends bytes to the end of path (created 0600 when missing, its folder
// then synced) with O_APPEND, then fsyncs it: the one way an append-only
// journal grows (the release journal, the registry's write journal). Never
// replaces the file; a last line cut short by an earlier write that never
// finished (a crash) is dropped first, and a failed write is cut off again,
// so every record keeps a line of its own. Refuses a symbolic link at path
// itself, a FIFO, a device or a folder. Error(Io) "cannot write <what>
// <path>: <the OS's words>" when the open, a write, the fsync or the close
// fails.
void appendDurably(const std::string& path, std::string_view bytes, const std::string& what);

// Checks that writeOutputFile(path, …) could write now, without touching the
// target: its folder exists (or is created) and takes a new file. Error(Io)
// naming path with the OS's words otherwise (a folder, a read-only place).
void probeWritable(const std::string& path, const WriteOptions& options = {});

// Creates folder and its missing parents 0700, whatever the umask (output
// folders, the registry's, the GUI's spool: what StreamSynth writes is
// computed from private data). Error(Io) with the OS's words.
void makePrivateFolders(const std::string& folder);

// Writes bytes to the standard output, checking every write (a full disk or
// a closed pipe behind stdout is an Error(Io), not a silent loss).
void writeStandardOutput(std::string_view bytes);

// Removes, in folder and three levels below it (never through a link), the
// temporary files a writer killed before its rename left: ".NAME.XXXXXX"
// (or ".NAME.probe.XXXXXX") where NAME ends in .csv, .csv.gz, .json or
// .journal. Call it only while holding the folder's lock (io::FileLock), so
// that no other StreamSynth writer is using them. Returns how many went;
// what cannot be read or removed is left as it is.
int removeLeftoverTemporaries(const std::string& folder);

// True when writeOutputFile would write path in place (device, FIFO, socket,
// /dev/ or /proc/ path) rather than replace it.
bool isStreamTarget(const std::string& path);

}  // namespace streamsynth
