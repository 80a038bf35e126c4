// TaskPool: every task runs exactly once per run, across many back-to-back
// runs (the generation hand-over between jobs), for several pool sizes and
// task counts; the first task exception reaches the caller and the pool stays
// usable; one thread runs inline in task order; a pinned job runs task i on
// thread i mod threads, the same thread every time, mixed freely with
// claimed jobs; and a worker that has not started its pinned tasks (held
// here in a signal handler, as a host's preemption would) does not hold the
// job up: the caller takes them. Every task runs under the caller's
// floating-point control (flush-to-zero set by the caller, say).
#include <dirent.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <QtTest>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/common/float_control.h"
#include "core/common/task_pool.h"

using streamsynth::floatControl;
using streamsynth::kFlushSubnormals;
using streamsynth::setFloatControl;
using streamsynth::TaskPool;

class TestTaskPool : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void every_task_runs_once();
    void many_back_to_back_jobs();
    void inline_when_one_thread();
    void held_workers_leave_every_task_to_the_caller();
    void exception_reaches_caller();
    void lowest_failing_task_wins();
    void available_cores_positive();
    void workers_really_run_tasks();
    void idle_pool_destructs();
    void pinned_tasks_keep_their_thread();
    void pinned_and_claimed_jobs_mix();
    void pinned_lowest_failing_task_wins();
    void late_worker_pinned_tasks_run_on_caller();
    void tasks_run_under_the_callers_float_control();
};

void TestTaskPool::every_task_runs_once() {
    for (int threads : {1, 2, 3, 8}) {
        TaskPool pool(threads);
        QCOMPARE(pool.threads(), threads);
        for (int tasks : {0, 1, 2, 7, 64, 1000}) {
            std::vector<std::atomic<int>> hits(static_cast<size_t>(tasks));
            pool.run(tasks, [&](int i) { hits[static_cast<size_t>(i)].fetch_add(1); });
            for (int i = 0; i < tasks; ++i) QCOMPARE(hits[static_cast<size_t>(i)].load(), 1);
        }
    }
    QCOMPARE(TaskPool(0).threads(), 1);
    QCOMPARE(TaskPool(-3).threads(), 1);
}

void TestTaskPool::many_back_to_back_jobs() {
    // A late worker must never run a task of a finished job with the next
    // job's index (or vice versa): sums per job must be exact.
    TaskPool pool(3);
    std::vector<long long> data(40);
    for (int job = 0; job < 20000; ++job) {
        const int tasks = 1 + job % 5;
        pool.run(tasks, [&](int i) { data[static_cast<size_t>(i)] += job; });
    }
    for (int i = 0; i < 5; ++i) {
        long long want = 0;
        for (int job = 0; job < 20000; ++job)
            if (i < 1 + job % 5) want += job;
        QCOMPARE(data[static_cast<size_t>(i)], want);
    }
}

void TestTaskPool::inline_when_one_thread() {
    TaskPool pool(1);
    std::vector<int> order;
    const auto caller = std::this_thread::get_id();
    bool sameThread = true;
    pool.run(5, [&](int i) {
        order.push_back(i);
        sameThread = sameThread && std::this_thread::get_id() == caller;
    });
    QCOMPARE(order, (std::vector<int>{0, 1, 2, 3, 4}));
    QVERIFY(sameThread);
    QCOMPARE(pool.workerCpuSeconds(), 0.0);
}

void TestTaskPool::exception_reaches_caller() {
    TaskPool pool(2);
    std::atomic<int> ran{0};
    bool thrown = false;
    try {
        pool.run(50, [&](int i) {
            ran.fetch_add(1);
            if (i == 17) throw std::runtime_error("task 17");
        });
    } catch (const std::runtime_error& e) {
        thrown = QString(e.what()) == "task 17";
    }
    QVERIFY(thrown);
    QCOMPARE(ran.load(), 50);  // the other tasks still ran: the caller waited for all
    std::atomic<int> after{0};
    pool.run(10, [&](int) { after.fetch_add(1); });
    QCOMPARE(after.load(), 10);
}

void TestTaskPool::lowest_failing_task_wins() {
    // Two tasks throw; whatever the thread count and the schedule, the
    // caller sees task 5's exception (the lowest failing index).
    for (int threads : {1, 2, 4}) {
        TaskPool pool(threads);
        for (int rep = 0; rep < 200; ++rep) {
            QString got;
            try {
                pool.run(40, [&](int i) {
                    if (i == 31) throw std::runtime_error("task 31");
                    if (i == 5) throw std::runtime_error("task 5");
                });
            } catch (const std::runtime_error& e) {
                got = e.what();
            }
            QCOMPARE(got, QString("task 5"));
        }
    }
}

