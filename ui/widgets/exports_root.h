// The remembered place for exports, shared by every room that writes one
// (release folders, chart images): by default <Documents>/StreamSynth
// exports, never the folder of the private data.
#pragma once

#include <QString>

namespace streamsynth::ui {

// The remembered place for exports (QSettings "exports/root"), by default
// <Documents>/StreamSynth exports; never `dataFolder`.
QString exportsRoot(const QString& dataFolder = {});
// Remembers the folder that holds `exported` (an export folder or a file).
void rememberExportsRoot(const QString& exported);

}  // namespace streamsynth::ui
