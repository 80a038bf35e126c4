// The run record's named settings; see run_record.h.
#include "core/stream/run_record.h"

namespace streamsynth::stream {

std::string settingIn(const Settings& settings, const std::string& key, const std::string& fallback) {
    for (const auto& [k, v] : settings)
        if (k == key) return v;
    return fallback;
}

void setSettingIn(Settings& settings, const std::string& key, const std::string& value) {
    for (auto& [k, v] : settings)
        if (k == key) {
            v = value;
            return;
        }
    settings.emplace_back(key, value);
}

std::string RunRecord::setting(const std::string& key, const std::string& fallback) const {
    return settingIn(settings, key, fallback);
}

void RunRecord::setSetting(const std::string& key, const std::string& value) {
    setSettingIn(settings, key, value);
}

}  // namespace streamsynth::stream
