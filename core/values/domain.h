// The public data domain: an ordered list of attributes, each with a finite
// number of codes 0..size-1. It is the only thing that fixes axis order
// (PGM.md §0). Values, immutable after construction.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace streamsynth::data {

struct Attribute {
    std::string name;
    int size = 0;  // number of codes, >= 1
};

class Domain {
public:
    Domain() = default;
    // Throws a setting Error on an empty name, a duplicate name or size < 1.
    explicit Domain(std::vector<Attribute> attributes);

    int attributeCount() const noexcept { return static_cast<int>(attributes_.size()); }
    const Attribute& attribute(int i) const { return attributes_.at(static_cast<size_t>(i)); }
    const std::vector<Attribute>& attributes() const noexcept { return attributes_; }
    const std::string& name(int i) const { return attribute(i).name; }
    int size(int i) const { return attribute(i).size; }
    std::vector<std::string> names() const;

    // -1 when absent.
    int indexOf(std::string_view name) const;
    // Throws a setting Error naming the attribute when absent.
    int requireIndex(std::string_view name) const;

    // Number of cells of the contingency table over attrs (product of sizes;
    // 1 for the empty set). Double because full domains overflow 64 bits.
    double cells(std::span<const int> attrs) const;
    // log10 of the size of the whole data space X.
    double log10Size() const;

    bool operator==(const Domain& other) const;

private:
    std::vector<Attribute> attributes_;
};

}  // namespace streamsynth::data
