// A data problem (data::Problem) in a data steward's words, for the import
// dialog and the data panel. Where the GUI has the control (the import
// dialog's public start and end fields) it says so instead of the core's
// words, which name the schema's JSON and command-line options; counts and
// examples only when there are some.
#pragma once

#include <QString>

#include "core/values/problem.h"

namespace streamsynth::ui {

// Where the sentence is shown: the import dialog has the start and end fields
// "above"; the data panel points to Import settings.
enum class ProblemPlace { ImportDialog, DataPanel };

// The problem's sentence. lastPeriod: api::StreamSummary::lastPeriod, named in
// the "end read from the data" note so the steward can judge whether that
// period is public (it is shown on the steward's screen only, never released).
QString problemMessage(const data::Problem& problem, ProblemPlace place, const QString& lastPeriod = {});

// " (3 rows; e.g. line 17: '…')", " (3 rows)", " (e.g. …)" when the sentence
// already gives the count, or empty when no row is counted.
// withExamples: quote the examples (private values: the steward's views only).
QString problemCount(const data::Problem& problem, bool withExamples);

}  // namespace streamsynth::ui
