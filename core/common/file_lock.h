// An exclusive lock held by this process for as long as the object lives
// (flock on a lock file beside the target: "<target>.lock" for a session,
// "<folder>/.streamsynth.lock" for an output folder; a session reached
// through a symlink locks the file it points to). The kernel releases it
// when the process dies, so a crash never leaves a stale lock behind. Two
// runs of one session or one output folder at once would release the same
// steps twice; the second is refused.
#pragma once

#include <string>

namespace streamsynth::io {

class FileLock {
public:
    FileLock() = default;
    // Takes the lock on lockPath (created 0600 if missing). Throws
    // Error(Privacy) naming `what` when another process holds it, Error(Io)
    // when the lock file cannot be created.
    FileLock(const std::string& lockPath, const std::string& what);
    // The same, waiting up to waitMs for another process to release it (for
    // locks held for milliseconds, such as a registry's claim marks). Unlike
    // a lock file whose existence is the lock (QLockFile), a process killed
    // while it holds the lock leaves nothing to wait out.
    FileLock(const std::string& lockPath, const std::string& what, int waitMs);
    ~FileLock();
    FileLock(FileLock&& other) noexcept;
    FileLock& operator=(FileLock&& other) noexcept;
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;

    bool held() const { return fd_ >= 0; }
    const std::string& path() const { return path_; }

private:
    int fd_ = -1;
    std::string path_;
};

// The lock file of a session ("<session>.lock") and of an output folder.
std::string sessionLockPath(const std::string& sessionPath);
std::string folderLockPath(const std::string& folder);

}  // namespace streamsynth::io
