// The seed of `run` (decision in docs/bad-inputs.md):
//  - experiments (no --release-mode): --seed S, or without it a seed drawn
//    from the operating system's entropy, printed so the run can be repeated
//    and recorded like a given seed (manifests' "seed_policy", sessions);
//    never a silent seed 0;
//  - --release-mode: the noise comes from OS entropy, so --seed is refused
//    (a seed there would suggest a reproducibility that does not exist, and
//    a published seed must never drive real noise); the random batch order
//    is drawn from OS entropy too and kept in the session.
#pragma once

#include <QCommandLineParser>
#include <cstdint>
#include <string>

namespace streamsynth::cli {

struct RunSeed {
    std::uint64_t value = 0;
    bool drawn = false;  // from OS entropy (no --seed)
};

// Setting Error naming --seed when it is combined with --release-mode.
RunSeed runSeedFrom(const QCommandLineParser& parser, bool releaseMode);

// The line printed for a drawn experiment seed ("" otherwise).
std::string drawnSeedNote(const RunSeed& seed, bool releaseMode);

}  // namespace streamsynth::cli
