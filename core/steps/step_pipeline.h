// From files to a stream: read the table, take the public domain (a schema
// file, or a proposal the user has explicitly confirmed), encode, and form
// the time steps. Shared by the CLI (inspect, evaluate, run) and the GUI.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/data/domain_proposal.h"
#include "core/data/table_encoder.h"
#include "core/steps/step_plan.h"
#include "core/values/problem.h"
#include "core/values/schema.h"
#include "core/values/stream_request.h"
#include "core/values/stream_settings.h"
#include "core/values/table.h"

namespace streamsynth::stream {

struct LoadedStream {
    data::Schema schema;          // confirmed (derivedFromData == false), with the stream settings in effect
    bool domainFromData = false;  // the domain was proposed from the data and confirmed by the user
    data::EncodedTable encoded;
    bool hasStream = false;
    StepPlan plan;                        // empty when !hasStream
    std::vector<data::Problem> problems;  // proposal notes, encoding findings, step formation
};

// Errors: privacy Error when there is no schema and no confirmation (the
// domain must be public), and when a time stream's start or end would be
// read from the data without confirmation (confirmDomain for the start,
// confirmEnd for the end); setting Error on conflicting or missing stream
// settings; input/Io Errors from reading and encoding.
LoadedStream loadStream(const StreamRequest& request);

// The pieces of loadStream's domain rules, for other sources (core/api's
// database input): the schema file of the request (a proposal saved
// unconfirmed needs confirmDomain: privacy Error otherwise; domainFromData
// tells whether it was one); the options of a proposal from the data
// (privacy Error without confirmDomain; the time and key columns excluded);
// and the privacy Error when a time stream's start would be read from the
// data without confirmDomain.
data::Schema readConfirmedSchema(const StreamRequest& request, bool& domainFromData);
data::ProposalOptions proposalOptions(const StreamRequest& request);
void requireStartConfirmation(const StreamRequest& request, const std::string& column);
// The same for the end read from the data (without confirmEnd).
void requireEndConfirmation(const StreamRequest& request, const std::string& column);

// The steps of an encoded table under its stream settings: by time
// (planByTime; the start or end read from the data is flagged in the plan,
// for the caller to refuse or confirm), by the hash of a key, or by batches
// in the random order of the seeded stream seedstream::kBatchOrder. The one
// step planner of loadStream (CLI) and the GUI's Workbench. Setting Error
// when the settings define no steps.
StepPlan planSteps(const data::EncodedTable& encoded, const data::StreamSettings& stream, std::uint64_t seed,
                   const std::string& file);

// The stream settings in effect: request overrides over the schema's.
// Setting Error when an end is given for a stream that is not by time, or
// an end together with a step count or confirmEnd.
data::StreamSettings effectiveStream(const data::StreamSettings& fromSchema, const StreamRequest& request);

// A synthetic release file with the data's columns, encoded over the
// schema's domain (time/batch settings ignored; extra columns ignored). A
// file holding only a header (or nothing) is a release with 0 rows.
data::Table readReleaseTable(const std::string& path, const data::Schema& schema, char delimiter = 0);
// The same from a release's CSV text (name: the file, for messages).
data::Table releaseTableOf(const std::string& text, const std::string& name, const data::Schema& schema,
                           char delimiter = 0);

}  // namespace streamsynth::stream
