// Names and validation of the accuracy options; see accuracy_options.h.
#include "core/stream/accuracy_options.h"

#include "core/common/error.h"

namespace streamsynth::stream {

std::string toString(BaselineInit init) { return init == BaselineInit::Previous ? "previous" : "uniform"; }

BaselineInit parseBaselineInit(const std::string& text, const std::string& setting) {
    if (text == "uniform") return BaselineInit::Uniform;
    if (text == "previous") return BaselineInit::Previous;
    throw settingError(setting, "unknown baseline start '" + text + "' (uniform or previous)");
}

std::string toString(OneWayTarget target) { return target == OneWayTarget::Whole ? "whole" : "increment"; }

OneWayTarget parseOneWayTarget(const std::string& text, const std::string& setting) {
    if (text == "whole") return OneWayTarget::Whole;
    if (text == "increment") return OneWayTarget::Increment;
    throw settingError(setting, "unknown 1-way target '" + text + "' (whole or increment)");
}

std::string toString(OneWayShrink shrink) {
    switch (shrink) {
    case OneWayShrink::JamesStein: return "james-stein";
    case OneWayShrink::JamesSteinAll: return "james-stein-all";
    case OneWayShrink::None: break;
    }
    return "none";
}

}  // namespace streamsynth::stream
