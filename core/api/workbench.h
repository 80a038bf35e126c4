// The facade between the user interfaces and the core (ARCHITECTURE.md).
// A Workbench is one "document": an opened table, its public schema (loaded
// or proposed-then-confirmed), the stream settings, and the runs made on it.
// Not thread-safe: the GUI keeps it on the GUI thread and hands a Run (which
// owns everything it needs) to the worker thread.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/api/known_labels.h"   // KnownLabels: complete for the default argument below
#include "core/api/label_parents.h"  // LabelParents: complete for the default argument below
#include "core/api/run.h"
#include "core/api/stream_input.h"
#include "core/values/import_proposal.h"
#include "core/values/problem.h"
#include "core/values/run_config.h"
#include "core/values/schema.h"
#include "core/values/step_result.h"
#include "core/values/stream_request.h"
#include "core/values/stream_settings.h"
#include "core/values/time_end.h"
#include "core/values/workload_choice.h"

namespace streamsynth::api {

// Everything that says how a table becomes a stream (CLI data options).

struct OpenOptions {
    std::string schemaPath;      // empty: no schema file
    bool confirmDomain = false;  // accept a domain proposed from the data (SPEC §1: must be explicit)
    char delimiter = 0;          // 0: detect
};

struct AttributeSummary {
    std::string name;
    std::string kind;  // "categorical" | "numeric" | "integer" | "date"
    int size = 0;
};

struct StreamSummary {
    std::string file;
    long long rows = 0;  // encoded rows (after exclusions)
    std::vector<AttributeSummary> attributes;
    double log10DomainSize = 0;
    int steps = 0;
    long long minRowsPerStep = 0, medianRowsPerStep = 0, maxRowsPerStep = 0;
    std::size_t twoWayWorkloads = 0;
    bool domainDerivedFromData = false;
    std::vector<data::Problem> problems;
    std::string streamDescription;  // "batches of 1000, random order" / "monthly on Release Date"
    // A time stream without a public end or step count ends with the latest
    // time in the (private) data: prepareRun refuses it until the user
    // confirms that this last period is public (confirmDataEnd) or sets an
    // end in the stream settings. lastPeriod is the label to show ("2020-06 (month)").
    bool endFromData = false;
    std::string lastPeriod;
    // Who is protected (issue 49): none, each row; else the unit and its
    // bounds, and then rows holds the kept rows; the bound left out
    // unitDroppedRows, the most (as a share of its rows) at step
    // unitWorstStep (0: none). Private figures, for the steward only.
    std::optional<data::UnitSettings> unit;
    long long unitDroppedRows = 0;
    int unitWorstStep = 0;
    double unitWorstStepShare = 0;
};

struct ContinueCheck;        // core/api/session_workflow.h
struct SupportSettings;      // core/api/support.h
struct CoarsenChoice;        // core/api/coarsening.h
struct AttributeCoarsening;  // core/api/coarsening.h
struct Coarsening;           // core/api/coarsening.h
struct CoarseningRequest;    // core/api/coarsening.h

// What an opened session holds, for display (re-plotting its history).
struct SessionInfo {
    std::string path;
    int releasedSteps = 0;    // steps 1..releasedSteps released
    int interruptedStep = 0;  // > 0: that step was cancelled mid-way (cannot continue)
    stream::RunConfig config;
    std::vector<std::string> workloadLabels;
    std::vector<stream::SeriesStepResult> history;  // every series' released steps, step by step
    std::string streamDescription;
};

class Workbench {
public:
    Workbench();
    ~Workbench();

    // Reads the table. With a schema file, the schema's stream settings are
    // taken too. Without one and without confirmDomain, the table is read and
    // previewable but not encodable: hasConfirmedSchema() is false and
    // proposedSchema() shows what the data suggests ("derived from the data").
    void open(const std::string& path, const OpenOptions& options = {});
    // Reads, confirms and encodes a table in one go as the CLI does (no
    // preview): the request's schema or confirmed proposal, its stream
    // settings and batch seed. The proposal's and encoding's notes are in
    // summary().problems. Errors as stream::loadStream.
    void load(const StreamRequest& request);
    // The same from a file or from a PostgreSQL table or query
    // (api/stream_input.h): a database stream is planned on the server, with
    // the request's schema (or a domain proposed from the server and
    // confirmed) and stream settings; its rows never leave the server.
    void loadInput(const InputRequest& request);
    // True when the document is a database stream (loadInput with a connection).
    bool isDatabase() const;
    // The bundled Adult stream (resources): adult.csv + adult-domain.json, batches of 1000, random order.
    void openBundledAdult(const std::string& csvPath, const std::string& schemaPath);
    bool isOpen() const;

    // Preview of the raw file (header + cells), for the import grid.
    int previewColumnCount() const;
    long long previewRowCount() const;
    const std::string& previewHeader(int column) const;
    const std::string& previewCell(long long row, int column) const;

    bool hasConfirmedSchema() const;
    const data::Schema& schema() const;  // the confirmed one; throws if none
    data::Schema proposedSchema(int numericBins = 10) const;
    // The user confirmed (or edited and confirmed) a schema: it becomes public.
    void confirmSchema(data::Schema schema);
    // replacesOpenedSchema: path may be the schema file the table was opened
    // with (the GUI's remembered import settings, always 0600); no other
    // input is replaced. Else 0600 when the domain was read from the data.
    void saveSchema(const std::string& path, bool replacesOpenedSchema = false) const;

    void setStreamSettings(const data::StreamSettings& settings, std::uint64_t batchSeed);
    const data::StreamSettings& streamSettings() const;

