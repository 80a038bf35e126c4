// What a stream is read from and how (stream::loadStream,
// core/steps/step_pipeline.h): the data file, the schema, the stream settings
// that override the schema's, the public end, the batch seed. The CLI's
// options and the GUI's open dialog fill one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/values/proposal_options.h"
#include "core/values/stream_settings.h"

namespace streamsynth::stream {

struct StreamRequest {
    std::string dataPath;
    std::string schemaPath;      // empty: propose the domain from the data (needs confirmDomain)
    bool confirmDomain = false;  // the user states the proposed (or saved, unconfirmed) domain is public
    std::optional<data::TimeSettings> time;    // overrides the schema's stream settings
    std::optional<data::BatchSettings> batch;  // overrides the schema's stream settings
    std::optional<data::UnitSettings>
        unit;  // who is protected; overrides the schema's (none: its, or each row)
    // The public end of a time stream (override the schema's; at most one):
    // a date/number, or a number of steps from the start.
    std::string end;
    long long steps = 0;
    // The user states that the data's last period is public: the stream ends
    // with the latest time in the data (any saved end is replaced).
    bool confirmEnd = false;
    std::uint64_t seed =
        0;  // seed of the batch order (random: a seeded Rng, label "batch-order"; hash: the digests' seed)
    char delimiter = 0;  // 0 = detect
    data::ProposalOptions proposal;
    bool requireStream = true;  // false: a table without stream settings gets no steps
};

}  // namespace streamsynth::stream

namespace streamsynth::api {
using StreamRequest = stream::StreamRequest;  // the facade's name (core/api/workbench.h, inspection.h)
}  // namespace streamsynth::api
