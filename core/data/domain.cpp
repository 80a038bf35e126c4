// Domain validation and size arithmetic.
#include "core/values/domain.h"

#include <cmath>
#include <unordered_set>

#include "core/values/error.h"
#include "core/values/message_text.h"

namespace streamsynth::data {

Domain::Domain(std::vector<Attribute> attributes) : attributes_(std::move(attributes)) {
    std::unordered_set<std::string> seen;
    for (const Attribute& a : attributes_) {
        if (a.name.empty()) throw settingError("domain", "an attribute has an empty name");
        if (a.size < 1)
            throw settingError("domain", "attribute " + quotedText(a.name) + " has size " +
                                             std::to_string(a.size) + "; sizes must be at least 1");
        if (!seen.insert(a.name).second)
            throw settingError("domain", "attribute " + quotedText(a.name) + " appears twice");
    }
}

std::vector<std::string> Domain::names() const {
    std::vector<std::string> out;
    out.reserve(attributes_.size());
    for (const Attribute& a : attributes_) out.push_back(a.name);
    return out;
}

int Domain::indexOf(std::string_view name) const {
    for (size_t i = 0; i < attributes_.size(); ++i)
        if (attributes_[i].name == name) return static_cast<int>(i);
    return -1;
}

int Domain::requireIndex(std::string_view name) const {
    const int i = indexOf(name);
    if (i < 0)
        throw settingError("attribute", "there is no attribute named " + quotedText(std::string(name)));
    return i;
}

double Domain::cells(std::span<const int> attrs) const {
    double n = 1.0;
    for (int a : attrs) n *= size(a);
    return n;
}

double Domain::log10Size() const {
    double s = 0.0;
    for (const Attribute& a : attributes_) s += std::log10(static_cast<double>(a.size));
    return s;
}

bool Domain::operator==(const Domain& other) const {
    if (attributes_.size() != other.attributes_.size()) return false;
    for (size_t i = 0; i < attributes_.size(); ++i)
        if (attributes_[i].name != other.attributes_[i].name ||
            attributes_[i].size != other.attributes_[i].size)
            return false;
    return true;
}

}  // namespace streamsynth::data
