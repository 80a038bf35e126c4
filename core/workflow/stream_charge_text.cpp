// The whole-stream charge's session text (core/values/stream_charge_text.h).
#include "core/values/stream_charge_text.h"

#include "core/data/domain_proposal.h"
#include "core/values/error.h"
#include "core/values/number_text.h"
#include "core/workflow/text_parts.h"

namespace streamsynth::api {

std::string streamChargeText(const stream::StreamCharge& charge) {
    if (!(charge.amount > 0)) return {};
    return charge.mechanism + "\t" + charge.workload + "\t" + shortestNumberText(charge.amount);
}

stream::StreamCharge streamChargeFromText(const std::string& text) {
    stream::StreamCharge c;
    if (text.empty()) return c;
    const std::vector<std::string> parts = detail::splitOn(text, '\t');
    if (parts.size() != 3 || !data::parseFiniteNumber(parts[2], c.amount) || !(c.amount > 0))
        throw Error(ErrorKind::Session, "the run's whole-stream charge (coarsening) is damaged");
    c.mechanism = parts[0];
    c.workload = parts[1];
    return c;
}

}  // namespace streamsynth::api
