// The ledger of a stream (ledger.json and the CLI's `ledger` table): the
// run's charges (privacy::PrivacyLedger::toJson) with the stream's id, its
// series (published or not) rounded for people and exact, the total over the
// published series (sequential composition), and what the release registry
// records of the stream. Rebuilt from a session and the registry alone by
// rebuildStreamLedger, so a run that died after its releases (a full disk at
// the ledger's write) can be completed without releasing anything again.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/api/stream_budget.h"
#include "core/io/session_data.h"
#include "core/privacy/ledger.h"
#include "core/registry/release_registry.h"

namespace streamsynth::api {

// The budget view of a run's stream (its config and id): its series, those
// publishable, series the registry records as published before (records),
// the policy.
StreamBudget streamBudgetOf(const stream::RunConfig& config, const std::string& streamId,
                            const std::vector<std::string>& publishable,
                            const std::vector<registry::ReleaseRecord>& records,
                            std::optional<double> policy);

// ledger.json's text.
std::string streamLedgerJson(const privacy::PrivacyLedger& ledger, const StreamBudget& budget,
                             const std::vector<registry::ReleaseRecord>& records,
                             const std::string& registryLocation);

// The combined ledger a session holds (as RunEngine::ledger() builds it).
privacy::PrivacyLedger sessionLedger(const io::SessionData& session);

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
