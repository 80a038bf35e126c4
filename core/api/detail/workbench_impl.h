// Workbench::Impl (core/api/workbench.h): what the document holds (the raw
// table for the preview, the confirmed schema and stream settings, the
// encoded stream and its plan, recomputed lazily after a change, the opened
// session, a database stream). Used by workbench.cpp (opening, runs),
// workbench_summary.cpp, workbench_coarsening.cpp and workbench_sessions.cpp.
// The api library's own side: never included by ui/ or app/.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/api/coarsening.h"
#include "core/api/run.h"
#include "core/api/workbench.h"
#include "core/data/csv_reader.h"
#include "core/data/table_encoder.h"
#include "core/io/session_data.h"
#include "core/steps/step_pipeline.h"
#include "core/steps/step_plan.h"
#include "core/values/error.h"
#include "core/values/problem.h"
#include "core/values/run_config.h"
#include "core/values/schema.h"
#include "core/values/stream_settings.h"
#include "core/workflow/stream_input.h"

namespace streamsynth::api {

struct Workbench::Impl {
    std::optional<data::RawTable> raw;
    std::optional<data::Schema> schema;  // confirmed only
    bool domainFromData = false;
    data::StreamSettings stream;
    std::uint64_t batchSeed = 1;
    std::string file;                      // the table's path
    std::vector<data::Problem> loadNotes;  // notes of load() (proposal, encoding, steps)
    // Derived, reset by any change above.
    std::optional<data::EncodedTable> encoded;
    std::optional<stream::StepPlan> plan;
    // Sessions: the opened session (kept current by saveSession) and the
    // continuation prepared by continueSession.
    std::optional<io::SessionData> session;
    std::string sessionPath;
    std::unique_ptr<Run> continued;
    // A database stream (loadInput): planned on the server, no rows here.
    std::optional<workflow::StreamInput> database;
    // The DP coarsening's charge (coarsen): recorded by every run prepared after it.
    stream::StreamCharge streamCharge;

    void invalidate() {
        if (!raw) return;  // load(): nothing to recompute from
        encoded.reset();
        plan.reset();
        loadNotes.clear();
    }

    // The stream's end must be public: refused before anything reads the rows (Error(Privacy)).
    void checkPublicEnd();
    void ensureStream() {
        if (encoded && plan) return;
        if (!raw) throw settingError("table", "no table is open");
        if (!schema)
            throw Error(ErrorKind::Privacy,
                        "the domain of this table has not been confirmed as public; load a schema file or "
                        "confirm the proposed domain first");
        if (!stream.time && !stream.batch)
            throw settingError("stream", "choose a time column and period, or a batch size");
        if (!encoded) {
            data::Schema s = *schema;
            s.stream = stream;
            encoded = data::encodeTable(*raw, s);
        }
        if (!plan) plan = stream::planSteps(*encoded, stream, batchSeed, raw->file);
    }

    void applyCoarsened(const Coarsening& c);
};

}  // namespace streamsynth::api
