// The options every data-reading command shares (inspect, evaluate, run):
// the table, where its public domain comes from, how rows become time steps,
// and the workload set. Parsing here, loading in core/stream/step_pipeline.
#pragma once

#include <QCommandLineParser>

#include "core/api/workbench.h"

namespace streamsynth::cli {

// --data --schema --confirm-domain --time --period --format --start --end
// --step-count --confirm-end --batch --order --seed --delimiter.
void addDataOptions(QCommandLineParser& parser);
// `continue`: --end, --step-count, --confirm-end (a new public end of a time stream).
void addContinueEndOptions(QCommandLineParser& parser);
api::TimeEnd continueEndFrom(const QCommandLineParser& parser);
// --k (default 2) and --workloads FILE.
void addWorkloadOptions(QCommandLineParser& parser);

// Setting Errors name the offending option (--data is required).
api::StreamRequest streamRequestFrom(const QCommandLineParser& parser, bool requireStream);
// --workloads FILE if given, else all k-way workloads (--k, default 2).
api::WorkloadChoice workloadChoiceFrom(const QCommandLineParser& parser);

}  // namespace streamsynth::cli