void TestTaskPool::available_cores_positive() {
    const int n = streamsynth::availableCores();
    QVERIFY(n >= 1);
    QVERIFY(n <= static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
}

void TestTaskPool::held_workers_leave_every_task_to_the_caller() {
    // A fit's ThreadChoice holds the workers when they do not pay: claimed
    // and pinned jobs then run on the caller, in task order; released, the
    // workers take part again.
    TaskPool pool(2);
    pool.holdWorkers(true);
    QVERIFY(pool.workersHeld());
    const auto caller = std::this_thread::get_id();
    for (const bool pinned : {false, true}) {
        std::vector<int> order;
        bool sameThread = true;
        auto task = [&](int i) {
            order.push_back(i);
            sameThread = sameThread && std::this_thread::get_id() == caller;
        };
        if (pinned)
            pool.runPinned(6, task);
        else
            pool.run(6, task);
        QCOMPARE(order, (std::vector<int>{0, 1, 2, 3, 4, 5}));
        QVERIFY(sameThread);
    }
    pool.holdWorkers(false);
    std::atomic<int> arrived{0};
    std::vector<std::thread::id> who(2);
    pool.run(2, [&](int i) {  // finishes only if a worker takes part
        who[static_cast<size_t>(i)] = std::this_thread::get_id();
        arrived.fetch_add(1);
        while (arrived.load() < 2) std::this_thread::yield();
    });
    QVERIFY(who[0] != who[1]);
}

void TestTaskPool::workers_really_run_tasks() {
    // With tasks that block until a second thread has joined, a pool of two
    // can only finish if a worker takes part.
    TaskPool pool(2);
    std::atomic<int> arrived{0};
    std::vector<std::thread::id> who(2);
    pool.run(2, [&](int i) {
        who[static_cast<size_t>(i)] = std::this_thread::get_id();
        arrived.fetch_add(1);
        while (arrived.load() < 2) std::this_thread::yield();
    });
    QVERIFY(who[0] != who[1]);
    QVERIFY(pool.workerCpuSeconds() >= 0.0);
}

void TestTaskPool::idle_pool_destructs() {
    // Constructing and destroying pools, used or never used, must neither
    // hang nor lose tasks (a hang fails the suite by its CTest timeout).
    int ran = 0;
    std::atomic<int> count{0};
    for (int i = 0; i < 50; ++i) {
        TaskPool pool(4);
        if (i % 2) {
            pool.run(3, [&](int) { count.fetch_add(1); });
            ran += 3;
        }
    }
    QCOMPARE(count.load(), ran);
}

namespace {
// Waits (at most 10 s) until pred() holds.
template <class Pred>
bool waitFor(Pred pred) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!pred()) {
        if (std::chrono::steady_clock::now() > end) return false;
        std::this_thread::yield();
    }
    return true;
}
}  // namespace

// Task i of a pinned job runs on thread i mod threads (task 0 and every
// multiple of threads on the caller), job after job. The caller's tasks wait
// here until every worker has started, so that none is late (a late one's
// tasks go to the caller: the next test).
void TestTaskPool::pinned_tasks_keep_their_thread() {
    for (int threads : {2, 3, 4}) {
        TaskPool pool(threads);
        const int tasks = 2 * threads + 1;
        auto runJob = [&](std::vector<std::thread::id>& who) {
            std::atomic<int> started{0};
            bool onTime = true;
            pool.runPinned(tasks, [&](int i) {
                who[static_cast<size_t>(i)] = std::this_thread::get_id();
                if (i >= threads) return;
                started.fetch_add(1);
                if (i == 0) onTime = waitFor([&] { return started.load() == threads; });
            });
            return onTime;
        };
        std::vector<std::thread::id> first(static_cast<size_t>(tasks));
        QVERIFY2(runJob(first), "a worker did not start within 10 s");
        for (int i = 0; i < tasks; ++i) {
            const auto& id = first[static_cast<size_t>(i)];
            QCOMPARE(id == std::this_thread::get_id(), i % threads == 0);
            QCOMPARE(id, first[static_cast<size_t>(i % threads)]);
            if (i < threads)
                for (int j = 0; j < i; ++j) QVERIFY(first[static_cast<size_t>(j)] != id);
        }
        for (int round = 0; round < 200; ++round) {
            std::vector<std::thread::id> again(static_cast<size_t>(tasks));
            QVERIFY(runJob(again));
            QVERIFY(again == first);
        }
    }
}

