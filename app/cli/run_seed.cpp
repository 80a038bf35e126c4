// Choosing the seed of `run`; see run_seed.h.
#include "cli/run_seed.h"

#include "cli/cli_common.h"
#include "core/api/seed.h"
#include "core/values/error.h"

namespace streamsynth::cli {

RunSeed runSeedFrom(const QCommandLineParser& p, bool releaseMode) {
    if (p.isSet("seed") && releaseMode)
        throw settingError("--seed",
                           "--seed cannot be combined with --release-mode: real releases draw their noise "
                           "from the operating system's entropy, never from a seed anyone could know; "
                           "remove --seed (or --release-mode for a reproducible experiment)");
    RunSeed s;
    if (p.isSet("seed")) {
        s.value = parseSeed(p.value("seed"), "seed");
        return s;
    }
    // One draw of the OS entropy source (privacy::Rng, like every draw).
    s.value = api::seedFromOsEntropy();
    s.drawn = true;
    return s;
}

std::string drawnSeedNote(const RunSeed& seed, bool releaseMode) {
    if (!seed.drawn || releaseMode) return {};
    const std::string v = std::to_string(seed.value);
    return "seed: " + v + " (drawn from the operating system; give --seed " + v + " to repeat this run)";
}

}  // namespace streamsynth::cli
