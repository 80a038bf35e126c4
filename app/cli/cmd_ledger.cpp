// `streamsynth-cli ledger`: prints a stream's ledger (per series and in
// total, rounded for people) and rewrites its ledger.json (exact values, the
// registry's records) from the session and the release registry alone, so a
// run that died after its releases (a full disk at the ledger's write) is
// completed without releasing anything again. Nothing is drawn or claimed.
#include <cstdio>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "core/api/stream_ledger.h"
#include "core/values/error.h"
#include "core/values/output_file.h"

namespace streamsynth::cli {
namespace {

int runLedger(const QStringList& args) {
    QCommandLineParser p;
    p.addOption({"session", "The stream's session file (its ledger, stream id, registry and output folder).",
                 "FILE"});
    p.addOption(
        {"stream", "A stream id known to the release registry (without --session: its records only).", "ID"});
    p.addOption(
        {"registry", "The release registry (default: the session's, else the user's default).", "PATH|URI"});
    p.addOption({"out",
                 "Folder of ledger.json (default: the session's --out, else that of the stream's latest "
                 "release).",
                 "DIR"});
    p.addOption({"print-only", "Print the ledger; do not write ledger.json."});
    if (!parseOrHelp(
            p, args,
            "Prints a stream's privacy ledger per series and in total and rewrites its ledger.json from "
            "the session and the release registry (nothing is released)."))
        return kExitOk;
    api::LedgerRequest request;
    request.sessionPath = p.value("session").toStdString();
    request.streamId = p.value("stream").toStdString();
    request.registry = p.value("registry").toStdString();
    request.outDir = p.value("out").toStdString();
    request.write = !p.isSet("print-only");
    const api::StreamLedger ledger = api::rebuildStreamLedger(request);
    writeStandardOutput(ledger.text);  // a failed write is an error (exit 3), not a silent 0
    if (!ledger.written.empty()) std::fprintf(stderr, "wrote %s\n", ledger.written.c_str());
    if (request.write && ledger.written.empty())
        throw settingError("--out",
                           "no output folder is known for this stream: give --out (or --print-only)");
    return kExitOk;
}

const RegisterCommand reg{
    {"ledger", "print a stream's ledger and rewrite its ledger.json from session and registry", runLedger}};

}  // namespace
}  // namespace streamsynth::cli
