// Import settings remembered per table: when the import dialog is
// confirmed, the table's confirmed schema and stream settings are kept in
// the application's data folder under a digest of the table's absolute path
// and its header line; opening the same table again (same path, same
// columns) applies them instead of asking again. A table whose columns
// changed gets a new digest, so it is never read with stale settings.
// The file holds only what the steward confirmed as public; it is still
// written 0600 like every file StreamSynth derives from a table.
#pragma once

#include <QString>

namespace streamsynth::api {
class Workbench;
}

namespace streamsynth::ui {

// The remembered settings' file for `tablePath`; empty when the table's header cannot be read.
QString rememberedImportFile(const QString& tablePath);
// Keeps the Workbench's confirmed schema and stream settings for `tablePath`.
// Throws streamsynth::Error when the file cannot be written.
void rememberImport(api::Workbench& workbench, const QString& tablePath);

}  // namespace streamsynth::ui
