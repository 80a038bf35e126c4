// FileLock (see file_lock.h).
#include "core/common/file_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QFileInfo>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "core/values/error.h"
#include "core/values/output_file.h"

namespace streamsynth::io {

FileLock::FileLock(const std::string& lockPath, const std::string& what) : FileLock(lockPath, what, 0) {}

FileLock::FileLock(const std::string& lockPath, const std::string& what, int waitMs) : path_(lockPath) {
    const auto slash = lockPath.find_last_of('/');
    if (slash != std::string::npos && slash > 0) {
        const std::string folder = lockPath.substr(0, slash);
        struct stat st {};
        if (::stat(folder.c_str(), &st) != 0) makePrivateFolders(folder);  // 0700, parents too
    }
    fd_ = ::open(lockPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd_ < 0)
        throw Error(ErrorKind::Io, "cannot create the lock file " + lockPath + ": " + std::strerror(errno),
                    ErrorContext::forFile(lockPath));
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(waitMs);
    // errno taken right after each flock: the clock and the sleep may set it.
    int locked = ::flock(fd_, LOCK_EX | LOCK_NB);
    int err = locked != 0 ? errno : 0;
    while (locked != 0 && err == EWOULDBLOCK && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        locked = ::flock(fd_, LOCK_EX | LOCK_NB);
        err = locked != 0 ? errno : 0;
    }
    if (locked != 0) {
        ::close(fd_);
        fd_ = -1;
        if (err == EWOULDBLOCK)
            throw Error(ErrorKind::Privacy,
                        "another StreamSynth run is using " + what +
                            " right now; two runs at once would release the same steps twice (lock " +
                            lockPath + ")",
                        ErrorContext::forFile(lockPath));
        throw Error(ErrorKind::Io, "cannot lock " + lockPath + ": " + std::strerror(err),
                    ErrorContext::forFile(lockPath));
    }
}

FileLock::~FileLock() {
    if (fd_ >= 0) ::close(fd_);  // releases the flock
}

FileLock::FileLock(FileLock&& other) noexcept : fd_(other.fd_), path_(std::move(other.path_)) {
    other.fd_ = -1;
}

FileLock& FileLock::operator=(FileLock&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = other.fd_;
        path_ = std::move(other.path_);
        other.fd_ = -1;
    }
    return *this;
}

std::string sessionLockPath(const std::string& sessionPath) {
    // One lock per file, whatever name reaches it: a symlink to a session
    // locks the session itself.
    const QString real = QFileInfo(QString::fromStdString(sessionPath)).canonicalFilePath();
    return (real.isEmpty() ? sessionPath : real.toStdString()) + ".lock";
}

std::string folderLockPath(const std::string& folder) {
    return (folder.empty() ? std::string(".") : folder) + "/.streamsynth.lock";
}

}  // namespace streamsynth::io
