// A keyed sketch of a table's first rows that survives what a copy of the
// table changes without changing its people (docs/privacy-models.md,
// "Look-alikes"): other line ends (CRLF), another delimiter, quoting, and the
// rows in another order or a few of them moved out of the sample. Each row's
// fields are read (the delimiter detected from the header), joined in one
// form, and hashed with the registry's secret key (HMAC-SHA-256); the sketch
// keeps the kSketchSize smallest hashes (a bottom-k sketch, Broder 1997), so
// two samples sharing most rows share most of their sketch. Nothing about a
// row can be read from it without the key.
#pragma once

#include <QByteArray>
#include <string>
#include <vector>

namespace streamsynth::registry {

inline constexpr int kSketchSize = 64;

// The sample's rows (header included) with their fields in one form: line ends
// and the delimiter (',', ';', tab or '|', the header's most frequent) read,
// quotes removed, fields joined by the unit separator. Empty lines left out.
std::vector<std::string> normalizedRows(const std::string& sample);
// The sketch as hex: the smallest kSketchSize keyed hashes of the rows (the
// header left out: other people's tables share it), sorted, 16 hex digits
// each. "" for a sample without rows.
std::string rowSketch(const std::string& sample, const QByteArray& key);
// Whether two sketches share at least half of the smaller one's hashes.
bool sketchesMatch(const std::string& a, const std::string& b);
// Whether two fingerprints (fingerprintOf: the sample's keyed digest, a space,
// its row sketch; older registries hold the digest alone) name the same rows:
// the same digest, or sketches that match.
bool sameRows(const std::string& a, const std::string& b);

}  // namespace streamsynth::registry
