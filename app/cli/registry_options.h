// The release registry's options of `run` and `continue` (--registry,
// --publish, --max-total-epsilon) applied to an api::Run, and the budget
// view across series printed before a release-mode run starts.
#pragma once

#include <QCommandLineParser>

#include "core/api/run.h"

namespace streamsynth::api {
struct InputRequest;
}

namespace streamsynth::cli {

// --registry and --max-total-epsilon (both commands); --publish with `run` only.
void addRegistryOptions(QCommandLineParser& parser, bool withPublish);
// Applies them (settingError when given without --release-mode / to an
// evaluation session) and, in release mode, prints the stream's id, the
// registry and the privacy loss of the published series and of all of them.
// datasetInput (`run`): the input a new stream is read from, for --dataset
// and --charge-to-dataset (api::datasetChoiceFor).
void applyRegistryOptions(const QCommandLineParser& parser, api::Run& run,
                          const api::InputRequest* datasetInput = nullptr);
// Release mode: the size of the release files steps firstStep..lastStep of
// the published series will take, estimated from public settings.
void printReleaseStorage(const api::Run& run, const api::ReleaseOutput& output, int firstStep, int lastStep);

}  // namespace streamsynth::cli
