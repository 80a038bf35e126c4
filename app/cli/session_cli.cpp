// Session plumbing for the CLI; see session_cli.h. The logic lives in core/api/session_workflow.
#include "cli/session_cli.h"

namespace streamsynth::cli {

io::SessionData newRunSession(const stream::LoadedStream& ls, std::uint64_t batchSeed,
                              const marginals::WorkloadSet& ws, const stream::RunConfig& config,
                              const std::map<std::string, std::string>& releaseFolders, const std::string& bins,
                              const std::string& exportWhich, const std::string& outDir) {
    api::SessionOutput out;
    out.keep = true;
    out.bins = bins;
    out.exportWhich = exportWhich;
    out.outDir = outDir;
    out.releaseFolders = releaseFolders;
    return api::newSessionData(ls.schema, static_cast<long long>(ls.encoded.table.rowCount()), batchSeed, ws, config,
                               out);
}

void updateSession(io::SessionData& d, const stream::TableStepSource& source, const stream::RunEngine& engine,
                   const std::map<std::string, std::unique_ptr<privacy::Rng>>& exportRngs) {
    api::updateSessionData(d, source, engine, exportRngs);
}

}  // namespace streamsynth::cli
