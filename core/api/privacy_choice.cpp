// Counters and privacy models (privacy_choice.h).
#include "core/api/privacy_choice.h"

#include <algorithm>

#include "core/privacy/counter.h"
#include "core/values/error.h"

namespace streamsynth::api {

bool counterSupportsModel(const std::string& counter, privacy::PrivacyModel model) {
    try {
        // Parsed under zCDP, where every type exists, then asked about the model.
        return privacy::supportsModel(privacy::parseCounterSpec(counter, privacy::PrivacyModel::ZCdp).type,
                                      model);
    } catch (const Error&) {
        return false;
    }
}

std::string defaultCounter(privacy::PrivacyModel, long long) {
    return "simple";
}

std::string bestRunningCounter(privacy::PrivacyModel model, long long steps) {
    const std::string t = std::to_string(std::max(1LL, steps));
    return model == privacy::PrivacyModel::ZCdp ? "sqrt:" + t : "elders:7:" + t;
}

}  // namespace streamsynth::api
