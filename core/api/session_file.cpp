// api::SessionFile (session_file.h): the session record kept inside core/api.
#include "core/api/session_file.h"

#include <utility>

#include "core/api/detail/db_session.h"
#include "core/io/session_data.h"
#include "core/io/session_store.h"
#include "core/values/error.h"
#include "core/workflow/session_workflow.h"

namespace streamsynth::api {

SessionFile::SessionFile(const std::string& path)
    : path_(path), data_(std::make_unique<io::SessionData>(io::loadSession(path))) {}
SessionFile::~SessionFile() = default;
SessionFile::SessionFile(SessionFile&&) noexcept = default;
SessionFile& SessionFile::operator=(SessionFile&&) noexcept = default;

namespace {
io::SessionData& record(const std::unique_ptr<io::SessionData>& data) {
    if (!data) throw settingError("session", "this session was continued already");
    return *data;
}
}  // namespace

bool SessionFile::fromDatabase() const {
    return isDatabaseSession(record(data_));
}

void SessionFile::setThreads(int threads) {
    record(data_).config.threads = threads;
}

Continuation SessionFile::continueWithFile(const std::string& grownTablePath, char delimiter,
                                           bool resumeWhenUpToDate, const TimeEnd& end) && {
    io::SessionData d = std::move(record(data_));
    data_.reset();
    workflow::Continuation c =
        workflow::continueSession(std::move(d), grownTablePath, delimiter, path_, resumeWhenUpToDate, end);
    return {std::move(c.check), std::move(c.schema),
            c.run ? std::make_unique<Run>(std::move(c.run)) : nullptr};
}

Continuation SessionFile::continueFromDatabase(const DatabaseSource& override, const PasswordPrompt& prompt,
                                               bool resumeWhenUpToDate, const TimeEnd& end) && {
    io::SessionData d = std::move(record(data_));
    data_.reset();
    const DatabaseSource source = databaseSourceOf(d, override);
    DatabaseContinuation c =
        continueDatabaseSession(std::move(d), source, prompt, path_, resumeWhenUpToDate, end);
    return {std::move(c.check), std::move(c.schema),
            c.run ? std::make_unique<Run>(std::move(c.run)) : nullptr};
}

}  // namespace streamsynth::api
