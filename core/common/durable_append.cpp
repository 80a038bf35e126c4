// appendDurably (output_file.h): the append-then-fsync shared by the
// append-only journals, so each checks every write the same way.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "core/common/folder_sync.h"
#include "core/values/error.h"
#include "core/values/output_file.h"

namespace streamsynth {
namespace {

[[noreturn]] void appendFailed(const std::string& what, const std::string& path, int err) {
    // O_NOFOLLOW answers a link with ELOOP, O_NONBLOCK a FIFO without a
    // reader with ENXIO: words of the OS that would mislead a steward.
    const std::string why = err == ELOOP    ? "it is a symbolic link, which StreamSynth never writes through"
                            : err == ENXIO  ? "it is not a regular file"
                            : err == EISDIR ? "it is a folder"
                                            : std::strerror(err);
    throw Error(ErrorKind::Io, "cannot write " + what + " " + path + ": " + why, ErrorContext::forFile(path));
}

// The length of the file without a last line cut short (a write that never
// finished: a crash, a full disk), so the next record starts a line of its own
// instead of being glued to it. Every journal record ends with '\n'.
off_t completeLength(int fd, off_t size) {
    std::vector<char> block(4096);
    off_t end = size;
    while (end > 0) {
        const off_t start = end > off_t(block.size()) ? end - off_t(block.size()) : 0;
        const ssize_t got = ::pread(fd, block.data(), static_cast<std::size_t>(end - start), start);
        if (got != end - start) return size;  // unreadable: leave the file as it is
        for (ssize_t i = got - 1; i >= 0; --i)
            if (block[static_cast<std::size_t>(i)] == '\n') return start + i + 1;
        end = start;
    }
    return 0;
}

// 0, or the errno of the write or fsync that failed.
int writeAndSync(int fd, std::string_view bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return errno;
        if (n == 0) return EIO;
        done += static_cast<std::size_t>(n);
    }
    return ::fsync(fd) == 0 ? 0 : errno;
}

}  // namespace

void appendDurably(const std::string& path, std::string_view bytes, const std::string& what) {
    // O_NONBLOCK: a FIFO put in the journal's place must not block the run;
    // O_RDWR: the end of the file is read back (completeLength).
    const int fd = ::open(path.c_str(),
                          O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, 0600);
    if (fd < 0) appendFailed(what, path, errno);
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {  // a device, or a FIFO with a reader
        const int err = S_ISREG(st.st_mode) ? errno : ENXIO;
        ::close(fd);
        appendFailed(what, path, err);
    }
    const off_t kept = completeLength(fd, st.st_size);
    int err = kept != st.st_size && ::ftruncate(fd, kept) != 0 ? errno : 0;
    if (err == 0) err = writeAndSync(fd, bytes);
    if (err != 0) {
        if (::ftruncate(fd, kept) == 0) ::fsync(fd);  // no half record left behind
        ::close(fd);
        appendFailed(what, path, err);
    }
    if (::close(fd) != 0) appendFailed(what, path, errno);
    if (st.st_size == 0)
        detail::syncFolder(detail::parentOf(path));  // a new name is durable once its folder is
}

}  // namespace streamsynth
