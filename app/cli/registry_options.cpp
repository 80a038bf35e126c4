// The registry's options and the budget view across series (see registry_options.h).
#include "cli/registry_options.h"

#include <cstdio>

#include "cli/cli_common.h"
#include "core/api/dataset_choice.h"
#include "core/api/release_storage.h"
#include "core/api/stream_input.h"
#include "core/values/error.h"

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
    if (!b.dataset) return;
    const api::DatasetStanding& d = *b.dataset;
    if (d.others.streams > 0)
        std::fprintf(stderr, "dataset '%s': its other streams have spent %s; with this stream %s\n",
                     d.name.c_str(), api::datasetTotalText(d.others).c_str(),
                     api::datasetTotalText(d.total).c_str());
    else
        std::fprintf(stderr, "dataset '%s': %s in total with this stream (--dataset to name it)\n",
                     d.name.c_str(), api::datasetTotalText(d.total).c_str());
    if (d.maxTotalEpsilon)
        std::fprintf(stderr, "the dataset's limit: ε = %s over all its streams (--max-total-epsilon)\n",
                     api::roundedText(*d.maxTotalEpsilon).c_str());
    for (const std::string& w : d.lookalikes) std::fprintf(stderr, "warning: %s\n", w.c_str());
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
                 "Release mode: the dataset's limit on the total ε over all its streams and published "
                 "series, kept in the registry (can be lowered, never raised); releases past it are "
                 "refused.",
                 "E"});
    if (withPublish) {
        p.addOption({"new-registry",
                     "Release mode: make the registry named by --registry when no registry is there yet. "
                     "A new registry knows nothing of the steps released through others, so without this "
                     "a missing file (a typo, a fresh start) is refused; the default one is made when "
                     "needed."});
        p.addOption({"dataset",
                     "Release mode: the dataset this new stream is charged to (default: the table's file "
                     "name without extension, or the database table's name). Every stream of a dataset "
                     "adds to one total.",
                     "NAME"});
        p.addOption({"charge-to-dataset",
                     "Release mode: start a new stream of a dataset whose other streams have spent "
                     "already, adding to its total (the same as --dataset NAME, confirmed).",
                     "NAME"});
        p.addOption({"other-table",
                     "Release mode: confirm that this new stream's table is another one than the table a "
                     "stream of another dataset was released from, though its file or first rows match "
                     "(without it such a stream is refused: the same people would get a second budget)."});
    }
}

static void applyDatasetOptions(const QCommandLineParser& p, api::Run& run, const api::InputRequest& input) {
    const bool release = run.config().secureRandom;
    for (const char* option : {"dataset", "charge-to-dataset", "other-table"})
        if (!release && p.isSet(option))
            throw settingError(
                std::string("--") + option,
                "applies to release-mode runs only (evaluation runs never touch the registry)");
    if (!release) return;
    const std::string named = p.value("dataset").toStdString();
    const std::string charged = p.value("charge-to-dataset").toStdString();
    if (!named.empty() && !charged.empty() && named != charged)
        throw settingError("--charge-to-dataset", "names another dataset than --dataset");
    api::DatasetChoice choice =
        api::datasetChoiceFor(input, charged.empty() ? named : charged, !charged.empty());
    choice.otherTableConfirmed = p.isSet("other-table");
    run.setDataset(choice);
}

void applyRegistryOptions(const QCommandLineParser& p, api::Run& run, const api::InputRequest* datasetInput) {
    const bool release = run.config().secureRandom;
    for (const char* option : {"registry", "new-registry", "publish", "max-total-epsilon"})
        if (!release && p.optionNames().contains(option) && p.isSet(option))
            throw settingError(
                std::string("--") + option,
                "applies to release-mode runs only (evaluation runs never touch the registry)");
    if (!release) return;
    const bool createNew = p.optionNames().contains("new-registry") && p.isSet("new-registry");
    // --new-registry alone: a new default registry, made on purpose where one was used before.
    if (p.isSet("registry") || createNew) run.setRegistry(p.value("registry").toStdString(), createNew);
    if (datasetInput) applyDatasetOptions(p, run, *datasetInput);
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
