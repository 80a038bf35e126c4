// `run --coarsen` / `--coarsen-share` (see coarsen_options.h).
#include "cli/coarsen_options.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "cli/cli_common.h"
#include "core/api/coarsening.h"
#include "core/api/privacy.h"
#include "core/api/support.h"
#include "core/values/error.h"
#include "core/values/number_text.h"

namespace streamsynth::cli {

void addCoarsenOptions(QCommandLineParser& p) {
    p.addOption({"coarsen",
                 "Coarsen large categorical attributes before step 1: ATTRIBUTE=M[,ATTRIBUTE=M...] keeps "
                 "each attribute's M most frequent labels (the rest become <other>), chosen by a DP top-M "
                 "selection (one-shot Gumbel) charged once for the whole stream; for a numeric attribute, "
                 "merges its adjacent public bins into M bins (no charge); 'proposed' takes the "
                 "support check's proposal (printed with its noise preview; bin merges only where the merged "
                 "column is supported). To keep labels known from "
                 "public knowledge instead, use --coarsen-labels or list them in the schema with "
                 "\"other\": true (no charge).",
                 "SPEC"});
    p.addOption({"coarsen-labels",
                 "Coarsen attributes to labels you know to be public, before step 1: "
                 "'ATTRIBUTE=LABEL|LABEL...;ATTRIBUTE=@FILE' (FILE: one label per line) keeps exactly these "
                 "labels of each attribute's confirmed domain (the rest become <other>). Public knowledge "
                 "you confirm, like the domain: nothing is read from the data and no budget is spent. "
                 "With --coarsen, the other attributes are chosen by DP (--coarsen proposed skips these).",
                 "SPEC"});
    p.addOption({"coarsen-parents",
                 "Coarsen attributes to the parents of a public hierarchy you confirm, before step 1: "
                 "'ATTRIBUTE=CHILD>PARENT|...;ATTRIBUTE=@FILE' (FILE: CSV lines LABEL,PARENT). Each label "
                 "becomes its parent; labels given no parent become <other>. Nothing is read from the data "
                 "and no budget is spent.",
                 "SPEC"});
    p.addOption({"rows-per-step",
                 "With --coarsen proposed and --release-mode: the rows you expect per step, as public "
                 "knowledge (not read from the data), for the proposal's figures. A batched stream's is "
                 "its batch size; a time stream's per-period counts are private and must not decide what "
                 "a release publishes.",
                 "R"});
    p.addOption({"coarsen-share",
                 "Share of the budget the DP choice of kept labels spends (default 0.05, at most 0.5); the "
                 "streamers spend the rest at every step.",
                 "F"});
}

namespace {

// The public rows per step a release's proposal is computed from: --rows-per-step, else a
// batched stream's batch size. In evaluation mode 0 (the stream's own rows: nothing is published).
double proposalRowsPerStep(const QCommandLineParser& p, api::Workbench& workbench, const RunRequest& r) {
    const bool release = r.config.secureRandom;
    if (p.isSet("rows-per-step")) {
        if (!release)
            throw settingError("rows-per-step",
                               "--rows-per-step is for --coarsen proposed with --release-mode; an "
                               "evaluation run's proposal reads the stream's own rows per step");
        const double rows = parseDouble(p.value("rows-per-step"), "rows-per-step");
        if (!(rows >= 1) || !(rows <= 1e9))
            throw settingError("rows-per-step", "expected a number of rows from 1 to 10^9");
        return rows;
    }
    if (!release) return 0;
    const double batch = data::publicRowsPerStep(workbench.streamSettings());
    if (batch > 0) return batch;
    throw settingError("coarsen",
                       "in release mode 'proposed' would decide what the releases publish from the private "
                       "number of rows in each period: give the rows you expect per step as public "
                       "knowledge (--rows-per-step R), or name each attribute and the labels to keep "
                       "(--coarsen ATTRIBUTE=M)");
}

// The proposal's DP choices into `request`.
void proposedFor(const QCommandLineParser& p, api::Workbench& workbench, const RunRequest& r,
                 api::CoarseningRequest& request) {
    const double publicRows = proposalRowsPerStep(p, workbench, r);
    const auto proposal =
        workbench.coarseningProposal(api::coarseningSupportSettings(r.config), r.workloads, request.share,
                                     r.stopAfter, request.known, request.parents, publicRows);
    if (publicRows > 0)
        std::fprintf(stderr, "coarsening proposal (computed from %s public rows per step):\n",
                     shortestNumberText(publicRows).c_str());
    else
        std::fprintf(stderr,
                     "coarsening proposal (computed from the private rows per step, for you only):\n");
    for (const std::string& line : api::coarseningPreview(proposal))
        std::fprintf(stderr, "  %s\n", line.c_str());
    request.choices = api::proposedChoices(proposal);
    // Only merges that make their column supported (docs/streamers.md, "Numeric attributes into fewer bins").
    request.merges = api::proposedMerges(proposal);
    const auto offered = std::count_if(proposal.begin(), proposal.end(),
                                       [](const api::AttributeCoarsening& a) { return a.numeric; });
    if (offered > static_cast<long>(request.merges.size()))
        std::fprintf(stderr,
                     "coarsening: bin merges that leave their column unsupported are not applied by "
                     "'proposed'; name them to apply them (--coarsen ATTRIBUTE=BINS)\n");
}

std::string rounded(double v) {  // for people; ledger.json keeps the exact amount
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

// The coarsening's outcome for people, kept in the request until the run is
// set up (RunRequest::coarseningNote): the kept labels are a DP output, shown
// only once nothing can refuse the run any more.
void noteCoarsening(const api::Coarsening& c, RunRequest& r) {
    const char* unit = privacy::budgetName(r.config.privacy);
    std::string& out = r.coarseningNote;
    if (c.charge.amount > 0)
        out += "coarsening: kept labels chosen by DP (" + c.charge.mechanism + "), " + unit + " " +
               rounded(c.charge.amount) +
               " charged once for the whole stream before step 1 in every series' ledger\n";
    for (const api::CoarsenedAttribute& a : c.attributes) {
        std::string kept;
        for (const std::string& label : a.kept) kept += (kept.empty() ? "" : " | ") + label;
        if (a.parents)
            out += "coarsening: '" + a.attribute + "' coarsened to its " + std::to_string(a.kept.size()) +
                   " parents (public hierarchy, no budget spent): " + kept + "\n";
        else if (a.numeric)
            out += "coarsening: '" + a.attribute + "' has its " + std::to_string(a.labels) +
                   " bins merged into " + std::to_string(a.kept.size()) +
                   " (public edges, no budget spent): " + kept + "\n";
        else
            out += "coarsening: '" + a.attribute + "' keeps " + std::to_string(a.kept.size()) + " of " +
                   std::to_string(a.labels) + " labels" +
                   (a.known ? " known to be public (no budget spent)" : "") + ": " + kept +
                   " (the rest are <other>)\n";
    }
}

}  // namespace

bool applyCoarsening(const QCommandLineParser& p, api::Workbench& workbench, RunRequest& r) {
    if (!p.isSet("coarsen") && p.isSet("coarsen-share"))
        throw settingError("coarsen-share", "--coarsen-share needs --coarsen");
    if (p.isSet("rows-per-step") && p.value("coarsen").trimmed() != QLatin1String("proposed"))
        throw settingError("rows-per-step", "--rows-per-step is for --coarsen proposed");
    if (!p.isSet("coarsen") && !p.isSet("coarsen-labels") && !p.isSet("coarsen-parents")) return false;
    api::CoarseningRequest request;
    request.share = api::checkCoarsenShare(p.isSet("coarsen-share")
                                               ? parseDouble(p.value("coarsen-share"), "coarsen-share")
                                               : api::kDefaultCoarsenShare);
    if (p.isSet("coarsen-labels"))
        request.known = api::parseKnownLabels(p.value("coarsen-labels").toStdString());
    if (p.isSet("coarsen-parents"))
        request.parents = api::parseLabelParents(p.value("coarsen-parents").toStdString());
    if (p.isSet("coarsen")) {
        const std::string text = p.value("coarsen").trimmed().toStdString();
        if (text == "proposed") {
            proposedFor(p, workbench, r, request);
        } else {
            request.choices = api::parseCoarsenChoices(text);
            api::separateBinMerges(workbench.schema(), request);  // a numeric attribute's M is its bins
        }
    }
    if (request.choices.empty() && request.known.empty() && request.merges.empty() &&
        request.parents.empty()) {
        std::fprintf(stderr,
                     "coarsening: nothing to coarsen (the support check finds every large categorical "
                     "and binned attribute supported); nothing charged\n");
        return false;
    }
    const api::Coarsening c = workbench.coarsen(request, r.config);
    noteCoarsening(c, r);
    // Measured on movies by month: the coarsened columns are learnt through a
    // counter of their joint workload fed at every step (docs/history.md).
    const int pairCells =
        api::trackCoarsenedPairs(c, r.config, p.isSet("small-cells"), p.isSet("small-share"));
    if (pairCells == 0) return true;
    r.coarseningNote += "coarsening: the coarsened attributes' joint workloads (" +
                        std::to_string(pairCells) + " cells) are tracked as small workloads: --small-cells " +
                        std::to_string(r.config.accuracy.smallCells) + " --small-share " +
                        shortestNumberText(r.config.accuracy.smallShare) +
                        (r.config.accuracy.smallFromOneWay > 0 ? ", taken from the 1-way share" : "") +
                        (r.config.accuracy.trackedInRounds == stream::TrackedInRounds::No
                             ? "; out of the rounds (--tracked-in-rounds no)"
                             : "") +
                        "\n";
    return true;
}

}  // namespace streamsynth::cli
