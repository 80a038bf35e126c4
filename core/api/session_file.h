// A session file opened by a front end to continue it (the CLI's
// `continue`): what the front end may ask of it and change before the
// continuation, without holding the session record (io::SessionData) itself.
#pragma once

#include <memory>
#include <string>

#include "core/api/session_workflow.h"
#include "core/api/stream_input.h"
#include "core/values/time_end.h"

namespace streamsynth::io {
struct SessionData;  // core/io/session_data.h: kept inside the api library
}

namespace streamsynth::api {

class SessionFile {
public:
    // Reads the file (Error(Io/Session) naming it).
    explicit SessionFile(const std::string& path);
    ~SessionFile();
    SessionFile(SessionFile&&) noexcept;
    SessionFile& operator=(SessionFile&&) noexcept;

    const std::string& path() const { return path_; }
    // True when the session reads its rows from PostgreSQL (continue with
    // continueFromDatabase, not with a grown file).
    bool fromDatabase() const;
    // The threads the continued run uses (0 = automatic; results never depend on it).
    void setThreads(int threads);

    // api::continueSession with the grown file; the session is used up.
    Continuation continueWithFile(const std::string& grownTablePath, char delimiter, bool resumeWhenUpToDate,
                                  const TimeEnd& end = {}) &&;
    // api::continueDatabaseSession with the session's source, `override`'s
    // non-empty fields taken instead; the session is used up.
    Continuation continueFromDatabase(const DatabaseSource& override, const PasswordPrompt& prompt,
                                      bool resumeWhenUpToDate, const TimeEnd& end = {}) &&;

private:
    std::string path_;
    std::unique_ptr<io::SessionData> data_;
};

}  // namespace streamsynth::api
