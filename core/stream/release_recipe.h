// A synthetic release kept as what it is sampled from: the fitted models,
// the rows drawn from each and the seed of the sampling stream. The
// proposed streamer's g_t is resampled whole at every step, so holding or
// even drawing its rows costs O(|g_t|) per step and O(T²) over a stream
// (docs/scale.md); its answers q_i(g_t), which the remainders, the next
// targets and the metrics need, are instead the release's expected answers
// computed from the models (their cost depends on the model, never on
// |g_t|), and the rows are drawn only when someone asks for them (exports,
// the GUI's release spool), identically every time from the seed.
//
// Privacy: the models are post-processing of the step's DP measurements,
// the seed is independent of the data, so the rows and the expected
// answers are post-processing too; nothing here touches ∇f_t.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/fit/fit_engine.h"
#include "core/values/table.h"
#include "core/values/workload_set.h"

namespace streamsynth::stream {

struct ReleaseRecipe {
    std::vector<std::shared_ptr<const fit::Model>> parts;  // sampled in this order (a mixture: h_{t,1..L})
    std::vector<long long> rows;                           // rows drawn from each part
    std::uint64_t seed = 0;  // the sampling stream: makeSeededRng(seed, "release")

    long long rowCount() const;
    // FNV-1a 64 over the seed and the rows per part: identifies the release
    // within its stream (the seed is a fresh 64-bit draw per release).
    std::uint64_t digest() const;
    // The rows: each part's sample in order, from one seeded stream.
    data::Table materialise(const data::Domain& domain) const;
    // E[q_i(g)] = Σ_l rows_l · q_i(h_l) / total(h_l) for every workload of ws
    // (zeros for an empty release); each part's answers side by side on
    // `pool` where given (the same bits).
    std::vector<marginals::Marginal> expectedAnswers(const marginals::WorkloadSet& ws,
                                                     TaskPool* pool = nullptr) const;
};

}  // namespace streamsynth::stream
