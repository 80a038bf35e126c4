// The engine's ledger as the values the front ends show (core/values/ledger_report.h).
#pragma once

#include "core/values/ledger_report.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::privacy {
class PrivacyLedger;
}

namespace streamsynth::workflow {

// Every charge, and per series its guarantee in words (the largest per-step charge).
LedgerReport ledgerReport(const privacy::PrivacyLedger& ledger);

}  // namespace streamsynth::workflow
