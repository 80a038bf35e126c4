// What the ledger of a stream is asked for and what it gives
// (api::rebuildStreamLedger, core/api/stream_ledger.h).
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

}  // namespace streamsynth::api
