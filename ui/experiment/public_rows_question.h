// The public rows per step a release's coarsening proposal is computed from,
// asked of the steward for a time stream (docs/gui.md "Large attributes"): a
// period's row counts are private, so in release mode they must not decide
// which labels a release keeps. The CLI's `--rows-per-step R` in a dialog.
#pragma once

#include <QString>

class QWidget;

namespace streamsynth::ui {

// The rows per step the steward knows publicly (1..10^9), or 0 when declined.
// `previous` (> 0) is offered again; stepWord names the period ("month").
double askPublicRowsPerStep(QWidget* parent, const QString& stepWord, double previous);

}  // namespace streamsynth::ui
