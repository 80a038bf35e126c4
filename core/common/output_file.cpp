// Safe file output; see output_file.h for the rules.
#include "core/values/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <vector>

#include "core/common/folder_sync.h"
#include "core/values/error.h"
#include "core/values/input_file.h"

namespace streamsynth {
namespace {

Error ioError(const std::string& path, const std::string& why) {
    return Error(ErrorKind::Io, "cannot write " + path + ": " + why, ErrorContext::forFile(path));
}

std::string osText(int err) {
    return std::strerror(err);
}

bool startsWith(const std::string& s, const std::string& prefix) {
    return s.rfind(prefix, 0) == 0;
}

using detail::parentOf;
using detail::syncFolder;

std::string baseName(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string absolute(const std::string& path) {
    if (startsWith(path, "/")) return path;
    char cwd[PATH_MAX];
    if (::getcwd(cwd, sizeof cwd) == nullptr) return path;
    return std::string(cwd) + "/" + path;
}

// Follows the symlink chain of path (at most 40 hops). Returns the final
// path; *viaSpecial is set when any hop lies under /dev/ or /proc/.
std::string followLinks(const std::string& path, bool* viaSpecial) {
    std::string current = absolute(path);
    *viaSpecial = startsWith(current, "/dev/") || startsWith(current, "/proc/");
    for (int hop = 0; hop < 40; ++hop) {
        struct stat st {};
        if (::lstat(current.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return current;
        char buf[PATH_MAX];
        const ssize_t n = ::readlink(current.c_str(), buf, sizeof buf - 1);
        if (n < 0) return current;
        std::string target(buf, static_cast<std::size_t>(n));
        current = startsWith(target, "/") ? target : parentOf(current) + "/" + target;
        if (startsWith(current, "/dev/") || startsWith(current, "/proc/")) *viaSpecial = true;
    }
    return current;
}

void writeAll(int fd, std::string_view bytes, const std::string& path) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw ioError(path, osText(errno));
        }
        done += static_cast<std::size_t>(n);
    }
}

mode_t currentUmask() {
    // umask() cannot be read without being set; /proc tells it without a race.
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (startsWith(line, "Umask:"))
            return static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
    return 022;
}

// Writes in place: devices, FIFOs, sockets and /dev/, /proc/ paths. A
// regular file reached through /dev/ or /proc/ (stdout redirected to a file)
// is appended to: it is someone else's open file, not ours to replace.
void writeInPlace(const std::string& path, const OutputProducer& produce, bool regular, int extraFlags) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC | extraFlags | (regular ? O_APPEND : 0));
    if (fd < 0) throw ioError(path, osText(errno));
    try {
        produce([&](std::string_view piece) { writeAll(fd, piece, path); });
    } catch (...) {
        ::close(fd);
        throw;
    }
    if (::close(fd) != 0 && errno != EINTR) throw ioError(path, osText(errno));
}

void makeFolders(const std::string& folder, const std::string& path) {
    struct stat st {};
    if (::stat(folder.c_str(), &st) == 0) {
        if (!S_ISDIR(st.st_mode)) throw ioError(path, folder + " is not a folder");
        return;
    }
    if (folder != "/" && folder != ".") makeFolders(parentOf(folder), path);
    // 0700 whatever the umask: what StreamSynth writes is computed from private data.
    if (::mkdir(folder.c_str(), 0700) != 0 && errno != EEXIST)
        throw ioError(path, "cannot create the folder " + folder + ": " + osText(errno));
}

// Temporary file beside target, then rename over it.
void replaceAtomically(const std::string& shownPath, const std::string& target, const OutputProducer& produce,
                       const WriteOptions& options, const struct stat* existing) {
    const std::string folder = parentOf(target);
    makeFolders(folder, shownPath);
    std::string tmp = folder + "/." + baseName(target) + ".XXXXXX";
    const int fd = ::mkostemp(tmp.data(), O_CLOEXEC);
    if (fd < 0) throw ioError(shownPath, osText(errno));
    mode_t mode = 0600;
    // A shared file is never writable by others, whatever the umask (umask 000 gave 0666).
    if (options.access == FileAccess::Shared)
        mode = existing != nullptr ? (existing->st_mode & 07777 & ~0022) : (0644 & ~currentUmask());
    bool open = true;
    try {
        if (::fchmod(fd, mode) != 0) throw ioError(shownPath, osText(errno));
        produce([&](std::string_view piece) { writeAll(fd, piece, shownPath); });
        if (options.durable && ::fsync(fd) != 0) throw ioError(shownPath, osText(errno));
        open = false;
        if (::close(fd) != 0) throw ioError(shownPath, osText(errno));
        if (options.beforeCommit) options.beforeCommit();
        if (::rename(tmp.c_str(), target.c_str()) != 0) throw ioError(shownPath, osText(errno));
    } catch (...) {
        if (open) ::close(fd);
        ::unlink(tmp.c_str());
        throw;
    }
    if (options.durable) syncFolder(folder);
}

