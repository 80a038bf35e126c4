// Attribute specs the suites build their small schemas from: one place for
// the fields a categorical or a numeric attribute needs, so a test states
// only what it is about (names, labels, bounds).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/values/schema.h"

namespace streamsynth::test {

inline data::AttributeSpec categoricalSpec(std::string name, std::vector<std::string> labels) {
    data::AttributeSpec a;
    a.name = std::move(name);
    a.kind = data::AttributeKind::Categorical;
    a.labels = std::move(labels);
    return a;
}

// `count` labels prefix0 .. prefix{count-1}.
inline data::AttributeSpec numberedCategoricalSpec(std::string name, const std::string& prefix, int count) {
    std::vector<std::string> labels;
    for (int i = 0; i < count; ++i) labels.push_back(prefix + std::to_string(i));
    return categoricalSpec(std::move(name), std::move(labels));
}

// Equal-width bins over [lower, upper].
inline data::AttributeSpec numericSpec(std::string name, double lower, double upper, int bins) {
    data::AttributeSpec a;
    a.name = std::move(name);
    a.kind = data::AttributeKind::Numeric;
    a.lower = lower;
    a.upper = upper;
    a.bins = bins;
    return a;
}

}  // namespace streamsynth::test
