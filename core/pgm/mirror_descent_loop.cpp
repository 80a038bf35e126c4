// The mirror-descent loop (mirror_descent_fit.h): the first trial, the
// iterations with their Armijo backtracking and trust region, the accepted
// steps, the tolerance stop, and the final beliefs and folded potentials.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <vector>

#include "core/pgm/block_kernels.h"
#include "core/pgm/mirror_descent_fit.h"
#include "core/pgm/thread_choice.h"

namespace streamsynth::pgm {

namespace {
constexpr double kMaxLogStep = 25.0;  // nats per cell per trial (the trust region in estimate())

// Wall seconds, and CPU seconds of the caller and the pool's workers, now.
struct Clocks {
    double wall = 0, cpu = 0;
};
double wallNow() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
// (The CPU clocks are system calls on some virtual machines: read sparingly.)
Clocks clocksNow(const TaskPool& pool) {
    timespec own{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &own);
    return {wallNow(), static_cast<double>(own.tv_sec) + 1e-9 * static_cast<double>(own.tv_nsec) +
                           pool.workerCpuSeconds()};
}
}  // namespace

// stepSum += used · direction on cell task t's cells, for the pending step.
void MirrorDescentFit::addStepSums(std::size_t t) {
    const auto& ct = cellTasks_[t];
    auto& a = ms_[static_cast<size_t>(ct.m)];
    const std::vector<double>& dir = a.*pendingDir_;
    const double used = pendingUsed_;
    for (size_t i = ct.lo; i < ct.hi; ++i) a.stepSum[i] += used * dir[i];
}

// The pending step's sums, on their own (before a trial without factors
// overwrites the gradients, and before the steps are folded).
void MirrorDescentFit::flushStepSums() {
    if (!pendingDir_) return;
    runCellTasks([&](int t) { addStepSums(static_cast<size_t>(t)); });
    pendingDir_ = nullptr;
}

// Accepts the trial made with step `used`: its products become E0. Its
// Σ α g is added by the next trial's factor tasks (trialFactors), the same
// product and sum per cell as here.
void MirrorDescentFit::acceptStep(double used) {
    flushStepSums();  // never two pending: a trial ran since the last accept
    pendingUsed_ = used;
    pendingDir_ = &Assigned::g0;
    for (auto& a : ms_) {
        // The step multiplied every cell of the clique by exp(−used·g) with
        // |used·g| ≤ drift, so its max moved by at most that many nats.
        const double drift = used * a.g0Max;
        logMaxLo_[static_cast<size_t>(a.clique)] -= drift;
        logMaxHi_[static_cast<size_t>(a.clique)] += drift;
    }
    for (int c = 0; c < k_; ++c)
        if (!byClique_[static_cast<size_t>(c)].empty())
            std::swap(e0_[static_cast<size_t>(c)], et_[static_cast<size_t>(c)]);
    rescaleDue_ = true;
}

// Iteration t: backtracking from twice the last step (Armijo, at most 25
// trials). False when no step size improves the loss any more (stop).
bool MirrorDescentFit::iterate(int t, double& alpha, double& loss, double& plain, StepSchedule& schedule) {
    for (auto& a : ms_) {
        std::swap(a.x0, a.x);
        std::swap(a.g0, a.g);
        std::swap(a.g0Max, a.gMax);
    }
    if (pendingDir_) pendingDir_ = &Assigned::g;  // the accepted direction moved with the swap
    const double loss0 = loss;
    alpha = schedule.firstTrial(alpha);
    // Trust region: no trial may move a cell's log-potential by more than
    // kMaxLogStep nats per measurement. Without it a step carried across
    // warm starts (doubled after every easy fit) can reach exp(−α g) = 0
    // or inf, turning cells into hard zeros that no later step can undo
    // (seen on Adult after ~10 proposed-streamer steps).
    double gmax = 0;
    for (const auto& a : ms_) gmax = std::max(gmax, a.g0Max);
    if (gmax > 0) alpha = std::min(alpha, kMaxLogStep / gmax);
    double used = alpha;
    bool accepted = false;
    int trials = 0;
    while (trials < 25) {
        used = alpha;
        ++trials;
        trial(alpha);
        loss = lossAndGrad(plain);
        if (std::isfinite(loss) && loss0 - loss >= 0.5 * alpha * lastDot_) {
            accepted = true;
            break;
        }
        alpha *= 0.5;
    }
    schedule.record(trials);
    if (!accepted && !(std::isfinite(loss) && loss <= loss0)) {
        // v0 keeps the 25th trial even when it failed; a failed trial can
        // be numerically degenerate (a clique's linear potentials lost to
        // underflow, an infinite loss), which would poison every later
        // warm start. Keep the last good state instead and stop: no step
        // size improves the loss any more.
        trial(0.0);
        loss = lossAndGrad(plain);
        r_.lastStep = alpha > 0 ? alpha : r_.lastStep;
        return false;
    }
    // Accept the last trial (after 25 failures too when it did not raise
    // the loss, as v0 does).
    acceptStep(used);
    r_.lastStep = alpha;
    r_.iterations = t;
    return true;
}

void MirrorDescentFit::finish() {
    if (!muFresh_) {
        // The fused trials wrote no beliefs: once more on the final
        // potentials (those of the last trial, bit for bit), not counted.
        for (int c = 0; c < k_; ++c) pot_[static_cast<size_t>(c)] = e0_[static_cast<size_t>(c)].data();
        if (!bp_.propagate(pot_, r_.mu, r_.total, scale_)) logSpaceTrial(0.0);
        muFresh_ = true;
    }
    r_.workerCpuSeconds = pool_.workerCpuSeconds();
    r_.threads = pool_.threads();
    for (int c = 0; c < k_; ++c)
        for (double& v : r_.mu[static_cast<size_t>(c)]) v *= scale_[static_cast<size_t>(c)];
}

// Fold the steps back onto the measured cliques: θ_D -= expand(Σ_t α_t g_m).
void MirrorDescentFit::foldSteps() {
    flushStepSums();
    for (auto& a : ms_) {
        size_t d = 0;
        const auto& P = r_.potentials.cliques;
        while (!std::includes(P[d].begin(), P[d].end(), a.m->attrs.begin(), a.m->attrs.end())) ++d;
        const auto map = indexMap(sizes_, P[d], a.m->attrs);
        auto& th = r_.potentials.theta[d];
        for (size_t i = 0; i < map.size(); ++i) th[i] -= a.stepSum[static_cast<size_t>(map[i])];
    }
}

void MirrorDescentFit::run(std::span<const MeasurementView> measurements) {
    assign(measurements);
    linearState();
    planProducts();
    trial(0.0);
    r_.bpCalls = 1;
    double plain = 0;
    double loss = lossAndGrad(plain);
    r_.weightedLoss = loss;
    r_.plainLoss = plain;
    double alpha = options_.carriedStep > 0 ? options_.carriedStep
                   : options_.firstStep > 0
                       ? 0.5 * options_.firstStep
                       : (std::isfinite(minVar_) ? 0.5 * minVar_ / r_.total : 0.5 / r_.total);
    r_.lastStep = options_.carriedStep;
    if (ms_.empty() || loss == 0 || options_.maxIterations <= 0) {
        finish();
        return;
    }
    std::vector<double> history;
    history.push_back(loss);
    r_.plainLossHistory.push_back(plain);
    StepSchedule schedule(options_.stepRule);
    const int cap = boundedIterations(options_, r_.tree.referenceSize);  // the bound is stated on it
    // The first iterations also measure whether the workers pay, and kept
    // workers are watched (thread_choice.h).
    ThreadChoice choice(pool_.threads() > 1);
    for (int t = 1; t <= cap; ++t) {
        const bool probe = choice.probing(), watch = choice.watching();
        pool_.holdWorkers(!choice.workers(t));
        const Clocks before = probe ? clocksNow(pool_) : watch ? Clocks{wallNow(), 0} : Clocks{};
        const int trialsBefore = r_.bpCalls;
        if (!iterate(t, alpha, loss, plain, schedule)) break;
        if (probe) {
            const Clocks after = clocksNow(pool_);
            choice.record(t, after.wall - before.wall, after.cpu - before.cpu, r_.bpCalls - trialsBefore);
        } else if (watch) {
            const bool mark = ThreadChoice::cpuMarkAt(t);
            const Clocks after = mark ? clocksNow(pool_) : Clocks{wallNow(), -1};
            choice.watch(after.wall - before.wall, r_.bpCalls - trialsBefore, after.cpu);
        }
        history.push_back(loss);
        r_.plainLossHistory.push_back(plain);
        if (options_.tolerance > 0 && t >= kToleranceWindow) {
            const double before = history[history.size() - 1 - kToleranceWindow];
            if (before - loss <= options_.tolerance * std::abs(loss)) break;
        }
    }
    finish();
    r_.weightedLoss = loss;
    r_.plainLoss = plain;
    foldSteps();
}

}  // namespace streamsynth::pgm
