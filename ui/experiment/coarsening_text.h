// The Large attributes preview in a steward's words (issue 46, item 8): the
// same figures as the CLI's `coarsen` preview (api::coarseningPreview), but
// "about 0.14 rows per cell of its best measurement each step against noise
// of about ±3.5; it shows after about 1,240 steps" instead of "0.141
// rows/cell/step vs noise 3.51 per cell, T* 1.24e+03 steps", numbers rounded
// for people. The best measurement is the one that shows the attribute
// soonest: its own counts, or its smallest table with another attribute.
#pragma once

#include <QStringList>
#include <vector>

#include "core/api/coarsening.h"
#include "core/values/stream_settings.h"

namespace streamsynth::ui {

// stepWord names a step for people ("month", "batch"; "step" when empty).
QStringList coarseningPreviewText(const std::vector<api::AttributeCoarsening>& proposal,
                                  const QString& stepWord = QString());
// Two significant digits, digit groups, plain notation: 0.14, 3.5, 1,200.
QString roundedForPeople(double v);
// The step of a stream in one word: its period ("month", "week", …), "batch", or "step".
QString stepWordOf(const data::StreamSettings& settings);

}  // namespace streamsynth::ui
