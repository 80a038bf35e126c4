// Totals over series and numbers for people (see stream_total.h).
#include "core/values/stream_total.h"

#include <cmath>
#include <cstdio>
#include <set>

#include "core/values/zcdp_conversion.h"

namespace streamsynth::registry {

StreamTotal streamTotal(const std::string& model, const std::vector<SeriesBudget>& series, double delta) {
    StreamTotal t;
    t.model = model;
    t.delta = model == "zcdp" ? delta : 0;
    std::set<std::string> seen;
    for (const SeriesBudget& s : series) {
        if (!seen.insert(s.series).second) continue;
        t.series.push_back(s);
        t.sum += s.budget;
    }
    if (model != "zcdp")
        t.epsilon = t.sum;
    else if (t.sum > 0 && delta > 0 && delta < 1)
        t.epsilon = privacy::zcdpEpsilon(t.sum, delta);
    return t;
}

std::string roundedText(double value, int digits) {
    if (!std::isfinite(value)) return value > 0 ? "inf" : (value < 0 ? "-inf" : "nan");
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", digits, value);
    return buf;
}

std::string totalText(const StreamTotal& total) {
    if (total.model != "zcdp") return "ε = " + roundedText(total.sum);
    std::string text = "ρ = " + roundedText(total.sum);
    if (total.epsilon > 0)
        text += " (ε = " + roundedText(total.epsilon) + " at δ = " + roundedText(total.delta) + ")";
    return text;
}

}  // namespace streamsynth::registry
