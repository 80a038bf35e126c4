// The registry's options and the budget view across series (see registry_options.h).
#include "cli/registry_options.h"

#include <cstdio>

#include "cli/cli_common.h"
#include "core/api/release_storage.h"
#include "core/api/values/error.h"

namespace streamsynth::cli {
namespace {

std::string joined(const std::vector<std::string>& ids) {
    std::string text;
    for (const std::string& id : ids) text += (text.empty() ? "" : ", ") + id;
    return text;
}

void printBudgetView(api::Run& run) {
    const api::StreamBudget b = run.streamBudget();
    std::fprintf(stderr, "stream %s; releases are claimed in the release registry %s\n", b.streamId.c_str(),
                 run.registryLocation().c_str());
    std::fprintf(stderr, "privacy across series: publishing %s costs %s for the whole stream\n",
                 joined(b.publishable).c_str(), api::totalText(b.published).c_str());
    if (b.all.series.size() > b.publishable.size())
        std::fprintf(
            stderr,
            "privacy across series: publishing all %zu series would cost %s (they read the same rows, so "
            "their budgets add up); the others run for comparison only and are not released "
            "(--publish to choose)\n",
            b.all.series.size(), api::totalText(b.all).c_str());
    if (b.maxTotalEpsilon)
        std::fprintf(stderr, "the stream's limit: ε = %s in total (--max-total-epsilon)\n",
                     api::roundedText(*b.maxTotalEpsilon).c_str());
}

}  // namespace

void printReleaseStorage(const api::Run& run, const api::ReleaseOutput& output, int firstStep, int lastStep) {
    if (!run.config().secureRandom) return;
    const api::ReleaseStorage s =
        api::estimateReleaseStorage(run, output, run.publishable(), firstStep, lastStep);
    std::fprintf(stderr, "release files: %s%s\n", api::releaseStorageText(s).c_str(),
                 s.compact ? " (--release-files csv for plain CSV)" : "");
}

void addRegistryOptions(QCommandLineParser& p, bool withPublish) {
    p.addOption({"registry",
                 "Release mode: the release registry that records every released step (default: "
                 "registry.sqlite in the user's data folder; a SQLite file, or postgresql://… shared "
                 "by several machines). A `continue` uses the session's.",
                 "PATH|URI"});
    if (withPublish)
        p.addOption({"publish",
                     "Release mode: the series to publish, comma-separated ids, or all (default: the "
                     "first). Each published series adds its budget to the stream's total.",
                     "SERIES"});
    p.addOption({"max-total-epsilon",
                 "Release mode: the stream's limit on the total ε over its published series, "
                 "kept in the registry (can be lowered, never raised); releases past it are "
                 "refused.",
                 "E"});
}

void applyRegistryOptions(const QCommandLineParser& p, api::Run& run) {
    const bool release = run.config().secureRandom;
    for (const char* option : {"registry", "publish", "max-total-epsilon"})
        if (!release && p.optionNames().contains(option) && p.isSet(option))
            throw settingError(
                std::string("--") + option,
                "applies to release-mode runs only (evaluation runs never touch the registry)");
    if (!release) return;
    if (p.isSet("registry")) run.setRegistry(p.value("registry").toStdString());
    if (p.optionNames().contains("publish") && p.isSet("publish")) {
        std::vector<std::string> ids = splitOptionList(p.value("publish"), "publish");
        if (ids.size() == 1 && ids.front() == "all") {
            ids.clear();
            for (const stream::SeriesConfig& s : run.config().series) ids.push_back(s.id);
        }
        run.setPublishable(ids);
    }
    if (p.isSet("max-total-epsilon"))
        run.setMaxTotalEpsilon(parseDouble(p.value("max-total-epsilon"), "max-total-epsilon"));
    printBudgetView(run);
}

}  // namespace streamsynth::cli