namespace {
std::atomic<bool> holdWorkers{false};
std::atomic<int> heldWorkers{0};

// SIGUSR1 on a worker: stay here while the test holds the workers.
void holdHere(int) {
    heldWorkers.fetch_add(1);
    const timespec pause{0, 100000};
    while (holdWorkers.load()) nanosleep(&pause, nullptr);
    heldWorkers.fetch_sub(1);
}

std::set<pid_t> threadIds() {
    std::set<pid_t> ids;
    if (DIR* d = opendir("/proc/self/task")) {
        while (const dirent* e = readdir(d))
            if (e->d_name[0] != '.') ids.insert(static_cast<pid_t>(std::atoi(e->d_name)));
        closedir(d);
    }
    return ids;
}
}  // namespace

// A claimed job of `threads` tasks that ends only when that many threads have
// joined it: every worker of the pool is up and takes jobs (false after 10 s).
bool everyThreadJoins(TaskPool& pool, int threads) {
    std::atomic<int> arrived{0};
    std::atomic<bool> all{true};
    pool.run(threads, [&](int) {
        arrived.fetch_add(1);
        if (!waitFor([&] { return arrived.load() == threads; })) all = false;
    });
    return all.load();
}

// The workers of a pool are held (each in a signal handler, where a host's
// preemption or a slow wake-up would leave it) before pinned jobs: the
// caller must run every task itself and return; once released, the workers
// run no task of a job already over (the last held job's function stays alive
// to count one) nor miss one of the next jobs'.
void TestTaskPool::late_worker_pinned_tasks_run_on_caller() {
    struct sigaction act {};
    act.sa_handler = holdHere;
    sigemptyset(&act.sa_mask);
    QVERIFY(sigaction(SIGUSR1, &act, nullptr) == 0);
    const std::set<pid_t> before = threadIds();
    TaskPool pool(3);
    // On every way out (a failed check returns early), declared after the
    // pool so that the workers are released before its destructor joins them.
    struct Release {
        ~Release() {
            holdWorkers = false;
            while (heldWorkers.load() > 0) std::this_thread::yield();
            signal(SIGUSR1, SIG_DFL);
        }
    } release;
    std::vector<pid_t> workers;
    for (pid_t id : threadIds())
        if (!before.count(id)) workers.push_back(id);
    QCOMPARE(static_cast<int>(workers.size()), 2);
    // Held where they wait for work, not while they start.
    QVERIFY2(everyThreadJoins(pool, 3), "the workers did not start within 10 s");
    holdWorkers = true;
    for (pid_t id : workers) QVERIFY(syscall(SYS_tgkill, getpid(), id, SIGUSR1) == 0);
    QVERIFY2(waitFor([] { return heldWorkers.load() == 2; }), "the workers were not held within 10 s");
    const auto caller = std::this_thread::get_id();
    for (int job = 0; job < 50; ++job) {
        const int tasks = 1 + job % 9;
        std::vector<std::atomic<int>> hits(static_cast<size_t>(tasks));
        std::atomic<int> elsewhere{0};
        pool.runPinned(tasks, [&](int i) {
            hits[static_cast<size_t>(i)].fetch_add(1);
            if (std::this_thread::get_id() != caller) elsewhere.fetch_add(1);
        });
        for (int i = 0; i < tasks; ++i) QCOMPARE(hits[static_cast<size_t>(i)].load(), 1);
        QCOMPARE(elsewhere.load(), 0);
    }
    std::vector<std::atomic<int>> lastHits(9);
    std::atomic<int> lastElsewhere{0};
    auto lastJob = [&](int i) {
        lastHits[static_cast<size_t>(i)].fetch_add(1);
        if (std::this_thread::get_id() != caller) lastElsewhere.fetch_add(1);
    };
    pool.runPinned(9, lastJob);
    holdWorkers = false;
    QVERIFY(waitFor([] { return heldWorkers.load() == 0; }));
    // Both workers back at work: they read the jobs in order, so each has
    // passed the last held one by now.
    QVERIFY2(everyThreadJoins(pool, 3), "the workers did not come back within 10 s");
    for (auto& h : lastHits) QCOMPARE(h.load(), 1);
    QCOMPARE(lastElsewhere.load(), 0);
    for (int round = 0; round < 500; ++round) {
        const int tasks = 1 + round % 7;
        std::vector<std::atomic<int>> hits(static_cast<size_t>(tasks));
        pool.runPinned(tasks, [&](int i) { hits[static_cast<size_t>(i)].fetch_add(1); });
        for (int i = 0; i < tasks; ++i) QCOMPARE(hits[static_cast<size_t>(i)].load(), 1);
    }
}

