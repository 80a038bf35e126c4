// Whether a fit's workers pay for themselves on this machine, measured on
// the fit's own iterations (issue 50): the split of the walks into segments
// follows the cliques' sizes alone (parallel_kernels.h), but what a segment
// costs against waking and joining a worker depends on the CPU. On a 2-core
// Intel VM the fixture's fit ran at 0.70–0.83× one thread's wall with two;
// on a 2-core AMD EPYC VM with faster cores, at 1.11× (CPU 1.89×): the same
// cells, walked in less time than the hand-overs cost. So the first
// iterations alternate, in blocks, between the workers and the caller
// alone, and the workers stay only when, per trial (belief-propagation
// pass), the median of their iterations is faster than the caller's by
// kWallGain at most kCpuLimit times its CPU (the targets: wall ≤ 1.05× and CPU ≤
// 1.3× one thread's). Medians, since one iteration the host preempts must
// not decide; and at least kProbeSeconds in each mode, since an iteration
// of a 10⁵-cell model takes about 0.1 ms. Workers kept are watched: the
// wall of each iteration with them, and the CPU of the fit's threads every
// kWindow iterations (a thread's CPU clock is a system call, about 1.8 µs on
// a 2-core VM: read at every iteration it would cost a tenth of a large
// model's), are compared with the probe's iterations alone by the same rule
// (the window's median wall, its mean CPU), and the workers are held for the
// rest of the fit once a window fails it: on a shared machine the minute of
// the probe need not be the fit's (a 2-core VM's large model kept its
// workers on a probe at 0.63 of the wall and then ran at 0.80 of it with
// 1.47 of the CPU). A fit never goes back to its workers: the error the
// watch allows is a thread idle, never CPU burnt. Which way it goes never
// changes a result (TaskPool's contract); it changes only seconds.
#pragma once

#include <algorithm>
#include <vector>

namespace streamsynth::pgm {

class ThreadChoice {
public:
    static constexpr int kBlock = 8;                // iterations in a row in one mode
    static constexpr int kUncounted = 2;            // at the start of each block
    static constexpr int kProbeIterations = 6;      // counted per mode, at least
    static constexpr int kMaxProbeIterations = 80;  // both modes together, at most
    static constexpr double kProbeSeconds = 0.002;  // per mode, at least
    static constexpr double kWallGain = 0.95;
    static constexpr double kCpuLimit = 1.3;
    static constexpr int kWindow = 32;  // iterations between the watch's CPU marks

    // threaded: the pool has workers (else nothing to choose: the caller).
    explicit ThreadChoice(bool threaded) : phase_(threaded ? Phase::Probing : Phase::Caller) {}

    // The mode of iteration t (from 1): true for the workers.
    bool workers(int t) const {
        if (phase_ == Phase::Probing) return ((t - 1) / kBlock) % 2 == 0;  // blocks in turns, workers first
        return phase_ == Phase::Workers;
    }
    bool probing() const { return phase_ == Phase::Probing; }
    // Workers kept and watched: the loop gives watch() every iteration.
    bool watching() const { return phase_ == Phase::Workers; }
    // Whether the watch wants the CPU clocks after iteration t.
    static bool cpuMarkAt(int t) { return t % kWindow == 0; }

    // What iteration t took in the mode workers(t) gave it: its wall and CPU
    // seconds (every thread of the fit) and its trials. While probing, the
    // first kUncounted of each block are not counted (on a 2-core VM the
    // first two iterations after a switch took 1.3–2.2 times the rest: the
    // cells move into the caches of the threads that walk them in that mode,
    // a worker asleep is woken), nor the whole first block (the fit's first
    // iterations touch its buffers for the first time).
    void record(int t, double wall, double cpu, int trials) {
        if (phase_ != Phase::Probing || (t - 1) % kBlock < kUncounted || t <= kBlock || trials <= 0) return;
        Mode& m = workers(t) ? threaded_ : alone_;
        m.add(wall, cpu, trials);
        const bool enough = threaded_.enough(kProbeIterations) && alone_.enough(kProbeIterations);
        if (!enough && t < kMaxProbeIterations) return;
        if (threaded_.wall.empty() || alone_.wall.empty()) {
            phase_ = Phase::Caller;
            return;
        }
        phase_ = pays(median(threaded_.wall), median(threaded_.cpu)) ? Phase::Workers : Phase::Caller;
    }

    // An iteration with the workers kept: its wall seconds and trials, and
    // after the iterations where cpuMarkAt(), the CPU seconds of the fit's
    // threads so far (else a negative number). A window runs from one mark
    // to the first later mark with kProbeSeconds of iterations since.
    void watch(double wall, int trials, double cpuMark) {
        if (phase_ != Phase::Workers) return;
        if (trials > 0 && lastMark_ >= 0) {
            window_.add(wall, 0, trials);
            windowTrials_ += trials;
        }
        if (cpuMark < 0) return;
        if (lastMark_ >= 0 && window_.seconds < kProbeSeconds) return;  // go on to the next mark
        if (lastMark_ >= 0 && windowTrials_ > 0 &&
            !pays(median(window_.wall), (cpuMark - lastMark_) / windowTrials_))
            phase_ = Phase::Caller;
        lastMark_ = cpuMark;
        window_ = {};
        windowTrials_ = 0;
    }

private:
    enum class Phase { Probing, Workers, Caller };
    struct Mode {
        std::vector<double> wall, cpu;  // per trial, one entry an iteration
        double seconds = 0;
        void add(double w, double c, int trials) {
            wall.push_back(w / trials);
            cpu.push_back(c / trials);
            seconds += w;
        }
        bool enough(int iterations) const {  // while probing
            return static_cast<int>(wall.size()) >= iterations && seconds >= kProbeSeconds;
        }
    };
    static double median(std::vector<double> v) {
        const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
        std::nth_element(v.begin(), mid, v.end());
        return *mid;
    }
    // The rule: a trial's wall and CPU with the workers against the probe's
    // iterations alone.
    bool pays(double wall, double cpu) const {
        return wall <= kWallGain * median(alone_.wall) && cpu <= kCpuLimit * median(alone_.cpu);
    }
    Phase phase_;
    Mode threaded_, alone_;
    Mode window_;  // the watch's iterations since its last mark (wall only)
    int windowTrials_ = 0;
    double lastMark_ = -1;  // the CPU clocks at the watch's last mark (none yet: −1)
};

}  // namespace streamsynth::pgm
