// The engine-side pieces of a stream's ledger (stream_ledger.h keeps the
// front ends' part): the budget view of a run's stream, ledger.json's text
// and a session's ledger, used by api::Run's exports and registry code.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/io/session_data.h"
#include "core/privacy/ledger.h"
#include "core/registry/release_registry.h"
#include "core/values/stream_budget.h"
#include "core/values/stream_ledger.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

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

// A stream's ledger rebuilt from its session and the registry
// (api::rebuildStreamLedger, core/api/stream_ledger.h, which documents it).
StreamLedger rebuildStreamLedger(const LedgerRequest& request);

// The combined ledger a session holds (as RunEngine::ledger() builds it).
privacy::PrivacyLedger sessionLedger(const io::SessionData& session);

}  // namespace streamsynth::workflow
