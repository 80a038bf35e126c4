// Coarsening large categorical attributes: the proposal and its noise
// preview, the CLI's choice text, the whole-stream charge kept in the run
// record, and the DP choice of the kept labels (see coarsening.h and
// detail/coarsening_selection.h).
#include "core/workflow/coarsening.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <set>

#include "core/data/coarsening.h"
#include "core/data/domain_proposal.h"
#include "core/planning/support_check.h"
#include "core/privacy/ledger.h"
#include "core/privacy/rng.h"
#include "core/privacy/seed_streams.h"
#include "core/privacy/top_m_selection.h"
#include "core/stream/one_way_share.h"
#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/number_text.h"
#include "core/values/workload_choice.h"
#include "core/workflow/coarsening_selection.h"
#include "core/workflow/known_labels.h"
#include "core/workflow/label_parents.h"
#include "core/workflow/text_parts.h"

namespace streamsynth::workflow {
namespace {

using detail::splitOn;
using detail::trimmed;

constexpr int kOfferedKeeps[] = {1, 2, 3, 5, 8, 10, 20, 50};

// The attribute's figures in the support check when it is `spec` (a
// coarsening of it, or itself), every other attribute as in `schema`.
CoarseningOption optionWith(const data::Schema& schema, int attribute, const data::AttributeSpec& spec,
                            const WorkloadChoice& workloads, const stream::SupportInput& in) {
    data::Schema s = schema;
    s.attributes[static_cast<std::size_t>(attribute)] = spec;
    const auto support = stream::checkSupport(makeWorkloadSet(s.domain(), workloads), in);
    const stream::AttributeSupport& f = support[static_cast<std::size_t>(attribute)];
    return {0, spec.domainSize(), f.rowsPerCell, f.noisePerCell, f.stepsNeeded, f.overStream};
}

// The same when it keeps its first `keep` labels (0: all).
CoarseningOption optionFor(const data::Schema& schema, int attribute, int keep,
                           const WorkloadChoice& workloads, const stream::SupportInput& in) {
    const data::AttributeSpec& a = schema.attributes[static_cast<std::size_t>(attribute)];
    CoarseningOption o =
        keep > 0 ? optionWith(schema, attribute,
                              data::keepLabels(
                                  a, std::vector<std::string>(a.labels.begin(), a.labels.begin() + keep)),
                              workloads, in)
                 : optionWith(schema, attribute, a, workloads, in);
    o.keep = keep;
    return o;
}

// Bin counts offered for a numeric attribute of n bins: the divisors of n
// below n (equal groups), or 2 .. 5 below n when n is prime.
std::vector<int> offeredBins(int n) {
    std::vector<int> out;
    for (int b = 2; b < n; ++b)
        if (n % b == 0) out.push_back(b);
    for (int b = 2; out.empty() && b < n && b <= 5; ++b) out.push_back(b);
    if (out.empty() && n > 1) out.push_back(1);
    return out;
}

// The numeric attribute's entry when the stream cannot support its bins.
bool numericEntry(const data::Schema& schema, int a, const WorkloadChoice& workloads,
                  const stream::SupportInput& in, AttributeCoarsening& c) {
    const data::AttributeSpec& spec = schema.attributes[static_cast<std::size_t>(a)];
    c = {spec.name, spec.regularSize(), {}, 0, false, true};
    c.options.push_back(optionWith(schema, a, spec, workloads, in));
    if (c.options.front().supported) return false;
    for (int b : offeredBins(c.labels)) {
        c.options.push_back(optionWith(schema, a, data::mergeBins(spec, b), workloads, in));
        c.options.back().keep = b;
    }
    return true;
}

int proposedKeep(const std::vector<CoarseningOption>& options) {
    int best = 0;
    double bestRatio = std::numeric_limits<double>::infinity();
    for (std::size_t i = 1; i < options.size(); ++i)
        if (options[i].supported) best = options[i].keep;  // offered in increasing order: the largest wins
    if (best > 0) return best;
    for (std::size_t i = 1; i < options.size(); ++i) {
        const double ratio = options[i].stepsNeeded / options[i].keep;
        if (ratio < bestRatio) {
            bestRatio = ratio;
            best = options[i].keep;
        }
    }
    return best;
}

std::string optionLine(const std::string& what, const CoarseningOption& o) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "%s (%d codes): %.3g rows/cell/step vs noise %.3g per cell, T* %.3g steps: %s",
                  what.c_str(), o.codes, o.rowsPerCell, o.noisePerCell, o.stepsNeeded,
                  o.supported ? "supported" : "not supported");
    return buf;
}

