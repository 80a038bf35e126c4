// Reading a series' published releases back from its folder
// (releases/<series>/eps<E>), whatever form they were written in: a plain
// step-NNNN.csv, or a release-mode run's compact step-NNNN.csv.gz (an
// increment joined to the earlier steps' files; io/release_files.h). Used by
// `evaluate` and by a recovery stream's start (docs/privacy-models.md, "A lost session").
#pragma once

#include <QJsonObject>
#include <optional>
#include <string>

#include "core/values/schema.h"
#include "core/values/table.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {

// The plain file's path of a step in `folder` (step-NNNN.csv).
std::string releaseStepPath(const std::string& folder, int step);
// A JSON file StreamSynth wrote and reads back (a release's step-NNNN.json,
// an export's manifest.json): its object (empty when the text is not one);
// nothing when there is no such file; Error(Io) when it is not a regular file
// of at most 16 MiB or cannot be read (readIfRegularFile).
std::optional<QJsonObject> readOwnJson(const std::string& path);
// True when the folder holds the step's file, plain or compact.
bool hasReleaseStep(const std::string& folder, int step);
// The step's whole release g_t encoded with `schema` (Error(Input) naming the
// file and line when a value is outside its domain, or a file is missing).
data::Table readReleaseStep(const std::string& folder, int step, const data::Schema& schema);

}  // namespace streamsynth::workflow
