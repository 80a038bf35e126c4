// loadStream: the one place that decides where the domain comes from.
#include "core/steps/step_pipeline.h"

#include <fstream>
#include <sstream>

#include "core/data/csv_reader.h"
#include "core/data/release_reader.h"
#include "core/privacy/rng.h"
#include "core/privacy/seed_streams.h"
#include "core/steps/step_hash_order.h"
#include "core/steps/unit_steps.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/message_text.h"

namespace streamsynth::stream {

namespace {

// The end options of the request over the time settings in effect: an
// explicit end or step count replaces the saved one; confirmEnd clears it so
// the data's last period is used (and confirmed).
void applyEnd(data::StreamSettings& s, const StreamRequest& request) {
    const bool given = !request.end.empty() || request.steps != 0;
    if (!given && !request.confirmEnd) return;
    const char* option = !request.end.empty() ? "--end"
                         : request.steps != 0 ? "--step-count"
                                              : "--confirm-end";
    if (!s.time) throw settingError(option, "the end of a stream applies to time streams (--time COL) only");
    if (!request.end.empty() && request.steps != 0)
        throw settingError("--end",
                           "give either a public end (--end) or a number of steps (--step-count), not both");
    if (given && request.confirmEnd)
        throw settingError("--confirm-end", "--confirm-end takes the end from the data; do not also give " +
                                                std::string(option));
    if (request.steps < 0) throw settingError("--step-count", "the number of steps must be at least 1");
    s.time->end = request.end;
    s.time->steps = request.steps;
}

// A time plan's start and end must be public: given, or read from the data
// and confirmed by the user (then saved as settings); refused otherwise.
void requirePublicBounds(LoadedStream& out, const StreamRequest& request) {
    const data::TimeSettings& t = *out.schema.stream.time;
    if (out.plan.startFromData) {
        // Like a proposed domain: allowed only when the user confirms it is public.
        requireStartConfirmation(request, t.column);
        out.problems.push_back(timeSpanProblem(t));
        // Confirmed: from now on the start is a public setting (saved by --write-schema).
        out.schema.stream.time->start = out.plan.derivedStart;
    }
    if (!out.plan.endFromData) return;
    requireEndConfirmation(request, t.column);
    out.problems.push_back(timeEndProblem(t, true));
    // Confirmed: the end is public from now on (saved by --write-schema and in sessions).
    out.schema.stream.time->end = out.plan.derivedEnd;
    out.plan.endFromData = false;
}

}  // namespace

StepPlan planSteps(const data::EncodedTable& encoded, const data::StreamSettings& s, std::uint64_t seed,
                   const std::string& file) {
    requireTimeStepsForUnit(s);
    if (s.time) {
        StepPlan plan = planByTime(encoded.timeValues, encoded.lines, *s.time, file);
        if (s.unit) boundStepsByUnit(plan, encoded.table, encoded.unitKeys, *s.unit, seed);
        return plan;
    }
    if (s.batch && s.batch->order == data::BatchOrder::Hash)
        return planByHash(encoded.keyValues, encoded.lines, *s.batch, seed, file);
    if (s.batch) {
        auto rng = privacy::makeSeededRng(seed, privacy::seedstream::kBatchOrder);
        return planByBatch(encoded.table, *s.batch, *rng);
    }
    throw settingError("stream",
                       "no time steps defined: give a time column and period (--time COL --period P) "
                       "or a batch size (--batch B), or put them in the schema");
}

data::StreamSettings effectiveStream(const data::StreamSettings& fromSchema, const StreamRequest& request) {
    if (request.time && request.batch)
        throw settingError("stream", "choose either a time column (--time) or batches (--batch), not both");
    data::StreamSettings s = fromSchema;
    if (request.time) {
        // The schema's public start and end still hold for the same column unless overridden.
        const bool sameColumn = s.time && s.time->column == request.time->column;
        const data::TimeSettings saved = sameColumn ? *s.time : data::TimeSettings{};
        s.time = request.time;
        if (request.time->start.empty()) s.time->start = saved.start;
        if (request.time->end.empty() && request.time->steps == 0) {
            s.time->end = saved.end;
            s.time->steps = saved.steps;
        }
        s.batch.reset();
    } else if (request.batch) {
        if (s.time)
            throw settingError("--batch",
                               "the schema sets a time stream (column " + quotedText(s.time->column) +
                                   "); --batch would silently replace it with batches: remove --batch, "
                                   "or remove \"time\" from the schema");
        s.batch = request.batch;
        s.time.reset();
    }
    applyEnd(s, request);
    if (request.unit) {
        data::validateUnitSettings(*request.unit);
        s.unit = request.unit;
    }
    return s;
}

data::Schema readConfirmedSchema(const StreamRequest& request, bool& domainFromData) {
    data::Schema schema = data::readSchema(request.schemaPath);
    domainFromData = false;
    if (schema.derivedFromData) {
        if (!request.confirmDomain) {
            ErrorContext ctx;
            ctx.file = request.schemaPath;
            throw Error(ErrorKind::Privacy,
                        "this schema was proposed from the data and has not been confirmed as public; "
                        "check it and confirm (--confirm-domain) or edit it and remove \"derivedFromData\"",
                        ctx);
        }
        schema.derivedFromData = false;
        domainFromData = true;
    }
    return schema;
}

data::ProposalOptions proposalOptions(const StreamRequest& request) {
    if (!request.confirmDomain)
        throw Error(ErrorKind::Privacy,
                    "no schema given: the domain (categories, bounds, bins) must be public knowledge, and "
                    "reading it from the private data would leak it; give a schema file (--schema FILE) or "
                    "state that the domain proposed from the data is public (--confirm-domain)");
    data::ProposalOptions opts = request.proposal;
    // The time column orders rows; it is not an attribute.
    if (request.time && !request.time->column.empty()) opts.exclude.push_back(request.time->column);
    // Nor is the key of the hash batch order.
    if (request.batch && !request.batch->key.empty()) opts.exclude.push_back(request.batch->key);
    // Nor the privacy unit's key: its values are people's ids, never categories to publish (a review of
    // 2026-12-01: `--confirm-domain --privacy-unit pid` was refused as "also an attribute").
    if (request.unit && !request.unit->column.empty()) opts.exclude.push_back(request.unit->column);
    return opts;
}

void requireStartConfirmation(const StreamRequest& request, const std::string& column) {
    if (!request.confirmDomain)
        throw Error(ErrorKind::Privacy,
                    "the stream would start at the earliest " + quotedText(column) +
                        " found in the data, and that date is private; give a public start (--start DATE, "
                        "or \"start\" in the schema's \"time\" settings) or confirm that the data's "
                        "time span is public (--confirm-domain)");
}

void requireEndConfirmation(const StreamRequest& request, const std::string& column) {
    if (!request.confirmEnd)
        throw Error(
            ErrorKind::Privacy,
            "the stream would end with the latest " + quotedText(column) +
                " found in the data, and that date is private (one wrong date far in the future would "
                "make thousands of steps); give a public end (--end DATE, or \"end\" in the schema's "
                "\"time\" settings), a number of steps (--step-count N, or \"steps\"), or confirm that "
                "the data's last period is public (--confirm-end)");
}

LoadedStream loadStream(const StreamRequest& request) {
    LoadedStream out;
    data::CsvOptions csv;
    csv.delimiter = request.delimiter;
    const data::RawTable raw = data::readCsv(request.dataPath, csv);

    if (!request.schemaPath.empty()) {
        out.schema = readConfirmedSchema(request, out.domainFromData);
    } else {
        data::Proposal proposal = data::proposeSchemaWithNotes(raw, proposalOptions(request));
        out.schema = std::move(proposal.schema);
        out.schema.derivedFromData = false;  // confirmed by the user
        out.domainFromData = true;
        out.problems = std::move(proposal.notes);
    }

    out.schema.stream = effectiveStream(out.schema.stream, request);
    out.encoded = data::encodeTable(raw, out.schema);
    out.problems.insert(out.problems.end(), out.encoded.problems.begin(), out.encoded.problems.end());

    const data::StreamSettings& s = out.schema.stream;
    if (s.time || s.batch || request.requireStream) {
        out.plan = planSteps(out.encoded, s, request.seed, request.dataPath);
        out.hasStream = true;
        if (s.time) requirePublicBounds(out, request);
    }
    out.problems.insert(out.problems.end(), out.plan.problems.begin(), out.plan.problems.end());
    return out;
}

data::Table readReleaseTable(const std::string& path, const data::Schema& schema, char delimiter) {
    return releaseTableOf(readInputFile(path, {InputRole::Release, 0}), path, schema, delimiter);
}

data::Table releaseTableOf(const std::string& text, const std::string& path, const data::Schema& schema,
                           char delimiter) {
    data::Schema plain = schema;
    plain.stream = {};
    plain.derivedFromData = false;
    // A release of 0 rows is legitimate (SPEC §6: b = 0); the CSV reader
    // rightly refuses header-only files, so detect that case here.
    std::size_t nonBlank = 0;
    std::istringstream lines(text);
    for (std::string l; std::getline(lines, l) && nonBlank < 2;)
        if (l.find_first_not_of(" \t\r\xEF\xBB\xBF") != std::string::npos) ++nonBlank;
    if (nonBlank <= 1) return data::Table(plain.domain(), 0);
    data::CsvOptions csv;
    csv.delimiter = delimiter;
    return data::decodeRelease(data::parseCsv(text, path, csv), plain);
}

}  // namespace streamsynth::stream