std::string optionText(const CoarseningOption& o) {
    const std::string what = o.keep == 0 ? "full domain"
                             : o.parents ? "hierarchy " + std::to_string(o.keep)
                             : o.known   ? "public " + std::to_string(o.keep)
                                         : "keep " + std::to_string(o.keep);
    return optionLine(what, o);
}

std::string binsText(const CoarseningOption& o) {
    return optionLine(o.keep == 0 ? "full domain" : std::to_string(o.keep) + " bins", o);
}

}  // namespace

std::vector<CoarsenChoice> parseCoarsenChoices(const std::string& text) {
    std::vector<CoarsenChoice> out;
    std::set<std::string> seen;
    for (const std::string& raw : splitOn(text, ',')) {
        const std::string part = trimmed(raw);
        const std::size_t eq = part.rfind('=');
        if (eq == std::string::npos)
            throw settingError(
                "coarsen", "expected ATTRIBUTE=M (e.g. Director=5) or 'proposed', got " + quotedText(part));
        CoarsenChoice c;
        c.attribute = trimmed(part.substr(0, eq));
        const std::string count = trimmed(part.substr(eq + 1));
        if (c.attribute.empty())
            throw settingError("coarsen", "no attribute name before '=' in " + quotedText(part));
        double m = 0;
        if (!data::parseFiniteNumber(count, m) || m < 1 || m != std::floor(m) || m > 65535)
            throw settingError("coarsen", "the number of labels to keep of " + quotedText(c.attribute) +
                                              " must be a whole number >= 1, got " + quotedText(count));
        c.keep = static_cast<int>(m);
        if (!seen.insert(c.attribute).second)
            throw settingError("coarsen", "attribute " + quotedText(c.attribute) + " is listed twice");
        out.push_back(std::move(c));
    }
    return out;
}

double checkCoarsenShare(double share) {
    if (!(share > 0 && share <= 0.5))
        throw settingError("coarsen-share",
                           "the coarsening's share of the budget must be above 0 and at most 0.5, got " +
                               shortestNumberText(share));
    return share;
}

