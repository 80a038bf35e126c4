// Checked reading of input files; see input_file.h.
#include "core/values/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <vector>

#include "core/values/error.h"

namespace streamsynth {
namespace {

struct Remembered {
    std::uint64_t dev = 0, ino = 0;
    std::string path;
    InputRole role = InputRole::Table;
};

struct Registry {
    std::mutex mutex;
    bool active = false;
    std::vector<Remembered> inputs;
};

Registry& registry() {
    static Registry r;
    return r;
}

void remember(const struct stat& st, const std::string& path, InputRole role) {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    if (!r.active) return;
    for (const Remembered& m : r.inputs)
        if (m.dev == st.st_dev && m.ino == st.st_ino && m.role == role) return;
    r.inputs.push_back(
        {static_cast<std::uint64_t>(st.st_dev), static_cast<std::uint64_t>(st.st_ino), path, role});
}

Error readError(const std::string& path, const std::string& message) {
    return Error(ErrorKind::Io, message, ErrorContext::forFile(path));
}

std::string kindText(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

std::string bytesText(std::uint64_t n) {
    if (n >= (std::uint64_t{1} << 30)) return std::to_string(n >> 30) + " GiB";
    if (n >= (std::uint64_t{1} << 20)) return std::to_string(n >> 20) + " MiB";
    return std::to_string(n) + " bytes";
}

// Opens without blocking (a FIFO without a writer would block open() itself)
// and checks the opened file, so no name swap between check and read.
int openChecked(const std::string& path, const InputFileSpec& spec, struct stat* st) {
    const std::string role = inputRoleText(spec.role);
    if (path.empty()) throw readError("(no file name)", "no file name was given for " + role);
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) throw readError(path, "cannot open " + role + ": " + std::strerror(errno));
    if (::fstat(fd, st) != 0) {
        const int err = errno;
        ::close(fd);
        throw readError(path, "cannot read " + role + ": " + std::strerror(err));
    }
    std::string refusal;
    if (S_ISDIR(st->st_mode))
        refusal = "this is a folder, not a file: give " + role + " itself";
    else if (!S_ISREG(st->st_mode))
        refusal = role + " must be a regular file, but this is " + kindText(st->st_mode) +
                  " (StreamSynth never reads pipes or devices: they may block or never end)";
    else if (spec.maxBytes > 0 && static_cast<std::uint64_t>(st->st_size) > spec.maxBytes)
        refusal = role + " has " + bytesText(static_cast<std::uint64_t>(st->st_size)) +
                  ", more than the limit of " + bytesText(spec.maxBytes);
    if (!refusal.empty()) {
        ::close(fd);
        throw readError(path, refusal);
    }
    if (spec.remember) remember(*st, path, spec.role);
    return fd;
}

}  // namespace

std::string inputRoleText(InputRole role) {
    switch (role) {
        case InputRole::Table:
            return "the table";
        case InputRole::Schema:
            return "the schema file";
        case InputRole::Config:
            return "the config file";
        case InputRole::Session:
            return "the session";
        case InputRole::Workloads:
            return "the workload file";
        case InputRole::Release:
            return "the release";
        case InputRole::Labels:
            return "the labels file";
        case InputRole::Journal:
            return "the journal";
        case InputRole::Measurements:
            return "the measurements file";
    }
    return "the input";
}

std::string readInputFile(const std::string& path, const InputFileSpec& spec) {
    struct stat st {};
    const int fd = openChecked(path, spec, &st);
    std::string bytes;
    try {
        bytes.resize(static_cast<std::size_t>(st.st_size));
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0)
                throw readError(path,
                                "cannot read " + inputRoleText(spec.role) + ": " + std::strerror(errno));
            if (n == 0) break;  // the file shrank while read
            done += static_cast<std::size_t>(n);
        }
        bytes.resize(done);
    } catch (const std::bad_alloc&) {
        ::close(fd);
        throw readError(path, "not enough memory to hold " + inputRoleText(spec.role) + " (" +
                                  bytesText(static_cast<std::uint64_t>(st.st_size)) + ")");
    } catch (...) {
        ::close(fd);
        throw;
    }
    ::close(fd);
    return bytes;
}

std::optional<std::string> readIfRegularFile(const std::string& path, std::uint64_t maxBytes) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 && errno == ENOENT) return std::nullopt;
    return readInputFile(path, {InputRole::Release, maxBytes, /*remember=*/false});
}

void checkInputFile(const std::string& path, const InputFileSpec& spec) {
    struct stat st {};
    ::close(openChecked(path, spec, &st));
}

void guardInputsOfThisProcess() {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    r.active = true;
}

bool findInput(std::uint64_t dev, std::uint64_t ino, int allowedRole, InputMatch* match) {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    for (const Remembered& m : r.inputs) {
        if (m.dev != dev || m.ino != ino || static_cast<int>(m.role) == allowedRole) continue;
        // A deleted input's inode may be reused by a new file: the input
        // counts only while its name still leads to that inode.
        struct stat now {};
        if (::stat(m.path.c_str(), &now) != 0 || static_cast<std::uint64_t>(now.st_dev) != dev ||
            static_cast<std::uint64_t>(now.st_ino) != ino)
            continue;
        if (match != nullptr) *match = {m.path, inputRoleText(m.role)};
        return true;
    }
    return false;
}

}  // namespace streamsynth
