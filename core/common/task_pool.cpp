// The pool's one shared word packs (job generation, task count, next task),
// so a worker can only claim a task of the job that is current: a claim is a
// compare-exchange on that word, and the caller does not return (and cannot
// publish the next job) before every claimed task has finished. Idle threads
// spin briefly (the BP messages of one fit come microseconds apart) and then
// sleep on the word.
//
// A pinned job's tasks are claimed too, in a second word of (generation, one
// bit per task), so that the caller can take the tasks of a worker that has
// not started any of them by the time the caller's own are done: a worker
// asleep, or a virtual core the host has lent to someone else, would
// otherwise hold the whole job (issue 50: on a shared 2-core VM one pass in
// ten of a large fit's took 270–290 µs against a median of 80–95 µs, more
// than one thread alone needs; see docs/pgm.md).
#include "core/common/task_pool.h"

#include <pthread.h>
#include <sched.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "core/common/float_control.h"

namespace streamsynth {

namespace {
// Idle threads spin this long before sleeping (the BP messages of one fit
// come microseconds apart); checked by the clock, since one pause
// instruction takes from ~10 to ~140 cycles depending on the CPU.
constexpr auto kSpinTime = std::chrono::microseconds(50);

inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

constexpr std::uint64_t pack(std::uint64_t gen, std::uint64_t tasks, std::uint64_t next) {
    return (gen << 32) | (tasks << 16) | next;
}
constexpr int tasksOf(std::uint64_t w) {
    return static_cast<int>((w >> 16) & 0xffff);
}
constexpr int nextOf(std::uint64_t w) {
    return static_cast<int>(w & 0xffff);
}
constexpr std::uint64_t genOf(std::uint64_t w) {
    return w >> 32;
}
constexpr std::uint64_t kStopGen = 0xffffffffu;
// The next-task field of a pinned job: nothing to claim in this word (tasks ≤
// 0xfffe); each thread runs its own tasks once per generation, taking each
// in `taken` when the job has at most kClaimedPinned tasks.
constexpr int kPinned = 0xffff;
// Pinned jobs of at most this many tasks are claimed task by task (one bit
// each beside the generation), so that the caller can take a late worker's.
constexpr int kClaimedPinned = 32;
}  // namespace

struct TaskPool::Shared {
    int threads = 1;
    bool spin = true;
    std::vector<std::thread> workers;
    std::atomic<std::uint64_t> word{0};
    std::atomic<int> done{0};
    // A pinned job's (generation << 32 | one bit per task taken).
    std::atomic<std::uint64_t> taken{0};
    void (*call)(void*, int) = nullptr;
    void* ctx = nullptr;
    // The caller's floating-point control at dispatch: every task of the job
    // runs under it, on whichever thread (a caller's flush-to-zero, say).
    unsigned control = 0;
    std::mutex errorMutex;
    std::exception_ptr error;
    int errorTask = -1;  // the lowest failing task index: the same exception whatever the threads

    void recordError(int task) {
        std::lock_guard lock(errorMutex);
        if (!error || task < errorTask) {
            error = std::current_exception();
            errorTask = task;
        }
    }

    // Spins up to kSpinTime while pred() is false; true if it became true.
    // Not at all when the pool has more threads than cores: a spinning
    // thread would then hold the core a working one waits for.
    template <class Pred>
    bool spinUntil(Pred pred) const {
        if (!spin) return pred();
        const auto end = std::chrono::steady_clock::now() + kSpinTime;
        for (;;) {
            for (int i = 0; i < 64; ++i) {
                if (pred()) return true;
                cpuRelax();
            }
            if (std::chrono::steady_clock::now() >= end) return pred();
        }
    }

    // Claims and runs tasks of the current job until none is left.
    void work() {
        std::uint64_t w = word.load(std::memory_order_acquire);
        while (nextOf(w) < tasksOf(w) && genOf(w) != kStopGen) {
            if (!word.compare_exchange_weak(w, w + 1, std::memory_order_acq_rel, std::memory_order_acquire))
                continue;
            runTask(nextOf(w), tasksOf(w));
            w = word.load(std::memory_order_acquire);
        }
    }

    void runTask(int t, int tasks) {
        adoptFloatControl(control);  // written before the job was published
        try {
            call(ctx, t);
        } catch (...) {
            recordError(t);
        }
        if (done.fetch_add(1, std::memory_order_acq_rel) + 1 == tasks) done.notify_all();
    }

    // Takes task t of pinned job `gen`: false if another thread has, or if
    // that job is over (a worker late by a whole job). After a job, `taken`
    // holds either a newer pinned job's generation or, if the next jobs were
    // claimed ones, this job's with every task's bit set (a job ends only
    // when all its tasks have run, each taken first): either way, false.
    bool take(std::uint64_t gen, int t) {
        const std::uint64_t bit = std::uint64_t{1} << t;
        std::uint64_t v = taken.load(std::memory_order_acquire);
        for (;;) {
            if ((v >> 32) != gen || (v & bit) != 0) return false;
            if (taken.compare_exchange_weak(v, v | bit, std::memory_order_acq_rel, std::memory_order_acquire))
                return true;
        }
    }

