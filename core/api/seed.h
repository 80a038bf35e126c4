// A seed drawn from the operating system's entropy, for experiments run
// without a seed (the CLI's `run`: printed so the run can be repeated;
// docs/bad-inputs.md "Seeds"). Through privacy::Rng like every draw.
#pragma once

#include <cstdint>

namespace streamsynth::api {

std::uint64_t seedFromOsEntropy();

}  // namespace streamsynth::api
