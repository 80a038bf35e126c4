// Shared streamer pieces; see streamer_support.h.
#include "core/stream/streamer_support.h"

#include <algorithm>
#include <cmath>

#include "core/marginals/marginal_counter.h"
#include "core/privacy/ledger.h"
#include "core/stream/selection_score.h"
#include "core/stream/unit_noise.h"
#include "core/values/error.h"

namespace streamsynth::stream::detail {

std::vector<int> sizeCappedCandidates(const StreamerEnv& env, const fit::Model& model,
                                      const std::vector<bool>& measuredThisStep) {
    std::vector<int> out;
    const auto& ws = *env.workloads;
    for (std::size_t i = 0; i < ws.size(); ++i) {
        if (measuredThisStep[i]) continue;
        if (env.engine->hypotheticalSizeCells(model, ws[i].attrs) <= env.settings.maxModelCells)
            out.push_back(static_cast<int>(i));
    }
    return out;
}

privacy::BudgetSplit budgetSplit(const StreamerEnv& env) {
    return privacy::BudgetSplit(env.series.budget, env.settings.rounds);
}

privacy::NoiseKind measurementNoise(const StreamerEnv& env) {
    return privacy::noiseKindFor(env.settings.privacy, env.settings.discreteNoise);
}

std::shared_ptr<privacy::NoiseSource> noiseSource(const StreamerEnv& env) {
    return env.noise ? env.noise : privacy::makeNoiseSource(measurementNoise(env));
}

void charge(const StreamerEnv& env, privacy::ChargeKind kind, const std::string& mechanism, double amount,
            int step, int round, int workload) {
    charge(env, kind, mechanism, amount, step, round,
           env.workloads->label(static_cast<std::size_t>(workload)));
}

void charge(const StreamerEnv& env, privacy::ChargeKind kind, const std::string& mechanism, double amount,
            int step, int round, const std::string& label) {
    privacy::Charge c;
    c.series = env.series.id;
    c.kind = kind;
    c.mechanism = mechanism;
    c.amount = amount;
    c.step = step;
    c.round = round;
    c.workload = label;
    env.ledger->charge(c);
}

int selectWorkload(const StreamerEnv& env, const privacy::BudgetSplit& split, const fit::Model& model,
                   const std::vector<int>& candidates, const std::vector<marginals::Marginal>& target,
                   const std::vector<double>& expectedAbsNoise, int step, int round) {
    const auto& ws = *env.workloads;
    std::vector<double> utilities(candidates.size()), cells(candidates.size());
    std::vector<std::vector<int>> sets;
    sets.reserve(candidates.size());
    for (int i : candidates) sets.push_back(ws[static_cast<std::size_t>(i)].attrs);
    const std::vector<fit::Model::Answer> estimates = model.marginals(sets, env.queryPool.get());
    std::vector<std::span<const double>> t(candidates.size()), e(candidates.size());
    for (std::size_t c = 0; c < candidates.size(); ++c) {
        const auto i = static_cast<std::size_t>(candidates[c]);
        cells[c] = static_cast<double>(ws.cells(i));
        t[c] = target[i];
        e[c] = *estimates[c];
    }
    const std::vector<double> l1 = l1Distances(t, e);
    for (std::size_t c = 0; c < candidates.size(); ++c)
        utilities[c] = scoreUtility(env.settings.score, l1[c], cells[c], expectedAbsNoise[c]);
    // Pure: ε = the share. zCDP: the exponential mechanism at ε = √(8ρ) is
    // ρ-zCDP (bounded range); permute-and-flip only as ε-DP, ε = √(2ρ).
    const bool boundedRange = env.settings.selection == SelectionMechanism::Exponential;
    const double epsilon = split.selectionEpsilon(round, boundedRange);
    const double sensitivity =
        unitSelectionSensitivity(env.settings, scoreSensitivity(env.settings.score, cells));
    const std::size_t pick =
        selectCandidate(env.settings.selection, utilities, epsilon, sensitivity, *env.rng);
    const int chosen = candidates[pick];
    charge(env, privacy::ChargeKind::Selection, selectionMechanismName(env.settings.selection),
           split.selection(round), step, round, chosen);
    return chosen;
}

long long releaseRowCount(const std::vector<fit::Measurement>& measurements, long long maxRows) {
    if (measurements.empty()) return 0;
    double weighted = 0, weights = 0, exactSum = 0;
    int exactCount = 0;
    for (const fit::Measurement& m : measurements) {
        double e = 0;
        for (double v : m.values) e += v;
        const double var = m.variance * static_cast<double>(m.values.size());
        if (var <= 0) {
            exactSum += e;
            ++exactCount;
            continue;
        }
        weighted += e / var;
        weights += 1.0 / var;
    }
    const double total = exactCount > 0 ? exactSum / exactCount : weighted / weights;
    if (!(total > 0)) return 0;  // also NaN
    if (total >= static_cast<double>(maxRows)) return maxRows;
    return std::llround(total);
}

long long releaseRowCap(const RunConfig& settings, int steps) {
    const long long global = settings.maxReleaseRows;
    if (!(settings.publicRowsPerStep > 0) || steps < 1) return global;
    const double cap = std::ceil(kReleaseRowFactor * settings.publicRowsPerStep * steps);
    return cap >= static_cast<double>(global) ? global : std::max(1LL, static_cast<long long>(cap));
}

std::vector<marginals::Marginal> answersOf(const StreamerEnv& env, const data::Table& rows) {
    return marginals::countAll(rows, *env.workloads, env.settings.threads);
}

namespace {
// ‖q_i(g_0) − q_i(h)‖₁ of every workload (the fit's misfit, on public answers).
std::vector<double> misfits(const StreamerEnv& env, const fit::Model& h,
                            const std::vector<marginals::Marginal>& answers) {
    const auto& ws = *env.workloads;
    std::vector<double> out(ws.size(), 0.0);
    for (std::size_t i = 0; i < ws.size(); ++i) {
        const std::vector<double> m = h.marginal(ws[i].attrs);
        for (std::size_t c = 0; c < m.size() && c < answers[i].size(); ++c)
            out[i] += std::abs(answers[i][c] - m[c]);
    }
    return out;
}
}  // namespace

std::shared_ptr<const fit::Model> modelOfAnswers(const StreamerEnv& env,
                                                 const std::vector<marginals::Marginal>& answers,
                                                 double total) {
    const auto& ws = *env.workloads;
    const data::Domain& domain = ws.domain();
    std::shared_ptr<const fit::Model> h = env.engine->uniform(domain, std::max(1.0, total));
    // A stream's own model stays far below the cap (docs/streamers.md, "Releases
    // kept as models"), and g_0 was drawn from one: a tenth of the cap keeps
    // room for the stream to grow.
    const double cap = env.settings.maxModelCells / 10;
    std::vector<fit::Measurement> measurements;
    std::vector<bool> taken(ws.size(), false);
    for (std::size_t round = 0; round < ws.size(); ++round) {
        // The workload the model fits worst, as the selection would pick it
        // with exact (public) answers.
        const std::vector<double> miss = misfits(env, *h, answers);
        int worst = -1;
        for (std::size_t i = 0; i < ws.size(); ++i)
            if (!taken[i] && miss[i] > 0 && env.engine->hypotheticalSizeCells(*h, ws[i].attrs) <= cap &&
                (worst < 0 || miss[i] > miss[static_cast<std::size_t>(worst)]))
                worst = static_cast<int>(i);
        if (worst < 0) break;
        taken[static_cast<std::size_t>(worst)] = true;
        measurements.push_back(
            {ws[static_cast<std::size_t>(worst)].attrs, answers[static_cast<std::size_t>(worst)], 1.0});
        h = env.engine->fit(domain, measurements, h.get(), env.fitOptions);
    }
    return h;
}

std::vector<std::vector<data::Code>> tableColumns(const data::Table& table) {
    std::vector<std::vector<data::Code>> out(static_cast<std::size_t>(table.domain().attributeCount()));
    for (std::size_t a = 0; a < out.size(); ++a) {
        const auto col = table.column(static_cast<int>(a));
        out[a].assign(col.begin(), col.end());
    }
    return out;
}

data::Table tableFromColumns(const data::Domain& domain,
                             const std::vector<std::vector<data::Code>>& columns) {
    if (columns.empty()) return data::Table(domain, 0);
    if (columns.size() != static_cast<std::size_t>(domain.attributeCount()))
        throw Error(ErrorKind::Session, "the saved release has another number of attributes than the schema");
    for (std::size_t a = 0; a < columns.size(); ++a) {
        if (columns[a].size() != columns[0].size())
            throw Error(ErrorKind::Session, "the saved release has columns of different lengths");
        const auto size = static_cast<std::size_t>(domain.attribute(static_cast<int>(a)).size);
        for (data::Code c : columns[a])
            if (c >= size) throw Error(ErrorKind::Session, "the saved release has a code outside the domain");
    }
    return data::Table(domain, columns);
}

void checkAnswerShape(const StreamerEnv& env, const std::vector<marginals::Marginal>& answers,
                      bool allowEmptyEntries) {
    const auto& ws = *env.workloads;
    if (answers.size() != ws.size())
        throw Error(ErrorKind::Session,
                    "the saved state has another number of workloads than the session's set");
    for (std::size_t i = 0; i < ws.size(); ++i) {
        if (allowEmptyEntries && answers[i].empty()) continue;
        if (answers[i].size() != ws.cells(i))
            throw Error(ErrorKind::Session, "the saved state does not match workload " + ws.label(i));
    }
}

}  // namespace streamsynth::stream::detail
