// The value types of core/api/noise_hint.h (what its functions take and give),
// on the ground floor so the workflows below the facade (core/workflow) use them.
#pragma once

#include "core/values/privacy_model.h"

namespace streamsynth::api {

enum class NoiseLevel { Low, Noticeable, High };

}  // namespace streamsynth::api
