// Whether a fit's workers pay for themselves on this machine, measured on
// the fit's own iterations (issue 50): the split of the walks into segments
// follows the cliques' sizes alone (parallel_kernels.h), but what a segment
// costs against waking and joining a worker depends on the CPU. On a 2-core
// Intel VM the fixture's fit ran at 0.70–0.83× one thread's wall with two;
// on a 2-core AMD EPYC VM with faster cores, at 1.11× (CPU 1.89×): the same
// cells, walked in less time than the hand-overs cost. So the first
// iterations alternate, in blocks, between the workers and the caller
// alone, and the
// workers stay only when, per trial (belief-propagation pass), the median
// of their iterations is faster than the caller's by kWallGain at most
// kCpuLimit times its CPU (the targets: wall ≤ 1.05× and CPU ≤
// 1.3× one thread's). Medians, since one iteration the host preempts must
// not decide; and at least kProbeSeconds in each mode, since an iteration
// of a 10⁵-cell model takes about 0.1 ms. Which way it goes never changes a
// result (TaskPool's contract); it changes only seconds.
#pragma once

#include <algorithm>
#include <vector>

namespace streamsynth::pgm {

class ThreadChoice {
public:
    static constexpr int kBlock = 4;                // iterations in a row in one mode
    static constexpr int kProbeIterations = 6;      // counted per mode, at least
    static constexpr int kMaxProbeIterations = 64;  // both modes together, at most
    static constexpr double kProbeSeconds = 0.002;  // per mode, at least
    static constexpr double kWallGain = 0.95;
    static constexpr double kCpuLimit = 1.3;

    // threaded: the pool has workers (else nothing to choose: the caller).
    explicit ThreadChoice(bool threaded) : phase_(threaded ? Phase::Probing : Phase::Caller) {}

    // The mode of iteration t (from 1): true for the workers.
    bool workers(int t) const {
        if (phase_ == Phase::Probing) return ((t - 1) / kBlock) % 2 == 0;  // blocks in turns, workers first
        return phase_ == Phase::Workers;
    }
    bool probing() const { return phase_ == Phase::Probing; }

    // What iteration t took in the mode workers(t) gave it: its wall and CPU
    // seconds (every thread of the fit) and its trials. The first of each
    // block is not counted: it moves the cells into the caches of the
    // threads that walk them in that mode.
    void record(int t, double wall, double cpu, int trials) {
        if (phase_ != Phase::Probing || (t - 1) % kBlock == 0 || trials <= 0) return;
        Mode& m = workers(t) ? threaded_ : alone_;
        m.wall.push_back(wall / trials);
        m.cpu.push_back(cpu / trials);
        m.seconds += wall;
        const bool enough = threaded_.enough() && alone_.enough();
        if (!enough && t < kMaxProbeIterations) return;
        if (threaded_.wall.empty() || alone_.wall.empty()) {
            phase_ = Phase::Caller;
            return;
        }
        const double wallRatio = median(threaded_.wall) / median(alone_.wall);
        const double cpuRatio = median(threaded_.cpu) / median(alone_.cpu);
        phase_ = wallRatio <= kWallGain && cpuRatio <= kCpuLimit ? Phase::Workers : Phase::Caller;
    }

private:
    enum class Phase { Probing, Workers, Caller };
    struct Mode {
        std::vector<double> wall, cpu;  // per trial, one entry an iteration
        double seconds = 0;
        bool enough() const {
            return static_cast<int>(wall.size()) >= kProbeIterations && seconds >= kProbeSeconds;
        }
    };
    static double median(std::vector<double> v) {
        const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
        std::nth_element(v.begin(), mid, v.end());
        return *mid;
    }
    Phase phase_;
    Mode threaded_, alone_;
};

}  // namespace streamsynth::pgm
