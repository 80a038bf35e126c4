// How a release writes a numeric bin (io/release_writer.h; api::Run's
// exports and the CLI's --bins): a value the front ends choose.
#pragma once

namespace streamsynth::io {

// Its interval text "[10, 20)" or a value drawn uniformly inside the bin
// (needs an Rng; post-processing, no privacy cost); a date attribute's bin:
// "[2000-01-01, 2005-01-01)" or a day drawn uniformly in it.
enum class BinOutput { Interval, UniformValue };

}  // namespace streamsynth::io
