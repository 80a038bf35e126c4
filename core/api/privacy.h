// The privacy vocabulary the user interfaces may use directly, as values and
// pure functions: the privacy models and the one budget validation
// (privacy_model.h), the range of budgets a user may ask for
// (epsilon_range.h), the zCDP <-> (ε, δ) conversion (zcdp_conversion.h),
// counter specs and the Monte-Carlo counter comparison (counter_simulation.h,
// which touches no data). Mechanisms, counters' state and the ledger's
// internals stay behind the run (api/run.h, api/ledger_report.h).
#pragma once

#include "core/values/counter_simulation.h"
#include "core/values/epsilon_range.h"
#include "core/values/privacy_model.h"
#include "core/values/zcdp_conversion.h"
