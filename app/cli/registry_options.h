// The release registry's options of `run` and `continue` (--registry,
// --publish, --max-total-epsilon) applied to an api::Run, and the budget
// view across series printed before a release-mode run starts.
#pragma once

#include <QCommandLineParser>

#include "core/api/run.h"

namespace streamsynth::cli {

// --registry and --max-total-epsilon (both commands); --publish with `run` only.
void addRegistryOptions(QCommandLineParser& parser, bool withPublish);
// Applies them (settingError when given without --release-mode / to an
// evaluation session) and, in release mode, prints the stream's id, the
// registry and the privacy loss of the published series and of all of them.
void applyRegistryOptions(const QCommandLineParser& parser, api::Run& run);
// Release mode: the size of the release files steps firstStep..lastStep of
// the published series will take, estimated from public settings.
void printReleaseStorage(const api::Run& run, const api::ReleaseOutput& output, int firstStep, int lastStep);

}  // namespace streamsynth::cli
