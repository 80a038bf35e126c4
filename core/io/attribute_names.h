// The attribute names of a domain in order: the per-attribute columns of the
// metrics exports (1-way distances).
#pragma once

#include <string>
#include <vector>

#include "core/values/domain.h"

namespace streamsynth::io {

inline std::vector<std::string> attributeNames(const data::Domain& domain) {
    std::vector<std::string> out;
    for (int a = 0; a < domain.attributeCount(); ++a) out.push_back(domain.name(a));
    return out;
}

}  // namespace streamsynth::io
