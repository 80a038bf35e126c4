// The run result type as a Qt meta type, so it can travel in queued signals.
// Every header that declares a signal carrying it includes this one (the
// declaration must precede any use by moc-generated code).
#pragma once

#include <QMetaType>

#include "core/values/step_result.h"

Q_DECLARE_METATYPE(streamsynth::stream::SeriesStepResult)
