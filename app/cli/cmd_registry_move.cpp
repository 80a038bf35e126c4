// `streamsynth-cli registry-move`: moves a release-mode stream to another
// release registry, explicitly: its claims (with their hosts, folders and
// times), its limits and its dataset are copied first, then the session is
// bound to the new registry. The only way a stream's next steps are
// released through another registry (docs/privacy-models.md).
#include <cstdio>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "core/api/registry_move.h"

namespace streamsynth::cli {
namespace {

int runRegistryMove(const QStringList& args) {
    QCommandLineParser p;
    p.addOption({"session", "The stream's session file (rewritten to name the new registry).", "FILE"});
    p.addOption({"to", "The registry to move the stream to: a SQLite file, or postgresql://….", "PATH|URI"});
    p.addOption({"new-registry",
                 "Make the --to registry when no registry is there yet (a typo would otherwise "
                 "start an empty one)."});
    if (!parseOrHelp(p, args,
                     "Moves a release-mode stream to another release registry: copies its claims, limits "
                     "and dataset there, then binds its session to it. Nothing is released."))
        return kExitOk;
    const api::MovedStream m =
        api::moveStreamRegistry(requireOption(p, "session").toStdString(),
                                requireOption(p, "to").toStdString(), p.isSet("new-registry"));
    if (m.from == m.to || m.copied == 0)
        std::printf("stream %s: the registry %s holds all its claims; the session now names it\n",
                    m.stream.c_str(), m.to.c_str());
    else
        std::printf("stream %s moved from %s to %s (%d claims copied); its session now names %s\n",
                    m.stream.c_str(), m.from.c_str(), m.to.c_str(), m.copied, m.to.c_str());
    return kExitOk;
}

const RegisterCommand reg{
    {"registry-move", "move a release-mode stream's claims to another release registry", runRegistryMove}};

}  // namespace
}  // namespace streamsynth::cli
