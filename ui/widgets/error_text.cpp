// One error describer (error_text.h).
#include "ui/widgets/error_text.h"

#include "core/values/error.h"

namespace streamsynth::ui {

QString describeError(const std::exception& e) {
    if (const auto* error = dynamic_cast<const Error*>(&e)) return QString::fromStdString(error->describe());
    return QString::fromLocal8Bit(e.what());
}

}  // namespace streamsynth::ui
