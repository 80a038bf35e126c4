// The whole-stream charge (the DP choice of a coarsened domain) as the text
// a session keeps under kStreamChargeSetting (session_settings.h), so a
// continued run charges it again without choosing again.
#pragma once

#include <string>

#include "core/values/run_config.h"

namespace streamsynth::api {

std::string streamChargeText(const stream::StreamCharge& charge);
// Session Error when the text is damaged; amount 0 for "".
stream::StreamCharge streamChargeFromText(const std::string& text);

}  // namespace streamsynth::api
