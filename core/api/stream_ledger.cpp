// api::rebuildStreamLedger (stream_ledger.h) over the run machinery's ledger code.
#include "core/api/stream_ledger.h"

#include "core/workflow/stream_ledger_parts.h"

namespace streamsynth::api {

StreamLedger rebuildStreamLedger(const LedgerRequest& request) {
    return workflow::rebuildStreamLedger(request);
}

}  // namespace streamsynth::api
