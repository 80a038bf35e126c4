// Session plumbing for the CLI; see session_cli.h.
#include "cli/session_cli.h"

namespace streamsynth::cli {

io::SessionData newRunSession(const stream::LoadedStream& ls, std::uint64_t batchSeed,
                              const marginals::WorkloadSet& ws, const stream::RunConfig& config,
                              const std::map<std::string, std::string>& releaseFolders, const std::string& bins,
                              const std::string& exportWhich, const std::string& outDir) {
    io::SessionData d;
    d.schemaJson = data::schemaToJson(ls.schema);
    for (std::size_t i = 0; i < ws.size(); ++i) d.workloads.push_back(ws[i].attrs);
    d.config = config;
    d.batchSeed = batchSeed;
    if (ls.schema.stream.batch)
        d.segments.push_back({0, static_cast<long long>(ls.encoded.table.rowCount()), 1, "batch-order"});
    d.settings = {{"bins", bins}, {"export-releases", exportWhich}, {"out", outDir}};
    for (const auto& [id, folder] : releaseFolders) d.settings.emplace_back("folder:" + id, folder);
    return d;
}

void updateSession(io::SessionData& d, const stream::TableStepSource& source, const stream::RunEngine& engine,
                   const std::map<std::string, std::unique_ptr<privacy::Rng>>& exportRngs) {
    const int released = engine.nextStep() - 1;
    for (int t = static_cast<int>(d.stepDigests.size()) + 1; t <= released; ++t) {
        d.stepDigests.push_back(io::stepDigest(source.orderedRows(), source.stepBegin(t), source.stepBegin(t + 1)));
        d.stepRows.push_back(source.stepRows(t));
        d.stepPeriods.push_back(source.period(t));
    }
    d.engine = engine.saveState();
    d.exportRngs.clear();
    for (const auto& [id, rng] : exportRngs) d.exportRngs.emplace_back(id, rng->saveState());
}

}  // namespace streamsynth::cli
