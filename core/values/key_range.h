// A range of hash-order keys (core/steps/step_hash_order.h): the segments a
// continued hash-ordered stream adds.
#pragma once

namespace streamsynth::stream {

// A half-open range of keys [begin, end) whose rows form consecutive steps.
struct KeyRange {
    long long begin = 0;
    long long end = 0;
};

}  // namespace streamsynth::stream
