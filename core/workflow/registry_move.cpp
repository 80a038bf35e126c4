// Moving a stream to another registry (see registry_move.h).
#include "core/workflow/registry_move.h"

#include <QFileInfo>

#include "core/common/file_lock.h"
#include "core/io/session_store.h"
#include "core/registry/release_registry.h"
#include "core/values/error.h"
#include "core/values/moved_stream.h"
#include "core/values/release_output.h"
#include "core/values/session_settings.h"
#include "core/workflow/release_claims.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

MovedStream moveStreamRegistry(const std::string& sessionPath, const std::string& toSpec, bool createNew) {
    const io::FileLock lock(io::sessionLockPath(sessionPath), "the session " + sessionPath);
    io::SessionData d = io::loadSession(sessionPath);
    MovedStream m;
    m.stream = stream::settingIn(d.settings, kStreamId);
    if (!d.config.secureRandom || m.stream.empty())
        throw settingError("--session", "the session " + sessionPath +
                                            " is not a release-mode stream; it has no claims to move");
    const std::string recordedId = stream::settingIn(d.settings, kRegistryIdSetting);
    auto from = registry::openRegistry(stream::settingIn(d.settings, kRegistrySetting), /*create=*/false);
    if (!recordedId.empty() && from->id() != recordedId)
        throw Error(ErrorKind::Privacy,
                    "the release registry " + from->location() +
                        " is not the one the session's steps were "
                        "claimed in (id " +
                        recordedId + "); nothing was moved",
                    ErrorContext::forFile(from->location()));
    const std::string target = registry::resolvedRegistrySpec(toSpec);
    if (!createNew && !registry::isPostgresRegistry(target) &&
        !QFileInfo::exists(QString::fromStdString(target)))
        throw settingError("--to", "there is no release registry at " + target +
                                       "; to move the stream into a new one, add --new-registry");
    auto to = registry::openRegistry(toSpec, /*create=*/true);
    m.from = from->location();
    m.to = to->location();
    if (to->id() != from->id()) {  // else the same registry under another name: the session is rebound
        if (!to->movedTo(m.stream).empty())
            throw Error(ErrorKind::Privacy,
                        "stream " + m.stream + " was moved out of the release registry " + to->location() +
                            " before, which refuses it for good; it cannot be moved back there",
                        ErrorContext::forFile(to->location()));
        // A move cut short after the mark (below) is finished by running it
        // again to the same registry; to another one it is refused (the
        // stream's claims went to the first).
        const std::string movedTo = from->movedTo(m.stream);
        if (!movedTo.empty() && movedTo != to->id())
            throw Error(ErrorKind::Privacy,
                        "stream " + m.stream + " was already moved from " + from->location() +
                            " to the registry with id " + movedTo + "; nothing was moved",
                        ErrorContext::forFile(from->location()));
        if (movedTo.empty()) {
            // Refusals first, then the mark, then the copy: once marked, the old
            // registry takes no claim of the stream (nor of its dataset's other
            // streams), so every claim it holds is in what is copied.
            to->checkImport(m.stream, *from);
            from->markMoved(m.stream, to->id(), to->location());
        }
        m.copied = to->importStream(m.stream, *from);
    } else {
        // The same id: the same registry, or a byte copy of it (a CLI walkthrough
        // of 2026-12-01 rebound a session to a copy, whose next claim was then
        // refused). Only the file the registry records may be named.
        to->requireRecordedFile();
    }
    stream::setSettingIn(d.settings, kRegistrySetting, registry::resolvedRegistrySpec(toSpec));
    stream::setSettingIn(d.settings, kRegistryIdSetting, to->id());
    io::saveSession(sessionPath, d);
    return m;
}

}  // namespace streamsynth::workflow
