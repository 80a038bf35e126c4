// `streamsynth-cli registry-restored`: records a SQLite release registry file
// as the registry restored from a backup (or moved to another disk), so that
// claims through it are accepted. Claims through a copy of a registry file
// are refused until then: a copy beside its original would let one stream's
// steps be released twice (docs/privacy-models.md, "A copy of the registry file").
#include <cstdio>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "core/api/registry_file.h"
#include "core/values/error.h"

namespace streamsynth::cli {
namespace {

// What --older did: the records written back from what this account saw, and what it cannot know.
void printOlderTaken(const std::string& spec, const api::OlderRegistryTaken& taken) {
    std::printf("%s is taken as the release registry from now on.\n", spec.c_str());
    if (taken.releasedSteps + taken.otherRecords > 0)
        std::printf(
            "Written back into it from what this account saw released since it was copied: %d released "
            "step%s (one a series) and %d other record%s (limits, datasets, moves); those steps are "
            "refused if released again.\n",
            taken.releasedSteps, taken.releasedSteps == 1 ? "" : "s", taken.otherRecords,
            taken.otherRecords == 1 ? "" : "s");
    else
        std::printf("No release made since it was copied is known on this account.\n");
    std::printf(
        "Steps released under another account or on another machine are not known here: do not "
        "continue a stream from a session older than its last release.\n");
}

int runRegistryRestored(const QStringList& args) {
    QCommandLineParser p;
    p.addOption(
        {"registry", "The SQLite registry file restored from a backup or moved to another disk.", "PATH"});
    p.addOption({"older",
                 "The file is older than the registry seen on this machine (fewer records, or without its "
                 "last write: an "
                 "older backup), "
                 "and the newer registry is lost for good: take it as the registry from now on."});
    if (!parseOrHelp(p, args,
                     "Records a release registry file as the registry restored from a backup (or moved to "
                     "another disk). Say so only when no other copy of it is in use: steps released "
                     "through two copies are released twice. Nothing is released."))
        return kExitOk;
    const std::string spec = requireOption(p, "registry").toStdString();
    switch (api::registryFileState(spec)) {
        case api::RegistryFile::Server:
            std::printf("a PostgreSQL registry is one database whatever its name: nothing to record\n");
            return kExitOk;
        case api::RegistryFile::Own:
            std::printf("%s is already recorded as the release registry's file: nothing to do\n",
                        spec.c_str());
            return kExitOk;
        case api::RegistryFile::Older:
            if (!p.isSet("older"))
                throw Error(ErrorKind::Privacy,
                            spec +
                                " is an older copy of the registry seen on this machine (it holds fewer "
                                "records, or lacks the "
                                "last one written). If the "
                                "newer registry is lost for good, add --older",
                            ErrorContext::forFile(spec));
            printOlderTaken(spec, api::confirmOlderRegistry(spec));
            return kExitOk;
        case api::RegistryFile::Missing:  // confirmRestoredRegistry says there is no registry there
        case api::RegistryFile::Copy:
            break;
    }
    api::confirmRestoredRegistry(spec);
    std::printf(
        "%s is recorded as the release registry restored: steps are claimed through it from now on; "
        "do not release through any other copy of it\n",
        spec.c_str());
    return kExitOk;
}

const RegisterCommand reg{{"registry-restored",
                           "record a release registry file restored from a backup (claims through a copy are "
                           "refused until then)",
                           runRegistryRestored}};

}  // namespace
}  // namespace streamsynth::cli
