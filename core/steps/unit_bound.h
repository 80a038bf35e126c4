// Bounding each privacy unit's rows by a public, causal rule (issue 49;
// docs/privacy-models.md, "Person-level privacy", "Bounding by a public
// rule"). This is contribution bounding (Wilson et al. 2020, "Differentially
// private SQL with bounded user contribution"): before any read reaches a
// mechanism, every unit (the rows sharing one value of a key column that is
// never released) keeps at most m rows over the whole stream and at most K
// rows in any one step, so that the noise that document derives for m and K
// covers everything one unit can change.
//
// The rule. A unit's rows are taken in release order: by step, then within a
// step by the MD5 of unitRowOrderText() (seeded by the stream seed), then by
// the row's position in the step. Never by a date or anything read from
// outside the unit. A row is kept while the unit has kept fewer than m rows
// so far and fewer than K rows in this step; once a unit has m rows it
// contributes nothing more, for ever.
//
// Why this is stable (the DP property). Which rows of unit u are kept depends
// only on u's rows (their steps, codes, positions relative to each other) and
// the seed; never on another unit. Adding or removing one unit therefore
// changes the kept rows by at most m rows, all of that unit. Within a step
// the order does not depend on where the unit's rows lie among other units'
// rows: identical rows of one unit are told apart by their copy number (the
// first copy by position is 0), so the kept multiset of rows does not depend
// on the order of the rows in a step either; the position only breaks ties
// between equal digests, which MD5 never gives in practice.
//
// Why the key and copy number enter the hash. Ordering by a hash of the codes
// alone would prefer the same contents in every unit (the smallest digest
// wins everywhere), a systematic bias of the kept data towards some cells.
// With the unit's key and the copy number in the text every unit orders its
// rows by its own pseudo-random permutation, so the kept rows are a
// pseudo-random subset of the unit's rows, as in Wilson et al.'s sampling.
//
// A row whose key is empty (after trimming spaces and tabs) is its own unit:
// it is always kept (m ≥ 1, K ≥ 1) and counted in StepBound::ownUnitRows.
// Such rows are protected as rows of distinct units: a person whose key is
// left empty on several rows is protected row by row only (event level).
//
// Causal and resumable: apply() sees one step at a time, in release order,
// and its answer for step t depends on steps 1..t only. The state (rows kept
// so far per unit) is held in memory only and never written: `continue`
// builds a fresh UnitBounder and calls apply() on every past step again, which
// gives the same state because everything above is deterministic across
// processes and platforms (MD5 of a documented text, no pointer or
// std::hash order).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/values/table.h"

namespace streamsynth::stream {

// The settings named by the setting Errors of UnitBounder's constructor (the
// names core/privacy/privacy_unit.cpp's validateUnitBound uses too).
inline constexpr const char* kMaxUnitRowsSetting = "unit-max-rows";               // m
inline constexpr const char* kMaxUnitStepRowsSetting = "unit-max-rows-per-step";  // K

// What apply() did to one step. kept + droppedByTotal + droppedByStep is the
// step's row count.
struct StepBound {
    std::vector<std::size_t> kept;   // row indices kept, ascending (the step's own order)
    std::size_t droppedByTotal = 0;  // rows of a unit that already had m rows kept
    std::size_t droppedByStep = 0;   // rows beyond K of a unit in this step (the unit was still under m)
    std::size_t ownUnitRows = 0;     // rows with an empty key (each its own unit), all kept
    std::size_t keptCount() const noexcept { return kept.size(); }
    std::size_t droppedCount() const noexcept { return droppedByTotal + droppedByStep; }
};

// The unit of a key text: the text without surrounding spaces and tabs
// (" a " and "a" are one unit; letter case is kept). Empty: the row is its own unit.
std::string unitKey(const std::string& keyText);

// The text whose MD5 orders unit `key`'s rows in one step:
// "<seed>:<key>:<c0>,<c1>,...,<cn>:<copy>" with the seed, the codes of
// row `row` of `rows` in attribute order and `copy` (0 for the first of
// the unit's identical rows in the step by position, 1 for the next, ...)
// in plain decimal; key as unitKey() gives it. Example: "7:alice:2,0,1:0".
// A database can compute the same digest with md5() in SQL.
std::string unitRowOrderText(std::uint64_t seed, const std::string& key, const data::Table& rows,
                             std::size_t row, std::size_t copy);

class UnitBounder {
public:
    // maxRowsPerUnit: m, rows one unit keeps over the whole stream;
    // maxRowsPerStep: K, rows one unit keeps in one step. Throws a setting
    // Error (naming kMaxUnitRowsSetting or kMaxUnitStepRowsSetting) unless
    // m ≥ 1 and 1 ≤ K ≤ m.
    UnitBounder(long long maxRowsPerUnit, long long maxRowsPerStep, std::uint64_t seed);

    // Bounds the next step: stepRows are its encoded rows in the step's
    // order, keys[i] the raw key text of row i. Throws an input Error (which
    // names no key or count) when keys.size() != stepRows.rowCount(); the
    // state is then unchanged.
    StepBound apply(const data::Table& stepRows, const std::vector<std::string>& keys);

    long long maxRowsPerUnit() const noexcept { return m_; }
    long long maxRowsPerStep() const noexcept { return k_; }
    std::uint64_t seed() const noexcept { return seed_; }
    // Steps applied so far.
    std::size_t stepCount() const noexcept { return steps_; }
    // Units (non-empty keys) seen so far.
    std::size_t unitCount() const noexcept { return kept_.size(); }
    // Rows kept so far of the unit of keyText (0 for an unseen or empty key).
    long long keptSoFar(const std::string& keyText) const;

    // Same settings, steps and rows kept per unit.
    bool operator==(const UnitBounder& other) const;

private:
    // A unit is held by the 128-bit MD5 of "<seed>:<key>", never by its key
    // text: the state then takes 16 bytes a unit whatever the key's length,
    // and a memory dump of a long run holds no identifier in clear. It is
    // not an anonymisation (a key from a small set can be found by trying
    // candidates), which is one reason the state is never written. Two keys
    // with one digest (odds about n²/2¹²⁹ for n units) would share one bound.
    struct UnitId {
        std::uint64_t hi = 0, lo = 0;
        bool operator==(const UnitId&) const = default;
    };
    struct UnitIdHash {
        std::size_t operator()(const UnitId& id) const noexcept { return static_cast<std::size_t>(id.lo); }
    };
    struct Candidate;

    UnitId unitId(const std::string& key) const;
    void orderUnitRows(const data::Table& rows, const std::string& key,
                       std::vector<Candidate>& unitRows) const;
    void bound(std::vector<Candidate>& unitRows, long long& used, StepBound& out) const;

    long long m_;
    long long k_;
    std::uint64_t seed_;
    std::size_t steps_ = 0;
    std::unordered_map<UnitId, long long, UnitIdHash> kept_;
};

}  // namespace streamsynth::stream
