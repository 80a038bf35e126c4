// Validation of a privacy unit's bound (core/values/privacy_unit.h).
#include "core/values/privacy_unit.h"

#include <string>

#include "core/values/error.h"
#include "core/values/message_text.h"

namespace streamsynth::privacy {

void validateUnitBound(const UnitBound& bound) {
    if (bound.maxRows < 1 || bound.maxRows > kMaxUnitRows)
        throw settingError("unit-max-rows", "the rows per privacy unit must be between 1 and " +
                                                std::to_string(kMaxUnitRows) + ", not " +
                                                std::to_string(bound.maxRows));
    if (bound.maxRowsPerStep < 1)
        throw settingError("unit-max-rows-per-step",
                           "the rows per privacy unit in one step must be at least 1, not " +
                               std::to_string(bound.maxRowsPerStep));
    if (bound.maxRowsPerStep > bound.maxRows)
        throw settingError("unit-max-rows-per-step",
                           "the rows per privacy unit in one step (" + std::to_string(bound.maxRowsPerStep) +
                               ") cannot exceed the rows per unit over the stream (" +
                               std::to_string(bound.maxRows) + ")");
}

std::string protectionClause(const UnitBound& bound, const std::string& column) {
    if (bound.isEventLevel() && column.empty()) return "event level: each row is counted at one step";
    const auto rows = [](long long n) { return std::to_string(n) + (n == 1 ? " row" : " rows"); };
    std::string text = "unit level: protects each unit of column " + quotedText(column) + " with at most " +
                       rows(bound.maxRows) + " over the stream";
    if (bound.maxRowsPerStep < bound.maxRows)
        text += " and " + std::to_string(bound.maxRowsPerStep) + " in one step";
    // Keyless rows are each their own unit (unit_bound.h): said in every statement, since one
    // person's rows without a key escape the bound (a review of 2026-12-01).
    return text + "; releases count the bounded rows; a row with an empty key is a unit of its own";
}

}  // namespace streamsynth::privacy
