// Must NOT link (tests/setup/test_api_boundary.sh): code linked like ui/ and
// app/ (streamsynth_api only) that reaches past core/api into the engine,
// the release spool and the run record a session stores.
#include "core/io/release_spool.h"
#include "core/io/session_data.h"
#include "core/stream/run_engine.h"

int main(int argc, char** argv) {
    using namespace streamsynth;
    io::ReleaseSpool spool("probe", data::Domain(std::vector<data::Attribute>{}));
    io::SessionData session;
    // Opaque to the optimiser, so the call below stays in the object.
    const auto* engine = argc > 99 ? reinterpret_cast<const stream::RunEngine*>(argv[0]) : nullptr;
    return static_cast<int>(spool.bytesOnDisk() + session.setting("out").size() +
                            (engine ? engine->seriesIds().size() : 0));
}
