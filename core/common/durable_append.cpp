// appendDurably (output_file.h): the append-then-fsync shared by the
// append-only journals, so each checks every write the same way.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

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

}  // namespace

void appendDurably(const std::string& path, std::string_view bytes, const std::string& what) {
    // O_NONBLOCK: a FIFO put in the journal's place must not block the run.
    const int fd =
        ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
    if (fd < 0) appendFailed(what, path, errno);
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {  // a device or a FIFO with a reader
        ::close(fd);
        appendFailed(what, path, ENXIO);
    }
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const int err = n < 0 ? errno : EIO;
            ::close(fd);
            appendFailed(what, path, err);
        }
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) {
        const int err = errno;
        ::close(fd);
        appendFailed(what, path, err);
    }
    if (::close(fd) != 0) appendFailed(what, path, errno);
}

}  // namespace streamsynth
