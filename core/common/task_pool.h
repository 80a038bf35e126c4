// A small fixed pool of worker threads for the fit engines' hot loops: run(n,
// fn) calls fn(0..n-1) once each, spread over the workers and the calling
// thread, and returns when all are done. Determinism is the caller's part of
// the contract: tasks write disjoint outputs, and anything combined across
// tasks is combined afterwards in task order, so the result never depends on
// which thread ran which task (nor on the number of threads). Every task runs
// under the caller's floating-point control (core/common/float_control.h).
#pragma once

#include <memory>

namespace streamsynth {

class TaskPool {
public:
    // threads: total threads including the caller; <= 1 runs every task
    // inline (no worker is started); 0 or negative means 1. If the system
    // refuses to start a thread, the pool runs with those it has.
    explicit TaskPool(int threads = 1);
    ~TaskPool();
    TaskPool(const TaskPool&) = delete;
    TaskPool& operator=(const TaskPool&) = delete;

    int threads() const noexcept;
    // While held, every job runs on the caller alone, in task order, as on
    // one thread (the workers sleep after their short spin). For a caller
    // that finds its jobs too short to pay for the workers (a fit's
    // ThreadChoice); never changes a result (the contract above).
    void holdWorkers(bool held) noexcept { held_ = held; }
    bool workersHeld() const noexcept { return held_; }
    // CPU seconds consumed so far by the pool's worker threads (not the
    // caller's); 0 without workers or where per-thread clocks are missing.
    double workerCpuSeconds() const;

    // Calls fn(i) for every i in [0, tasks). Not reentrant (fn must not call
    // run on the same pool) and not for concurrent callers. If tasks throw,
    // the exception of the lowest failing task index is rethrown here after
    // all tasks ended (on one thread: at the first failing task, the later
    // ones not run).
    template <class Fn>
    void run(int tasks, Fn&& fn) {
        submit(tasks, fn, false);
    }

    // As run(), but task i runs on thread i mod threads() (0: the caller):
    // for walks cut into the same pieces call after call, each thread keeps
    // its piece's cells in its own cache. No balancing: for tasks of equal
    // size. One exception, so that a worker asleep or preempted cannot hold
    // the job: when the caller has finished its own tasks, it takes those of
    // any worker that has not started one yet (jobs of up to 32 tasks; such a
    // worker, waking meanwhile, runs those the caller has not reached). So
    // tasks must not depend on the thread that runs them.
    template <class Fn>
    void runPinned(int tasks, Fn&& fn) {
        submit(tasks, fn, true);
    }

private:
    template <class Fn>
    void submit(int tasks, Fn& fn, bool pinned) {
        if (tasks <= 0) return;
        if (tasks == 1 || held_ || threads() <= 1) {
            for (int i = 0; i < tasks; ++i) fn(i);
            return;
        }
        dispatch(
            tasks, [](void* ctx, int i) { (*static_cast<Fn*>(ctx))(i); },
            const_cast<void*>(static_cast<const void*>(&fn)), pinned);
    }
    void dispatch(int tasks, void (*call)(void*, int), void* ctx, bool pinned);

    struct Shared;
    std::unique_ptr<Shared> shared_;
    bool held_ = false;  // read and written by the caller only
};

// Cores this process may run on (its CPU affinity, e.g. a container's
// cpuset), at least 1: what "0 = every core" means.
int availableCores();

// The threads a request can use: 0 or less means every core, and a request
// beyond the cores is cut to them (a thread that waits for a core does no
// work, and with the pool's short spin it takes CPU from the one it waits
// for; issue 50). Results never depend on it (the pool's contract).
int usefulThreads(int requested);

}  // namespace streamsynth
