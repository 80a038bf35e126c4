// A keyed sketch of a table's first rows that survives what a copy of the
// table changes without changing its people (docs/privacy-models.md,
// "Look-alikes"): other line ends (CRLF), another delimiter or quoting,
// spaces around fields, numbers written another way (23.0), the columns or
// the rows in another order, a few rows moved out of the sample.
//
// b-bit minwise hashing (Broder 1997; Li & König 2010): each row's fields are
// read into one form (fields trimmed, numbers in their shortest form, empty
// fields left out, the fields sorted) and hashed with the registry's secret
// key (HMAC-SHA-256); each of kSketchSize positions orders the rows by that
// hash mixed with a keyed seed of its own, and the sketch keeps only the low
// kSketchBits bits of each position's smallest value.
// Two samples sharing a fraction J of their rows agree at a position with
// probability J + (1 − J)/2^b. Keeping 2 bits of each minimum, never a row's
// whole hash, leaves nothing to test a guessed row against: a row is a
// position's minimum with probability 1/rows, and a wrong guess matches its
// 2 bits one time in 4 (an adversarial review of 2026-12-01 recovered rows
// from whole per-row hashes kept beside the key). What remains: someone with
// the file (and so the key) and every other row of the sample can rule out a
// wrong guess of one row when that guess would be a position's minimum and
// its bits differ, about 0.75·64/rows of guesses (5% at 1,000 rows); the true
// row is never ruled out, and most guesses are not told apart at all.
#pragma once

#include <QByteArray>
#include <string>
#include <vector>

namespace streamsynth::registry {

inline constexpr int kSketchSize = 64;  // hash functions (positions)
inline constexpr int kSketchBits = 2;   // bits kept of each position's minimum

// The sample's rows (header included) in one form each: line ends, the
// delimiter (',', ';', tab or '|', the header's most frequent) and quotes
// read; fields trimmed, numbers written shortest (23.0 → 23), empty fields
// left out, the fields sorted and joined by the unit separator. Empty lines left out.
std::vector<std::string> normalizedRows(const std::string& sample);
// The sketch as kSketchSize hex digits (one per position, its kSketchBits
// bits); "" for a sample without rows (the header is left out: other people's
// tables share it).
std::string rowSketch(const std::string& sample, const QByteArray& key);
// Whether two sketches agree at enough positions to share at least about half
// of their rows: 60% of the positions (chance agreement is 25%).
bool sketchesMatch(const std::string& a, const std::string& b);
// A fingerprint (fingerprintOf) is kSketchPrefix and the row sketch. Those
// recorded before 2026-12-01 (afternoon) hold the sample's keyed digest, a
// space and the sketch, or the digest alone.
inline constexpr const char* kSketchPrefix = "s:";
// Whether two fingerprints name the same rows: the same digest (both old), or
// sketches that match.
bool sameRows(const std::string& a, const std::string& b);

}  // namespace streamsynth::registry
