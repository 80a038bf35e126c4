// Special files for the output-path tests: a device that refuses every write
// with ENOSPC made in the test's own folder (mknod c 1 7 as root; otherwise a
// symlink to /dev/full after checking that /dev/full is that device), and a
// FIFO with a reader thread. The tests never depend on a machine-wide device
// they could damage.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QTemporaryDir>
#include <cerrno>
#include <cstring>
#include <future>
#include <string>

namespace streamsynth::test {

inline bool isCharDevice(const QString& path, unsigned major = 1, unsigned minor = 7) {
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 && S_ISCHR(st.st_mode) &&
           ::major(st.st_rdev) == major && ::minor(st.st_rdev) == minor;
}

// dir/name refusing every write with ENOSPC; empty with *why on failure.
inline QString makeFullDevice(const QTemporaryDir& dir, const QString& name, QString* why) {
    const QString path = dir.filePath(name);
    if (::geteuid() == 0) {
        if (::mknod(QFile::encodeName(path).constData(), S_IFCHR | 0666, ::makedev(1, 7)) != 0) {
            *why = QString("mknod %1 c 1 7: %2").arg(path, std::strerror(errno));
            return {};
        }
        return path;
    }
    if (!isCharDevice("/dev/full")) {
        *why =
            "not root, and /dev/full is not the full device (character device 1,7): cannot test a full disk";
        return {};
    }
    if (!QFile::link("/dev/full", path)) {
        *why = "cannot make a symlink to /dev/full in " + dir.path();
        return {};
    }
    return path;
}

// Makes a FIFO at path; empty string on success, else the reason.
inline QString makeFifo(const QString& path) {
    if (::mkfifo(QFile::encodeName(path).constData(), 0600) != 0)
        return QString("mkfifo: ") + std::strerror(errno);
    return {};
}

inline bool isFifo(const QString& path) {
    struct stat st {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISFIFO(st.st_mode);
}

// Reads a FIFO to its end on another thread.
inline std::future<QByteArray> readFifoAsync(const QString& path) {
    return std::async(std::launch::async, [path] {
        QByteArray all;
        const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY);
        if (fd < 0) return all;
        char buf[4096];
        ssize_t n;
        while ((n = ::read(fd, buf, sizeof buf)) > 0) all.append(buf, static_cast<int>(n));
        ::close(fd);
        return all;
    });
}

}  // namespace streamsynth::test