// Pinned and claimed jobs back to back: every task of each runs once, and
// fewer tasks than threads leave the other workers idle.
void TestTaskPool::pinned_and_claimed_jobs_mix() {
    TaskPool pool(4);
    for (int round = 0; round < 2000; ++round) {
        const int tasks = 1 + round % 9;
        std::vector<std::atomic<int>> hits(static_cast<size_t>(tasks));
        auto hit = [&](int i) { hits[static_cast<size_t>(i)].fetch_add(1); };
        if (round % 3 == 0)
            pool.run(tasks, hit);
        else
            pool.runPinned(tasks, hit);
        for (int i = 0; i < tasks; ++i) QCOMPARE(hits[static_cast<size_t>(i)].load(), 1);
    }
}

void TestTaskPool::pinned_lowest_failing_task_wins() {
    TaskPool pool(3);
    std::vector<std::atomic<int>> hits(9);
    try {
        pool.runPinned(9, [&](int i) {
            hits[static_cast<size_t>(i)].fetch_add(1);
            if (i == 4 || i == 7) throw std::runtime_error("task " + std::to_string(i));
        });
        QFAIL("no exception");
    } catch (const std::runtime_error& e) {
        QCOMPARE(QString(e.what()), QString("task 4"));
    }
    for (auto& h : hits) QCOMPARE(h.load(), 1);  // the others still ran
    std::atomic<int> ran{0};
    pool.runPinned(5, [&](int) { ran.fetch_add(1); });  // the pool is still usable
    QCOMPARE(ran.load(), 5);
}

namespace {
// 1e-300 · 1e-20: subnormal, or 0 where subnormals are flushed.
double tinyProduct() {
    volatile double a = 1e-300, b = 1e-20;
    return a * b;
}
}  // namespace

// A job's tasks see the control the caller had when it dispatched the job,
// on every thread: each of `threads` tasks waits until all have arrived, so
// every worker runs one. The workers start under the default control, so
// without the hand-over a worker's task would see it (x86; elsewhere every
// control reads 0 and only the products are compared).
void TestTaskPool::tasks_run_under_the_callers_float_control() {
    const unsigned plain = floatControl();
    for (int threads : {2, 3}) {
        TaskPool pool(threads);
        for (int round = 0; round < 4; ++round) {
            const bool flush = round % 2 == 0;
            const bool pinned = round >= 2;
            setFloatControl(flush ? plain | kFlushSubnormals : plain);
            std::vector<unsigned> seen(static_cast<size_t>(threads));
            std::vector<double> product(static_cast<size_t>(threads));
            std::vector<std::thread::id> who(static_cast<size_t>(threads));
            std::atomic<int> arrived{0};
            std::atomic<bool> together{true};
            auto task = [&](int i) {
                const auto k = static_cast<size_t>(i);
                seen[k] = floatControl();
                product[k] = tinyProduct();
                who[k] = std::this_thread::get_id();
                arrived.fetch_add(1);
                if (!waitFor([&] { return arrived.load() == threads; })) together = false;
            };
            if (pinned)
                pool.runPinned(threads, task);
            else
                pool.run(threads, task);
            const double callerProduct = tinyProduct();
            setFloatControl(plain);
            QVERIFY2(together.load(), "a worker did not start within 10 s");
            QCOMPARE(std::set<std::thread::id>(who.begin(), who.end()).size(), static_cast<size_t>(threads));
            for (int i = 0; i < threads; ++i) {
                QCOMPARE(seen[static_cast<size_t>(i)], flush ? plain | kFlushSubnormals : plain);
                QCOMPARE(product[static_cast<size_t>(i)], callerProduct);
            }
            if (kFlushSubnormals != 0) QCOMPARE(callerProduct == 0.0, flush);
        }
    }
}

QTEST_APPLESS_MAIN(TestTaskPool)
#include "test_task_pool.moc"
