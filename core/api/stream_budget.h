// One budget view across the series of a stream, for the interfaces: what
// publishing every series of the run would cost together, what the series
// chosen as publishable cost, and the stream's policy (registry). Series of
// one stream read the same rows, so their guarantees add up (sequential
// composition; registry/stream_total.h). Values only.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/registry/stream_total.h"

namespace streamsynth::api {

using registry::roundedText;
using registry::SeriesBudget;
using registry::StreamTotal;
using registry::streamTotal;
using registry::totalText;

struct StreamBudget {
    std::string streamId;
    std::vector<std::string> publishable;   // series ids whose releases are published
    StreamTotal all;                        // if every series of the run were published
    StreamTotal published;                  // the publishable series (and any published before)
    std::optional<double> maxTotalEpsilon;  // the stream's policy, when one is set
};

}  // namespace streamsynth::api
