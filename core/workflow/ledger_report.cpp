// Ledger values and the guarantee sentence (see ledger_report.h).
#include "core/workflow/ledger_report.h"

#include <set>

#include "core/io/metrics_writer.h"
#include "core/privacy/ledger.h"

namespace streamsynth::workflow {

LedgerReport ledgerReport(const privacy::PrivacyLedger& ledger) {
    LedgerReport out;
    out.model = ledger.model();
    out.delta = ledger.conversionDelta();
    out.charges = ledger.charges();
    out.protection = ledger.protection();
    for (const std::string& id : ledger.series()) {
        LedgerSeries s;
        s.id = id;
        s.budget = ledger.budgetPerStep(id);
        s.guarantee = ledger.maxStepSpent(id);
        s.sumOverSteps = ledger.totalSpent(id);
        std::set<int> steps;
        for (const Charge& c : out.charges)
            if (c.series == id) steps.insert(c.step);
        s.steps = static_cast<int>(steps.size());
        s.statement = io::guaranteeText(out.model, s.budget, s.guarantee, out.delta, ledger.protection());
        out.series.push_back(std::move(s));
    }
    return out;
}

}  // namespace streamsynth::workflow
