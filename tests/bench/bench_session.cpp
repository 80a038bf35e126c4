// Session save/load timing: loads a session file given on the command line
// (e.g. after the full Adult batch-50 run), then times loadSession and
// saveSession (to a temporary copy) over a few repetitions and prints the
// file size and the payload's share held by models, releases and history.
#include <QTemporaryDir>
#include <chrono>
#include <cstdio>
#include <string>

#include "core/io/session_store.h"

using namespace streamsynth;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_session FILE\n");
        return 2;
    }
    const std::string path = argv[1];
    io::SessionData d = io::loadSession(path);
    QTemporaryDir tmp;
    const std::string copy = tmp.filePath("copy.session").toStdString();
    double load = 1e9, save = 1e9;
    for (int rep = 0; rep < 5; ++rep) {
        auto t0 = Clock::now();
        d = io::loadSession(path);
        load = std::min(load, std::chrono::duration<double>(Clock::now() - t0).count());
        t0 = Clock::now();
        io::saveSession(copy, d);
        save = std::min(save, std::chrono::duration<double>(Clock::now() - t0).count());
    }
    const std::string bytes = io::encodeSession(d);
    // Exact shares: the encoded size drop when one part is emptied.
    auto without = [&](auto clear) {
        io::SessionData c = d;
        for (auto& s : c.engine.series) clear(s);
        return static_cast<double>(bytes.size() - io::encodeSession(c).size());
    };
    const double model = without([](stream::SeriesState& s) { s.streamer.model = {}; });
    const double release = without([](stream::SeriesState& s) { s.streamer.releaseColumns.clear(); });
    const double counters = without([](stream::SeriesState& s) { s.streamer.counters.clear(); });
    const double history = without([](stream::SeriesState& s) { s.history.clear(); });
    const double ledger = without([](stream::SeriesState& s) { s.ledger.clear(); });
    std::printf("session %s: %zu bytes, %zu steps, %zu series\n", path.c_str(), bytes.size(),
                d.stepDigests.size(), d.engine.series.size());
    std::printf("best of 5: load %.3f s, save (fsync + rename) %.3f s\n", load, save);
    std::printf("bytes: models %.0f, releases g_t %.0f, counters %.0f, metrics history %.0f, ledger %.0f\n",
                model, release, counters, history, ledger);
    return 0;
}