std::vector<AttributeCoarsening> proposeCoarsening(const data::Schema& schema,
                                                   const WorkloadChoice& workloads, long long rowsInSteps,
                                                   int steps, const SupportSettings& settings,
                                                   double selectionShare) {
    std::vector<AttributeCoarsening> out;
    if (steps <= 0 || schema.attributes.size() < 2) return out;
    stream::SupportInput in{settings.noise, static_cast<double>(rowsInSteps) / steps, steps};
    in.budget *= 1.0 - selectionShare;  // what the streamer spends once the selection is paid
    in.publicRowsPerStep = data::publicRowsPerStep(schema.stream);  // the 1-way share's rule, as the run's
    for (std::size_t a = 0; a < schema.attributes.size(); ++a) {
        const data::AttributeSpec& spec = schema.attributes[a];
        AttributeCoarsening merged;
        if (spec.kind == data::AttributeKind::Numeric && spec.regularSize() >= 3 &&
            numericEntry(schema, static_cast<int>(a), workloads, in, merged)) {
            merged.proposedKeep = proposedKeep(merged.options);
            out.push_back(std::move(merged));
        }
        if (spec.kind != data::AttributeKind::Categorical ||
            static_cast<int>(spec.labels.size()) < kLargeDomainLabels)
            continue;
        AttributeCoarsening c{spec.name, static_cast<int>(spec.labels.size()), {}, 0};
        c.options.push_back(optionFor(schema, static_cast<int>(a), 0, workloads, in));
        if (c.options.front().supported) continue;
        for (int keep : kOfferedKeeps)
            if (keep < c.labels)
                c.options.push_back(optionFor(schema, static_cast<int>(a), keep, workloads, in));
        c.proposedKeep = proposedKeep(c.options);
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<AttributeCoarsening> proposeCoarsening(const data::Schema& schema,
                                                   const WorkloadChoice& workloads, long long rowsInSteps,
                                                   int steps, const SupportSettings& settings,
                                                   double selectionShare,
                                                   const std::vector<KnownLabels>& known,
                                                   const std::vector<LabelParents>& parents) {
    checkOnePublicForm(known, parents);
    // Validates the labels and parents first.
    const data::Schema coarse = withLabelParents(withKnownLabels(schema, known), parents);
    if ((known.empty() && parents.empty()) || steps <= 0 || schema.attributes.size() < 2)
        return proposeCoarsening(schema, workloads, rowsInSteps, steps, settings, selectionShare);
    std::vector<AttributeCoarsening> out;
    for (AttributeCoarsening& c :
         proposeCoarsening(coarse, workloads, rowsInSteps, steps, settings, selectionShare))
        if (!knownLabelsOf(known, c.attribute) && !labelParentsOf(parents, c.attribute))
            out.push_back(std::move(c));
    stream::SupportInput in{settings.noise, static_cast<double>(rowsInSteps) / steps, steps};
    in.publicRowsPerStep = data::publicRowsPerStep(schema.stream);
    const bool dp =
        std::any_of(out.begin(), out.end(), [](const AttributeCoarsening& c) { return !c.numeric; });
    if (dp) in.budget *= 1.0 - selectionShare;  // no DP choice: nothing is spent on labels
    for (const KnownLabels& k : known) {
        const int a = schema.indexOf(k.attribute);
        const data::AttributeSpec& full = schema.attributes[static_cast<std::size_t>(a)];
        AttributeCoarsening c{full.name, static_cast<int>(full.labels.size()), {}, 0, true};
        c.options.push_back(optionWith(coarse, a, full, workloads, in));
        c.options.push_back(
            optionWith(coarse, a, coarse.attributes[static_cast<std::size_t>(a)], workloads, in));
        c.proposedKeep = c.options.back().keep = static_cast<int>(k.labels.size());
        c.options.back().known = true;
        out.push_back(std::move(c));
    }
    for (const LabelParents& p : parents) {
        const int a = schema.indexOf(p.attribute);
        const data::AttributeSpec& full = schema.attributes[static_cast<std::size_t>(a)];
        const data::AttributeSpec& parented = coarse.attributes[static_cast<std::size_t>(a)];
        AttributeCoarsening c{full.name, static_cast<int>(full.labels.size()), {}, 0, true};
        c.parents = true;
        c.options.push_back(optionWith(coarse, a, full, workloads, in));
        c.options.push_back(optionWith(coarse, a, parented, workloads, in));
        c.proposedKeep = c.options.back().keep = parented.regularSize();
        c.options.back().known = c.options.back().parents = true;
        out.push_back(std::move(c));
    }
    std::stable_sort(out.begin(), out.end(), [&](const AttributeCoarsening& x, const AttributeCoarsening& y) {
        return schema.indexOf(x.attribute) < schema.indexOf(y.attribute);
    });
    return out;
}

std::vector<AttributeCoarsening> proposeCoarsening(const Inspection& inspection,
                                                   const WorkloadChoice& workloads,
                                                   const SupportSettings& settings, double selectionShare,
                                                   const std::vector<KnownLabels>& known,
                                                   const std::vector<LabelParents>& parents) {
    if (!inspection.hasStream || inspection.workloads == 0) {
        checkOnePublicForm(known, parents);
        // The labels and parents are checked all the same.
        withLabelParents(withKnownLabels(inspection.schema, known), parents);
        return {};
    }
    return proposeCoarsening(inspection.schema, workloads, inspection.rowsInSteps, inspection.steps, settings,
                             selectionShare, known, parents);
}

double spentShare(const CoarseningRequest& request) {
    return request.choices.empty() ? 0.0 : request.share;
}

std::vector<CoarsenChoice> proposedChoices(const std::vector<AttributeCoarsening>& proposal) {
    std::vector<CoarsenChoice> out;
    for (const AttributeCoarsening& a : proposal)
        if (a.proposedKeep > 0 && !a.known && !a.numeric) out.push_back({a.attribute, a.proposedKeep});
    return out;
}

bool mergePays(const AttributeCoarsening& a) {
    if (!a.numeric || a.proposedKeep <= 0) return false;
    for (std::size_t i = 1; i < a.options.size(); ++i)
        if (a.options[i].keep == a.proposedKeep) return a.options[i].supported;
    return false;
}

std::vector<CoarsenChoice> proposedMerges(const std::vector<AttributeCoarsening>& proposal) {
    std::vector<CoarsenChoice> out;
    for (const AttributeCoarsening& a : proposal)
        if (mergePays(a)) out.push_back({a.attribute, a.proposedKeep});
    return out;
}

void separateBinMerges(const data::Schema& schema, CoarseningRequest& request) {
    std::vector<CoarsenChoice> dp;
    for (CoarsenChoice& c : request.choices) {
        const int a = schema.indexOf(c.attribute);
        if (a >= 0 && schema.attributes[static_cast<std::size_t>(a)].kind == data::AttributeKind::Numeric)
            request.merges.push_back(std::move(c));
        else
            dp.push_back(std::move(c));
    }
    request.choices = std::move(dp);
}

std::vector<std::string> coarseningPreview(const std::vector<AttributeCoarsening>& proposal) {
    std::vector<std::string> out;
    for (const AttributeCoarsening& a : proposal) {
        if (a.numeric) {
            out.push_back(quotedText(a.attribute) + " (" + std::to_string(a.labels) + " bins): " +
                          (mergePays(a) ? "proposed " + std::to_string(a.proposedKeep) +
                                              " bins of adjacent public bins merged (no budget spent; "
                                              "supported, so 'proposed' applies it)"
                                        : "fewest steps per bin at " + std::to_string(a.proposedKeep) +
                                              " merged bins, still not supported (not applied unless "
                                              "named)"));
            for (const CoarseningOption& o : a.options)
                out.push_back(std::string(o.keep == a.proposedKeep ? "  * " : "    ") + binsText(o));
            continue;
        }
        out.push_back(quotedText(a.attribute) + " (" + std::to_string(a.labels) + " labels): " +
                      (a.parents ? "coarsened to its " + std::to_string(a.proposedKeep) +
                                       " parents (public hierarchy known to the steward: no budget spent)"
                       : a.known ? "keeps " + std::to_string(a.proposedKeep) +
                                       " public labels + <other> (known to the steward: no budget spent)"
                                 : "proposed keep " + std::to_string(a.proposedKeep) + " + <other>"));
        for (const CoarseningOption& o : a.options)
            out.push_back(std::string(o.keep == a.proposedKeep ? "  * " : "    ") + optionText(o));
    }
    return out;
}

int coarsenedPairCells(const Coarsening& coarsening) {
    int largest = 0;
    for (std::size_t i = 0; i < coarsening.attributes.size(); ++i)
        for (std::size_t j = i + 1; j < coarsening.attributes.size(); ++j) {
            // Measured for coarsened labels only (docs/history.md): merged bins are not tracked.
            if (coarsening.attributes[i].numeric || coarsening.attributes[j].numeric) continue;
            const int a = coarsening.schema.indexOf(coarsening.attributes[i].attribute);
            const int b = coarsening.schema.indexOf(coarsening.attributes[j].attribute);
            const int cells = coarsening.schema.attributes[static_cast<std::size_t>(a)].domainSize() *
                              coarsening.schema.attributes[static_cast<std::size_t>(b)].domainSize();
            if (cells <= kMaxCoarsenedPairCells) largest = std::max(largest, cells);
        }
    return largest;
}

namespace {
// The smallest noise-equivalent per-step budget of the run's series, as
// seriesAccuracy resolves the rounds' rule from it (after the whole-stream
// charge); 0 without a series.
double smallestRoundsEpsilon(const stream::RunConfig& config) {
    double out = std::numeric_limits<double>::infinity();
    for (const stream::SeriesConfig& s : config.series) {
        const privacy::Budget b = stream::runBudgetAfter(s.budget, config.streamCharge.amount);
        out = std::min(out, stream::noiseEquivalentEpsilon(b.model(), b.amount()));
    }
    return config.series.empty() ? 0.0 : out;
}
}  // namespace

int trackCoarsenedPairs(const Coarsening& coarsening, stream::RunConfig& config, bool keepCells,
                        bool keepShare) {
    stream::AccuracyOptions& accuracy = config.accuracy;
    const int pairCells = coarsenedPairCells(coarsening);
    if (pairCells == 0) return 0;
    if (!keepCells) accuracy.smallCells = std::max(accuracy.smallCells, pairCells);
    if (!keepShare) {
        accuracy.smallShare = std::max(accuracy.smallShare, kCoarsenedSmallShare);
        // Out of the 1-way part, not the rounds (docs/results.md, "Issue 52, item 1"): the rounds
        // measure the attributes the coarsening leaves alone. A fixed 1-way share is the steward's.
        if (accuracy.oneWayShareRule == stream::OneWayShareRule::Auto)
            accuracy.smallFromOneWay = accuracy.smallShare;
    }
    // Tracked, so out of the rounds from kCoarsenedOutOfRoundsEpsilon a step (docs/results.md,
    // "Issue 52, item 1, on fresh seeds"): under Auto below ε = 2 they stay candidates, and at
    // ε = 1 the coarsened columns' small pairs then took about half the rounds' picks, the joint
    // workload again at 168 of 200 steps although its counter is fed every step (US Gross ×1.11
    // over 65 seeds); at ε = 0.5 the rounds' second measurement of it paid.
    if (accuracy.trackedInRounds == stream::TrackedInRounds::Auto &&
        smallestRoundsEpsilon(config) >= kCoarsenedOutOfRoundsEpsilon)
        accuracy.trackedInRounds = stream::TrackedInRounds::No;
    return pairCells;
}

SupportSettings coarseningSupportSettings(const stream::RunConfig& config) {
    SupportSettings settings;
    settings.noise =
        stream::supportNoise(config.privacy, config.rounds, config.accuracy, config.publicRowsPerStep);
    settings.noise.unit = config.unit;
    if (config.series.empty()) return settings;
    settings.noise.budget = config.series.front().budget.amount();
    for (const stream::SeriesConfig& s : config.series)
        settings.noise.budget = std::min(settings.noise.budget, s.budget.amount());
    return settings;
}

std::vector<int> coarsenedAttributes(const data::Schema& schema, const std::vector<CoarsenChoice>& choices) {
    if (choices.empty()) throw settingError("coarsen", "no attribute to coarsen");
    std::vector<int> attrs;
    for (const CoarsenChoice& c : choices) {
        const int a = schema.indexOf(c.attribute);
        if (a < 0) throw settingError("coarsen", "the schema has no attribute " + quotedText(c.attribute));
        const data::AttributeSpec& spec = schema.attributes[static_cast<std::size_t>(a)];
        if (spec.kind != data::AttributeKind::Categorical)
            throw settingError("coarsen", "attribute " + quotedText(c.attribute) +
                                              " is not categorical: only labels can be kept");
        if (c.keep >= static_cast<int>(spec.labels.size()))
            throw settingError("coarsen", "attribute " + quotedText(c.attribute) + " has " +
                                              std::to_string(spec.labels.size()) +
                                              " labels: keep fewer to coarsen it");
        attrs.push_back(a);
    }
    return attrs;
}

Coarsening selectCoarsening(const data::Schema& schema, const data::Table& table,
                            const stream::StepPlan& plan, const std::vector<CoarsenChoice>& choices,
                            double share, const stream::RunConfig& config) {
    const std::vector<int> attrs = coarsenedAttributes(schema, choices);
    std::vector<std::vector<double>> counts;
    for (int a : attrs) {
        counts.emplace_back(schema.attributes[static_cast<std::size_t>(a)].labels.size(), 0.0);
        const auto column = table.column(a);
        for (const auto& stepRows : plan.rows)
            for (std::size_t row : stepRows)
                if (column[row] < counts.back().size()) counts.back()[column[row]] += 1;
    }
    return selectCoarsening(schema, counts, choices, share, config);
}

Coarsening selectCoarsening(const data::Schema& schema, const std::vector<std::vector<double>>& counts,
                            const std::vector<CoarsenChoice>& choices, double share,
                            const stream::RunConfig& config) {
    checkCoarsenShare(share);
    const std::vector<int> attrs = coarsenedAttributes(schema, choices);
    if (config.series.empty()) throw settingError("series", "no series to run");
    for (std::size_t i = 0; i < attrs.size(); ++i)  // before the charge and any draw
        if (i >= counts.size() ||
            counts[i].size() != schema.attributes[static_cast<std::size_t>(attrs[i])].labels.size())
            throw settingError("coarsen",
                               "one count per label of " + quotedText(choices[i].attribute) + " expected");
    privacy::Budget smallest = config.series.front().budget;
    for (const stream::SeriesConfig& s : config.series)
        if (s.budget.amount() < smallest.amount()) smallest = s.budget;
    Coarsening out;
    out.schema = schema;
    std::string workload;
    for (const CoarsenChoice& c : choices)
        workload += (workload.empty() ? "" : ",") + c.attribute + ":" + std::to_string(c.keep);
    const double amount = share * smallest.amount();
    // Each attribute's selection gets an even part; the parts sum to at most the charge.
    const int count = static_cast<int>(choices.size());
    double part = amount / count;
    const auto partsSum = [&] {
        double sum = 0;
        for (int i = 0; i < count; ++i) sum += part;
        return sum;
    };
    while (partsSum() > amount) part = std::nextafter(part, 0.0);
    out.charge = {"gumbel-top-m", workload, amount};
    // One row moves a label's count by 1; one privacy unit by its m bounded
    // rows, all of which this whole-stream choice reads (docs/privacy-models.md).
    const double sensitivity = schema.stream.unit ? static_cast<double>(schema.stream.unit->maxRows) : 1.0;
    privacy::PrivacyLedger ledger(smallest);
    ledger.charge({"coarsening", privacy::ChargeKind::Selection, out.charge.mechanism, amount,
                   privacy::kWholeStreamStep, 0, workload});
    const std::unique_ptr<privacy::Rng> rng =
        config.secureRandom ? privacy::makeSecureRng()
                            : privacy::makeSeededRng(config.seed, privacy::seedstream::kCoarsening);
    for (std::size_t i = 0; i < choices.size(); ++i) {
        const data::AttributeSpec& spec = schema.attributes[static_cast<std::size_t>(attrs[i])];
        const double perPick = privacy::topMEpsilonPerPick(smallest.model(), part, choices[i].keep);
        std::vector<std::string> kept;
        for (std::size_t code : privacy::gumbelTopM(counts[i], choices[i].keep, perPick, sensitivity, *rng))
            kept.push_back(spec.labels[code]);
        data::AttributeSpec coarse = data::keepLabels(spec, kept);
        out.attributes.push_back({spec.name, static_cast<int>(spec.labels.size()), coarse.labels});
        out.schema.attributes[static_cast<std::size_t>(attrs[i])] = std::move(coarse);
    }
    return out;
}

}  // namespace streamsynth::workflow