bool isSystemPath(const std::string& path) {
    const std::string a = absolute(path);
    return startsWith(a, "/dev/") || startsWith(a, "/proc/");
}

Error linkError(const std::string& path) {
    char buf[PATH_MAX];
    const ssize_t n = ::readlink(path.c_str(), buf, sizeof buf - 1);
    const std::string to = n > 0 ? " (to " + std::string(buf, static_cast<std::size_t>(n)) + ")" : "";
    return ioError(path, "it is a symbolic link" + to +
                             "; StreamSynth never writes through a link, which could lead out of the output "
                             "folder: remove the link or choose another name");
}

// A named pipe or a socket outside /dev/ (mkfifo ff; --out ff): refused
// before anything opens it, which would block until a reader comes.
Error pipeError(const std::string& path, const struct stat& st) {
    return ioError(path, std::string("it is a ") + (S_ISFIFO(st.st_mode) ? "named pipe (FIFO)" : "socket") +
                             ", not a file: writing to it could wait for ever for a reader, and would hand "
                             "the output to whoever reads it. Give a file name (or /dev/stdout)");
}

// A session file (it starts with the session format's magic bytes) is
// replaced only by a session save: another command's output (metrics, a
// schema) over it would lose the stream's released steps and noise state.
void checkNotASession(const std::string& path, const WriteOptions& options) {
    if (options.mayReplaceInput == static_cast<int>(InputRole::Session)) return;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) return;
    char head[8] = {};
    const ssize_t n = ::read(fd, head, sizeof head);
    ::close(fd);
    if (n == static_cast<ssize_t>(sizeof head) && std::memcmp(head, "STRMSYNS", sizeof head) == 0)
        throw ioError(path,
                      "it is a StreamSynth session (a stream's released steps and private state); no output "
                      "is ever written over a session: choose another file name");
}

// An output never replaces a file this command reads (same device and inode).
void checkNotAnInput(const std::string& path, const struct stat& st, const WriteOptions& options) {
    InputMatch m;
    if (!findInput(static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino),
                   options.mayReplaceInput, &m))
        return;
    throw ioError(path, "it is " + m.role + " this command reads" +
                            (m.path == path ? "" : " (" + m.path + ")") +
                            "; an output never replaces an input: choose another file");
}

std::string withoutTrailingSlashes(std::string p) {
    while (p.size() > 1 && p.back() == '/') p.pop_back();
    return p;
}

// The absolute form of path with ".", empty and ".." components resolved
// by name (no link is followed).
std::string lexicalAbsolute(const std::string& path) {
    std::vector<std::string> parts;
    const std::string abs = absolute(path);
    std::size_t from = 1;
    while (from <= abs.size()) {
        std::size_t slash = abs.find('/', from);
        if (slash == std::string::npos) slash = abs.size();
        const std::string part = abs.substr(from, slash - from);
        if (part == "..") {
            if (!parts.empty()) parts.pop_back();
        } else if (!part.empty() && part != ".") {
            parts.push_back(part);
        }
        from = slash + 1;
    }
    std::string out;
    for (const std::string& p : parts) out += "/" + p;
    return out.empty() ? "/" : out;
}

// The part of path below the folder within ("" when path is not inside it).
std::string belowFolder(const std::string& path, const std::string& within) {
    const std::string root = withoutTrailingSlashes(within);
    if (startsWith(path, root + "/")) return path.substr(root.size() + 1);
    const std::string absRoot = withoutTrailingSlashes(lexicalAbsolute(within));
    const std::string absPath = lexicalAbsolute(path);
    if (startsWith(absPath, absRoot + "/")) return absPath.substr(absRoot.size() + 1);
    return {};
}

// path must lie inside the folder `within`, reached through real folders
// only: no "..", no link, no file where a folder should be.
void checkWithin(const std::string& path, const std::string& within) {
    const std::string rel = belowFolder(path, within);
    if (rel.empty()) throw ioError(path, "it is outside the output folder " + within);
    std::string current = withoutTrailingSlashes(within);
    std::size_t from = 0;
    while (from <= rel.size()) {
        const std::size_t slash = rel.find('/', from);
        const std::string part =
            rel.substr(from, slash == std::string::npos ? std::string::npos : slash - from);
        if (part == "..") throw ioError(path, "it leads out of the output folder " + within + " (\"..\")");
        if (slash == std::string::npos) return;  // the file itself: checked by the caller
        from = slash + 1;
        if (part.empty() || part == ".") continue;
        current += "/" + part;
        struct stat st {};
        if (::lstat(current.c_str(), &st) != 0) {
            if (errno == ENOENT) return;  // created below, by this process
            throw ioError(path, osText(errno));
        }
        if (S_ISLNK(st.st_mode)) throw linkError(current);
        if (!S_ISDIR(st.st_mode)) throw ioError(path, current + " is not a folder");
    }
}

