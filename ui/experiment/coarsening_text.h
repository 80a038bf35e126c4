// The Large attributes preview in a steward's words (issue 46, item 8): the
// same figures as the CLI's `coarsen` preview (api::coarseningPreview), but
// "about 0.14 rows per code each step against noise of about ±3.5; it shows
// after about 1,240 steps" instead of "0.141 rows/cell/step vs noise 3.51
// per cell, T* 1.24e+03 steps", numbers rounded for people.
#pragma once

#include <QStringList>
#include <vector>

#include "core/api/coarsening.h"

namespace streamsynth::ui {

QStringList coarseningPreviewText(const std::vector<api::AttributeCoarsening>& proposal);

}  // namespace streamsynth::ui
