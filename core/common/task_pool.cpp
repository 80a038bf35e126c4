// The pool's one shared word packs (job generation, task count, next task),
// so a worker can only claim a task of the job that is current: a claim is a
// compare-exchange on that word, and the caller does not return (and cannot
// publish the next job) before every claimed task has finished. Idle threads
// spin briefly (the BP messages of one fit come microseconds apart) and then
// sleep on the word.
#include "core/common/task_pool.h"

#include <atomic>
#include <ctime>
#include <pthread.h>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace streamsynth {

namespace {
constexpr int kSpins = 4000;  // ~30-60 µs of pause instructions before sleeping

inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

constexpr std::uint64_t pack(std::uint64_t gen, std::uint64_t tasks, std::uint64_t next) {
    return (gen << 32) | (tasks << 16) | next;
}
constexpr int tasksOf(std::uint64_t w) { return static_cast<int>((w >> 16) & 0xffff); }
constexpr int nextOf(std::uint64_t w) { return static_cast<int>(w & 0xffff); }
constexpr std::uint64_t genOf(std::uint64_t w) { return w >> 32; }
constexpr std::uint64_t kStopGen = 0xffffffffu;
}  // namespace

struct TaskPool::Shared {
    int threads = 1;
    std::vector<std::thread> workers;
    std::atomic<std::uint64_t> word{0};
    std::atomic<int> done{0};
    void (*call)(void*, int) = nullptr;
    void* ctx = nullptr;
    std::mutex errorMutex;
    std::exception_ptr error;

    // Claims and runs tasks of the current job until none is left.
    void work() {
        std::uint64_t w = word.load(std::memory_order_acquire);
        while (nextOf(w) < tasksOf(w) && genOf(w) != kStopGen) {
            if (!word.compare_exchange_weak(w, w + 1, std::memory_order_acq_rel, std::memory_order_acquire)) continue;
            const int tasks = tasksOf(w);
            try {
                call(ctx, nextOf(w));
            } catch (...) {
                std::lock_guard lock(errorMutex);
                if (!error) error = std::current_exception();
            }
            if (done.fetch_add(1, std::memory_order_acq_rel) + 1 == tasks) done.notify_all();
            w = word.load(std::memory_order_acquire);
        }
    }

    void workerLoop() {
        for (;;) {
            std::uint64_t w = word.load(std::memory_order_acquire);
            if (genOf(w) == kStopGen) return;
            if (nextOf(w) < tasksOf(w)) {
                work();
                continue;
            }
            // Nothing to claim in w: wait for the word to change.
            std::uint64_t now = w;
            for (int s = 0; now == w && s < kSpins; ++s) {
                cpuRelax();
                now = word.load(std::memory_order_acquire);
            }
            if (now == w) word.wait(w, std::memory_order_acquire);
        }
    }
};

TaskPool::TaskPool(int threads) : shared_(std::make_unique<Shared>()) {
    shared_->threads = threads > 1 ? threads : 1;
    for (int i = 1; i < shared_->threads; ++i) shared_->workers.emplace_back([s = shared_.get()] { s->workerLoop(); });
}

TaskPool::~TaskPool() {
    if (shared_->workers.empty()) return;
    shared_->word.store(pack(kStopGen, 0, 0), std::memory_order_release);
    shared_->word.notify_all();
    for (auto& t : shared_->workers) t.join();
}

int TaskPool::threads() const noexcept { return shared_->threads; }

double TaskPool::workerCpuSeconds() const {
    double sum = 0;
    for (auto& t : shared_->workers) {
        clockid_t id{};
        timespec ts{};
        if (pthread_getcpuclockid(const_cast<std::thread&>(t).native_handle(), &id) == 0 && clock_gettime(id, &ts) == 0)
            sum += static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
    }
    return sum;
}

void TaskPool::dispatch(int tasks, void (*call)(void*, int), void* ctx) {
    Shared& s = *shared_;
    if (tasks > 0xffff) {  // the packed word holds 16 bits of task index
        for (int i = 0; i < tasks; ++i) call(ctx, i);
        return;
    }
    s.call = call;
    s.ctx = ctx;
    s.error = nullptr;
    s.done.store(0, std::memory_order_relaxed);
    const std::uint64_t gen = (genOf(s.word.load(std::memory_order_relaxed)) + 1) % kStopGen;
    s.word.store(pack(gen, static_cast<std::uint64_t>(tasks), 0), std::memory_order_release);
    s.word.notify_all();
    s.work();
    int d = s.done.load(std::memory_order_acquire);
    for (int spin = 0; d < tasks && spin < kSpins; ++spin) {
        cpuRelax();
        d = s.done.load(std::memory_order_acquire);
    }
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
