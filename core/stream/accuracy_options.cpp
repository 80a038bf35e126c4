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

}  // namespace streamsynth::stream
