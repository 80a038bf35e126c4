// Accuracy options of the streamers beyond the paper's algorithms (issue 14):
// each can be set to the paper's behaviour, and each keeps
// the ledger exact and the streamer ε-DP under event-level neighbours (the
// privacy arguments are in docs/streamers.md "Accuracy options"). Plain
// values, part of RunConfig; sessions keep them (core/io/session_store.cpp).
#pragma once

#include <string>

namespace streamsynth::stream {

// Baseline (SPEC §5.1): the model a step's MWEM+PGM starts from.
//  Uniform:  the uniform distribution with the public total |∇g_{t−1}| (SPEC).
//  Previous: the final model of step t−1 (already released: post-processing),
//            rescaled to the same public total. Measured cliques of earlier
//            steps keep their potentials, so an attribute that is never worth
//            measuring at one step's size is not uniform in every ∇g_t.
enum class BaselineInit { Uniform, Previous };

struct AccuracyOptions {
    BaselineInit baselineInit = BaselineInit::Uniform;
    // Proposed streamer: share of each step's ε spent on continual 1-way
    // marginals of every attribute; 0 = the paper's streamer. The product's
    // default 0.2 is the measured choice of docs/paper-grid.md (issue 14).
    // See core/stream/one_way_tracker.h.
    double oneWayShare = 0.2;
};

std::string toString(BaselineInit init);  // "uniform" | "previous"
// Throws a setting Error naming `setting` on an unknown text.
BaselineInit parseBaselineInit(const std::string& text, const std::string& setting);

}  // namespace streamsynth::stream
