// Microseconds per feed of a 3,570-cell vector counter of each type (the size
// of the largest workload in the reference experiments), Laplace and discrete.
#include <chrono>
#include <cstdio>
#include <vector>

#include "core/privacy/vector_counter.h"

using namespace streamsynth::privacy;

int main() {
    const std::size_t cells = 3570;
    const long long steps = 1000;
    std::printf("%-28s %12s\n", "counter (3570 cells)", "us/step");
    for (const char* type : {"simple", "block:32", "unbounded-block", "tree:1024", "hybrid", "honaker:1024",
                             "simple+discrete", "hybrid+discrete", "honaker:1024+discrete"}) {
        auto rng = makeSeededRng(1);
        VectorCounter vc(parseCounterSpec(type), 1.0, cells);
        std::vector<double> inc(cells);
        for (std::size_t c = 0; c < cells; ++c) inc[c] = static_cast<double>(c % 2);
        const auto start = std::chrono::steady_clock::now();
        double sink = 0;
        for (long long t = 0; t < steps; ++t) {
            vc.feed(inc, *rng);
            sink += vc.values()[t % cells];
        }
        const double us =
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
        std::printf("%-28s %12.1f   (checksum %.3g)\n", type, us / steps, sink);
    }
    return 0;
}
