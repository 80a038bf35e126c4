// The options of `run` (and the run settings `continue` may override): the
// series and their budgets, the shared run settings, the output folder and
// session, turned into the core's values. Parsing only; the workflow is core/api.
#pragma once

#include <QCommandLineParser>
#include <QStringList>

#include "cli/privacy_options.h"
#include "core/api/run.h"
#include "core/api/workbench.h"

namespace streamsynth::cli {

void addRunOptions(QCommandLineParser& parser);

// What `run` was asked to do.
struct RunRequest {
    api::StreamRequest stream;  // the file's (or, with input.database, the database's) settings
    api::InputRequest input;    // stream + the database source, if any
    api::WorkloadChoice workloads;
    PrivacyOptions privacy;    // the model and the budgets as given
    stream::RunConfig config;  // series with their ids (api::planRunSeries), validated settings
    api::ReleaseOutput output;
    std::string sessionPath;        // empty: no session
    bool sessionDefaulted = false;  // release mode without --session: OUT/stream.session
    bool autosave = false;
    bool replace = false;  // write over an existing session / non-empty output folder
    int repeats = 1;
    int stopAfter = 0;  // 0: every step
    bool json = false;
    std::string seedNote;        // "seed: N (drawn ...)" when no --seed was given (run_seed.h)
    std::string coarseningNote;  // what --coarsen chose (coarsen_options.h), printed once the run is set up
};

RunRequest runRequestFrom(const QCommandLineParser& parser);

// --config FILE: see config_file.h.

}  // namespace streamsynth::cli
