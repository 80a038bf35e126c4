// Releases kept as models + seed; see release_recipe.h.
#include "core/stream/release_recipe.h"

#include "core/marginals/marginal_counter.h"
#include "core/privacy/rng.h"
#include "core/privacy/seed_streams.h"

namespace streamsynth::stream {

long long ReleaseRecipe::rowCount() const {
    long long n = 0;
    for (long long r : rows) n += r;
    return n;
}

std::uint64_t ReleaseRecipe::digest() const {
    std::uint64_t h = 14695981039346656037ULL;
    auto mix = [&h](std::uint64_t v) {
        for (int i = 0; i < 8; ++i) {
            h ^= static_cast<unsigned char>(v >> (8 * i));
            h *= 1099511628211ULL;
        }
    };
    mix(seed);
    mix(rows.size());
    for (long long r : rows) mix(static_cast<std::uint64_t>(r));
    return h;
}

data::Table ReleaseRecipe::materialise(const data::Domain& domain) const {
    data::Table g(domain, 0);
    if (parts.empty()) return g;
    const auto rng = privacy::makeSeededRng(seed, privacy::seedstream::kReleaseRows);
    for (std::size_t l = 0; l < parts.size(); ++l) {
        data::Table part = parts[l]->sample(rows[l], *rng);
        // The first part is taken as it is (no copy: a 10^7-row release is
        // ~300 MB of codes); later ones (a mixture's) are appended.
        if (g.rowCount() == 0 && part.attributeCount() == g.attributeCount())
            g = std::move(part);
        else
            g.append(part);
    }
    return g;
}

std::vector<marginals::Marginal> ReleaseRecipe::expectedAnswers(const marginals::WorkloadSet& ws,
                                                                TaskPool* pool) const {
    std::vector<marginals::Marginal> out = marginals::zeroAnswers(ws);
    std::vector<std::vector<int>> sets;
    sets.reserve(ws.size());
    for (std::size_t i = 0; i < ws.size(); ++i) sets.push_back(ws[i].attrs);
    for (std::size_t l = 0; l < parts.size(); ++l) {
        const double scale = static_cast<double>(rows[l]) / parts[l]->total();
        const auto answers = parts[l]->marginals(sets, pool);
        for (std::size_t i = 0; i < ws.size(); ++i) {
            const std::vector<double>& m = *answers[i];
            for (std::size_t c = 0; c < m.size(); ++c) out[i][c] += scale * m[c];
        }
    }
    return out;
}

}  // namespace streamsynth::stream
