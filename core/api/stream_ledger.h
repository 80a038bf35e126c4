// The ledger of a stream (ledger.json and the CLI's `ledger` table): the
// run's charges (privacy::PrivacyLedger::toJson) with the stream's id, its
// series (published or not) rounded for people and exact, the total over the
// published series (sequential composition), and what the release registry
// records of the stream. Rebuilt from a session and the registry alone by
// rebuildStreamLedger, so a run that died after its releases (a full disk at
// the ledger's write) can be completed without releasing anything again.
#pragma once

#include <string>
#include <vector>

namespace streamsynth::api {

struct LedgerRequest {
    std::string sessionPath;  // the stream's session (its ledger, id, registry and folder), or
    std::string streamId;     // a stream known to the registry only
    std::string registry;     // "" = the session's, else the default
    std::string outDir;       // "" = the session's --out, else the folder of the stream's latest release
    bool write = true;        // write <outDir>/ledger.json
};

struct StreamLedger {
    std::string streamId, registryLocation, outDir;
    std::string json;     // ledger.json's text
    std::string text;     // per series and in total, rounded for people
    std::string written;  // the path of ledger.json written ("" when not)
};

// Error(Setting) without a session or stream; Error(Privacy) when the
// stream is unknown to the registry and no session is given; Error(Io) when
// ledger.json cannot be written (the previous file kept).
StreamLedger rebuildStreamLedger(const LedgerRequest& request);

}  // namespace streamsynth::api
