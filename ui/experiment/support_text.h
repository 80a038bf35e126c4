// The pre-run support check in a steward's words (issue 46, item 8): the
// figures of api::Run::supportFindings said as "about 2.5 rows per cell each
// month against noise of about ±5.7" instead of the CLI's "2.5 expected rows
// per cell per step vs noise 5.71 per cell", numbers rounded for people.
// Computed from the private data: for the steward only.
#pragma once

#include <QStringList>
#include <vector>

#include "core/api/support.h"

namespace streamsynth::ui {

// One line per proposed (or carried-baseline) finding, one per baseline that
// fits each step from its own rows; stepWord names a step ("month", "batch";
// "step" when empty).
QStringList supportText(const std::vector<api::SupportFinding>& findings,
                        const QString& stepWord = QString());

}  // namespace streamsynth::ui
