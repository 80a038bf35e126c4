// The ledger as values for the user interfaces (GUI ledger view, CLI table,
// summary.json): every charge, and per series the honest statement of its
// guarantee. Under event-level privacy with disjoint steps (each row is
// counted at one step) a series' guarantee is its LARGEST per-step charge,
// never the sum over steps; the sum is bookkeeping only and is labelled so.
#pragma once

#include <string>
#include <vector>

#include "core/values/charge.h"

namespace streamsynth::api {

using privacy::Charge;

struct LedgerSeries {
    std::string id;
    double budget = 0;        // per stream, this series' own (ε, or ρ under zCDP)
    double guarantee = 0;     // the largest per-step charge (≤ budget): the ε the stream actually has
    double sumOverSteps = 0;  // bookkeeping only: NOT a privacy loss
    int steps = 0;            // steps with charges
    // "ε = 1 for the whole stream (event level: each row is counted at one
    // step; the largest per-step charge is 1)".
    std::string statement;
};

struct LedgerReport {
    privacy::PrivacyModel model = privacy::PrivacyModel::Pure;
    double delta = 0;  // zCDP: the δ shown beside ρ
    std::vector<Charge> charges;
    std::vector<LedgerSeries> series;
    // Who the guarantees protect (privacy::protectionClause); empty: event level.
    std::string protection;
};

}  // namespace streamsynth::api