    // Encodes and forms steps (needs a confirmed schema and stream settings).
    StreamSummary summary();
    // The user confirmed that the data's last period (summary().lastPeriod)
    // is public: it becomes the stream's end (TimeSettings::end, saved with
    // the schema and sessions). No-op when the end is already public.
    void confirmDataEnd();

    // Coarsening large categorical attributes (api/coarsening.h). The
    // proposal and its noise preview for the current stream (reads its rows
    // per step: for the steward only); `share` is the part of the budget the
    // DP selection would take; `steps` > 0: the run stops after that many
    // steps (the figures are for them); `known`: attributes whose kept labels
    // the steward knows to be public (their own entries; no share spent on
    // them, see proposeCoarsening). `publicRowsPerStep` > 0: the figures take
    // that many rows a step instead of the stream's own, so that a proposal
    // applied to a release reads nothing private (the steps' count is the
    // stream's public plan).
    std::vector<AttributeCoarsening> coarseningProposal(const SupportSettings& settings,
                                                        const WorkloadChoice& workloads, double share,
                                                        int steps = 0,
                                                        const std::vector<KnownLabels>& known = {},
                                                        const std::vector<LabelParents>& parents = {},
                                                        double publicRowsPerStep = 0);
    // Keeps each choice's most frequent labels, chosen by a DP top-m
    // selection over the rows of every step (detail/coarsening_selection.h)
    // with `share` of the smallest series budget of `config`: the confirmed
    // schema becomes the coarsened one (the rest of each attribute's labels
    // are <other>), the table is re-coded, and every run prepared afterwards
    // records the selection's charge before step 1 in each series' ledger
    // and keeps it in its session. Once per document (a second call is a
    // setting Error). A database stream's label counts are summed by the
    // server (every planned step's 1-way answers) and the stream is planned
    // again there with the coarsened domain.
    Coarsening coarsen(const std::vector<CoarsenChoice>& choices, double share,
                       const stream::RunConfig& config);
    // The steward's whole choice (the CLI's run --coarsen/--coarsen-labels,
    // the GUI's Large attributes): request.known's attributes keep their
    // public labels (withKnownLabels; no charge, no selection), request.choices'
    // are chosen by DP as above (charged only when there is one). The schema,
    // the table and every later run and session use the coarsened domain, so
    // a continued session never selects again. Setting Error naming
    // "coarsen" when an attribute is in both lists or nothing is listed.
    Coarsening coarsen(const CoarseningRequest& request, const stream::RunConfig& config);

    std::vector<std::string> attributeNames() const;
    // Prepares a run over the current stream (config validated first). Privacy
    // Error when a time stream's end would be read from the data (see
    // StreamSummary::endFromData).
    std::unique_ptr<Run> prepareRun(const stream::RunConfig& config, const WorkloadChoice& workloads = {});
    // prepareRun's refusals without preparing anything: callers run it before
    // a DP coarsening, so a run refused for its settings never makes (and
    // shows) a choice that the next attempt would make and spend again.
    void checkRun(const stream::RunConfig& config, const WorkloadChoice& workloads = {});
    std::unique_ptr<Run> prepareRun(const stream::RunConfig& config, int way,
                                    const std::vector<std::vector<std::string>>& workloads = {});
    // The workload set's labels for a choice ("age x sex"), without a run.
    std::vector<std::string> workloadLabels(const WorkloadChoice& workloads) const;

    // Sessions. Saves `run` (made by prepareRun or continueRun) as a session
    // and adopts it (below).
    void saveSession(Run& run, const std::string& path) const;
    // The document's session becomes `run`'s state (between steps), without
    // writing a file: a later continueSession starts after its last step, so
    // a released step is never run twice. No-op for runs that are not sessions.
    void adoptSession(Run& run) const;
    // Opens a session file: its schema and stream settings become the
    // document's (the open table is closed: the session is the document).
    // Throws Error(Session/Io) naming the file; the document is then unchanged.
    SessionInfo openSession(const std::string& path);
    bool hasSession() const;
    // Reads the grown table under the session's schema and checks every
    // released step's rows. When accepted, the grown table becomes the
    // document's table and continueRun() gives the run; refusals are returned,
    // reading errors throw. Needs openSession first (setting Error). `end`:
    // a new public end for a time stream (default: the session's).
    ContinueCheck continueSession(const std::string& grownTablePath, char delimiter = 0,
                                  const TimeEnd& end = {});
    // True when the open session reads its rows from PostgreSQL (made from
    // File ▸ Open database… or `run --db`): it continues with
    // continueDatabaseSession, not with a grown file.
    bool sessionIsDatabase() const;
    // The open database session's source as shown to the steward: the
    // connection without a password, and the table or query.
    std::string sessionSourceText() const;
    // Plans the stream again on the session's server (the connection it
    // recorded, without password: the password file or `prompt` gives it)
    // and checks every released step by the digest of its answers counted
    // by the server; when accepted, continueRun() gives the run over the new
    // periods or batches. Refusals are returned; connection and query errors
    // throw. Needs an open database session (setting Error).
    ContinueCheck continueDatabaseSession(const PasswordPrompt& prompt, const TimeEnd& end = {});
    // The run prepared by the last accepted continueSession or
    // continueDatabaseSession (once; then null).
    std::unique_ptr<Run> continueRun();

private:
    // The import proposal reads the table's cells (import_proposal.h).
    friend std::optional<TimeColumnGuess> detectTimeColumn(const Workbench&);
    friend std::vector<PeriodOption> periodOptions(const Workbench&, const std::string&, const std::string&,
                                                   const std::string&, int, const std::string&);
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace streamsynth::api
