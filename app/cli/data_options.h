// The options every data-reading command shares (inspect, evaluate, run):
// the table, where its public domain comes from, how rows become time steps,
// and the workload set. Parsing here, loading in core/steps/step_pipeline.
#pragma once

#include <QCommandLineParser>

#include "core/api/workbench.h"

namespace streamsynth::cli {

// --data --db --table --query --db-sql --schema --confirm-domain --time
// --period --format --start --end --step-count --confirm-end --batch --order
// --key --seed --delimiter.
void addDataOptions(QCommandLineParser& parser);
// --privacy-unit COL --max-rows-per-unit M [--max-rows-per-unit-per-step K]
// (in addDataOptions; `plan` takes them alone).
void addUnitOptions(QCommandLineParser& parser);
// The unit they give (K = M when not given), none without --privacy-unit;
// Error(Setting) for bounds without a column or out of range.
std::optional<data::UnitSettings> unitFrom(const QCommandLineParser& parser);
// `continue`: --end, --step-count, --confirm-end (a new public end of a time stream).
void addContinueEndOptions(QCommandLineParser& parser);
api::TimeEnd continueEndFrom(const QCommandLineParser& parser);
// --k (default 2) and --workloads FILE.
void addWorkloadOptions(QCommandLineParser& parser);

// Setting Errors name the offending option (--data is required unless --db is given).
api::StreamRequest streamRequestFrom(const QCommandLineParser& parser, bool requireStream);
// The same plus the database source (--db with --table or --query,
// --db-sql); the password is asked on the terminal when the server wants
// one that nothing else gives. --data and --db exclude each other.
api::InputRequest inputRequestFrom(const QCommandLineParser& parser, bool requireStream);
// --workloads FILE if given, else all k-way workloads (--k, default 2).
api::WorkloadChoice workloadChoiceFrom(const QCommandLineParser& parser);

}  // namespace streamsynth::cli