    bool startedBy(std::uint64_t gen, int index) const {
        const std::uint64_t v = taken.load(std::memory_order_acquire);
        return (v >> 32) != gen || (v & (std::uint64_t{1} << index)) != 0;
    }

    // Thread `index`'s tasks of pinned job `gen`: index, index + threads, …
    void workPinned(std::uint64_t gen, int index, int tasks) {
        const bool claimed = tasks <= kClaimedPinned;
        for (int t = index; t < tasks; t += threads)
            if (!claimed || take(gen, t)) runTask(t, tasks);
    }

    // The caller, its own tasks done: the tasks of every worker that has not
    // taken its first one yet (a worker that has is running and does the rest).
    void helpPinned(std::uint64_t gen, int tasks) {
        if (tasks > kClaimedPinned) return;
        for (int index = 1; index < threads && index < tasks; ++index) {
            if (startedBy(gen, index)) continue;
            for (int t = index; t < tasks; t += threads)
                if (take(gen, t)) runTask(t, tasks);
        }
    }

    void workerLoop(int index) {
        std::uint64_t served = kStopGen;  // the last pinned generation this worker ran
        for (;;) {
            std::uint64_t w = word.load(std::memory_order_acquire);
            if (genOf(w) == kStopGen) return;
            if (nextOf(w) == kPinned && genOf(w) != served) {
                served = genOf(w);
                workPinned(served, index, tasksOf(w));
                continue;
            }
            if (nextOf(w) < tasksOf(w)) {
                work();
                continue;
            }
            // Nothing to claim in w: wait for the word to change.
            if (!spinUntil([&] { return word.load(std::memory_order_acquire) != w; }))
                word.wait(w, std::memory_order_acquire);
        }
    }
};

TaskPool::TaskPool(int threads) : shared_(std::make_unique<Shared>()) {
    const int want = threads > 1 ? threads : 1;
    shared_->spin = want <= availableCores();  // before any worker reads it
    try {
        for (int i = 1; i < want; ++i)
            shared_->workers.emplace_back([s = shared_.get(), i] { s->workerLoop(i); });
    } catch (const std::system_error&) {
        // The system refused another thread (limits): go on with those started.
    }
    // (Before any pinned job: workers started are numbered 1..threads − 1.)
    shared_->threads = 1 + static_cast<int>(shared_->workers.size());
}

TaskPool::~TaskPool() {
    if (shared_->workers.empty()) return;
    shared_->word.store(pack(kStopGen, 0, 0), std::memory_order_release);
    shared_->word.notify_all();
    for (auto& t : shared_->workers) t.join();
}

int TaskPool::threads() const noexcept {
    return shared_->threads;
}

int availableCores() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        const int n = CPU_COUNT(&set);
        if (n > 0) return n;
    }
    const unsigned h = std::thread::hardware_concurrency();
    return h > 0 ? static_cast<int>(h) : 1;
}

int usefulThreads(int requested) {
    const int cores = availableCores();
    return requested > 0 && requested < cores ? requested : cores;
}

double TaskPool::workerCpuSeconds() const {
    double sum = 0;
    for (auto& t : shared_->workers) {
        clockid_t id{};
        timespec ts{};
        if (pthread_getcpuclockid(const_cast<std::thread&>(t).native_handle(), &id) == 0 &&
            clock_gettime(id, &ts) == 0)
            sum += static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
    }
    return sum;
}

void TaskPool::dispatch(int tasks, void (*call)(void*, int), void* ctx, bool pinned) {
    Shared& s = *shared_;
    if (tasks >= kPinned) {  // the packed word holds 16 bits of task index
        for (int i = 0; i < tasks; ++i) call(ctx, i);
        return;
    }
    s.call = call;
    s.ctx = ctx;
    s.control = floatControl();
    s.error = nullptr;
    s.errorTask = -1;
    s.done.store(0, std::memory_order_relaxed);
    const std::uint64_t gen = (genOf(s.word.load(std::memory_order_relaxed)) + 1) % kStopGen;
    if (pinned) s.taken.store(gen << 32, std::memory_order_release);
    s.word.store(pack(gen, static_cast<std::uint64_t>(tasks), pinned ? kPinned : 0),
                 std::memory_order_release);
    s.word.notify_all();
    if (pinned) {
        s.workPinned(gen, 0, tasks);
        s.helpPinned(gen, tasks);
    } else {
        s.work();
    }
    s.spinUntil([&] { return s.done.load(std::memory_order_acquire) >= tasks; });
    int d = s.done.load(std::memory_order_acquire);
    while (d < tasks) {
        s.done.wait(d, std::memory_order_acquire);
        d = s.done.load(std::memory_order_acquire);
    }
    if (s.error) {
        auto e = s.error;
        s.error = nullptr;
        std::rethrow_exception(e);
    }
}

}  // namespace streamsynth
