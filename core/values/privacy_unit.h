// A privacy unit's public bound (issue 49; docs/privacy-models.md "Person-level
// privacy: the derivations"): one unit (a person, a key) contributes at most
// maxRows rows over the whole stream (m) and at most maxRowsPerStep rows in one
// step (K, 1 <= K <= m). Neighbouring streams differ in all of one unit's rows.
// Event level, every guarantee the product makes today, is m = K = 1.
// Validated in core/privacy/privacy_unit.cpp; the noise a counter needs for a
// unit: core/privacy/unit_sensitivity.h.
#pragma once

#include <string>

namespace streamsynth::privacy {

// A front end given only m sets K = m (docs/privacy-models.md: "K = m when not
// given"); these defaults are event level, not "m given, K left out".
struct UnitBound {
    long long maxRows = 1;         // m: rows per unit over the whole stream
    long long maxRowsPerStep = 1;  // K: rows per unit in one step, K <= m

    // One row per unit: the event-level guarantee.
    bool isEventLevel() const { return maxRows == 1 && maxRowsPerStep == 1; }
    bool operator==(const UnitBound&) const = default;
};

// The largest m accepted: keeps m² (the zCDP factor) and the sensitivities
// exact in a double.
inline constexpr long long kMaxUnitRows = 1'000'000;

// Error(Setting) when m < 1, K < 1, K > m or m > kMaxUnitRows.
void validateUnitBound(const UnitBound& bound);

// Who a guarantee protects, the clause every statement of it carries:
// "event level: each row is counted at one step" (event level; column
// ignored), or "unit level: protects each unit of column "patient_id" with at
// most 12 rows over the stream and 4 in one step; releases count the bounded
// rows". The column's name is public; a key never appears.
std::string protectionClause(const UnitBound& bound, const std::string& column);

}  // namespace streamsynth::privacy
