// Reading a synthetic release back into codes: the inverse of the release
// CSV StreamSynth writes (io::releaseCsv), so `evaluate` scores our own
// releases exactly as the run did. A cell may be any label the schema gives
// a code (category, "<other>", "<missing>", a bin's interval "[10, 20)"), a
// number (a value drawn inside a bin, or an integer code), or empty for
// <missing>. Columns are matched by name; extra columns are ignored.
#pragma once

#include "core/data/csv_reader.h"
#include "core/values/schema.h"
#include "core/values/table.h"

namespace streamsynth::data {

// Throws an input Error naming file, line and column for a cell that is none
// of the above, and for a schema attribute missing from the header. The
// schema's stream settings are ignored.
Table decodeRelease(const RawTable& raw, const Schema& schema);

}  // namespace streamsynth::data
