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

#include "core/values/stream_ledger.h"

namespace streamsynth::api {

// Error(Setting) without a session or stream; Error(Privacy) when the
// stream is unknown to the registry and no session is given; Error(Io) when
// ledger.json cannot be written (the previous file kept).
StreamLedger rebuildStreamLedger(const LedgerRequest& request);

}  // namespace streamsynth::api