// /dev/ and /proc/ paths (/dev/stdout, /dev/fd/3, /dev/null) are the
// system's names for open streams: followed, and written in place.
void writeSystemPath(const std::string& path, const OutputProducer& produce, const WriteOptions& options) {
    bool viaSpecial = false;
    std::string target = followLinks(path, &viaSpecial);
    struct stat st {};
    // /dev/stdout on a pipe reads "pipe:[N]" when followed by name: only the
    // kernel's own resolution of /proc/self/fd/N reaches it.
    if (::stat(target.c_str(), &st) != 0 && ::stat(path.c_str(), &st) == 0) target = path;
    if (::stat(target.c_str(), &st) != 0)
        throw ioError(path, errno == ENOENT ? "no such device or file" : osText(errno));
    if (S_ISDIR(st.st_mode)) throw ioError(path, "it is a folder; give the name of a file inside it");
    if (S_ISREG(st.st_mode)) checkNotAnInput(path, st, options);
    writeInPlace(target, produce, S_ISREG(st.st_mode), 0);
}

}  // namespace

bool isStreamTarget(const std::string& path) {
    if (isSystemPath(path)) return true;
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return false;
    return !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode) && !S_ISLNK(st.st_mode);
}

void makePrivateFolders(const std::string& folder) {
    if (folder.empty()) return;
    makeFolders(withoutTrailingSlashes(absolute(folder)), folder);
}

void writeOutputFile(const std::string& path, std::string_view bytes, const WriteOptions& options) {
    writeOutputFile(path, OutputProducer([&](const OutputSink& sink) { sink(bytes); }), options);
}

void writeOutputFile(const std::string& path, const OutputProducer& produce, const WriteOptions& options) {
    if (path.empty()) throw ioError("(no file name)", "no file name was given");
    if (!options.within.empty()) checkWithin(path, options.within);
    if (isSystemPath(path)) return writeSystemPath(path, produce, options);
    struct stat st {};
    if (::lstat(path.c_str(), &st) == 0) {
        if (S_ISLNK(st.st_mode)) throw linkError(path);
        if (S_ISDIR(st.st_mode)) throw ioError(path, "it is a folder; give the name of a file inside it");
        if (!S_ISREG(st.st_mode) && !options.within.empty())
            throw ioError(path,
                          "it is not a regular file (a device, FIFO or socket) inside the output folder " +
                              options.within + "; the folder holds only files StreamSynth writes: remove it");
        if (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)) throw pipeError(path, st);
        if (!S_ISREG(st.st_mode)) return writeInPlace(path, produce, false, O_NOFOLLOW);
        checkNotAnInput(path, st, options);
        checkNotASession(path, options);
        return replaceAtomically(path, path, produce, options, &st);
    }
    if (errno != ENOENT) throw ioError(path, osText(errno));
    replaceAtomically(path, path, produce, options, nullptr);
}

void probeWritable(const std::string& path, const WriteOptions& options) {
    if (path.empty()) throw ioError("(no file name)", "no file name was given");
    if (!options.within.empty()) checkWithin(path, options.within);
    std::string target = path;
    if (isSystemPath(path)) {
        bool viaSpecial = false;
        target = followLinks(path, &viaSpecial);
    }
    struct stat st {};
    if (::lstat(target.c_str(), &st) == 0) {
        if (S_ISLNK(st.st_mode)) {
            if (!isSystemPath(path)) throw linkError(path);
            if (::stat(target.c_str(), &st) != 0) throw ioError(path, osText(errno));
        }
        if (S_ISDIR(st.st_mode)) throw ioError(path, "it is a folder; give the name of a file inside it");
        if ((S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)) && !isSystemPath(path)) throw pipeError(path, st);
        if (!S_ISREG(st.st_mode) || isSystemPath(path)) return;  // written in place
        checkNotASession(path, options);
        checkNotAnInput(path, st, options);
    }
    const std::string folder = parentOf(target);
    makeFolders(folder, path);
    std::string tmp = folder + "/." + baseName(target) + ".probe.XXXXXX";
    const int fd = ::mkostemp(tmp.data(), O_CLOEXEC);
    if (fd < 0) throw ioError(path, osText(errno));
    ::close(fd);
    ::unlink(tmp.c_str());
}

void writeStandardOutput(std::string_view bytes) {
    // Text printed through stdio before must come first.
    if (std::fflush(stdout) != 0)
        throw Error(ErrorKind::Io, "cannot write to the standard output: " + osText(errno));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(STDOUT_FILENO, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw Error(ErrorKind::Io, "cannot write to the standard output: " + osText(errno));
        }
        done += static_cast<std::size_t>(n);
    }
}

}  // namespace streamsynth
