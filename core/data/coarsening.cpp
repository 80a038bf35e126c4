// Keeping some labels of a categorical attribute (see coarsening.h).
#include "core/data/coarsening.h"

#include <algorithm>
#include <set>

#include "core/values/error.h"
#include "core/values/message_text.h"

namespace streamsynth::data {

AttributeSpec keepLabels(const AttributeSpec& attribute, const std::vector<std::string>& kept) {
    const std::string name = quotedText(attribute.name);
    if (attribute.kind != AttributeKind::Categorical)
        throw settingError("coarsen", "attribute " + name + " is not categorical: only labels can be kept");
    if (kept.empty()) throw settingError("coarsen", "keep at least one label of " + name);
    std::set<std::string> wanted;
    for (const std::string& label : kept) {
        if (!wanted.insert(label).second)
            throw settingError("coarsen", "label " + quotedText(label) + " of " + name + " is listed twice");
        if (std::find(attribute.labels.begin(), attribute.labels.end(), label) == attribute.labels.end())
            throw settingError("coarsen", "attribute " + name + " has no label " + quotedText(label));
    }
    if (wanted.size() >= attribute.labels.size())
        throw settingError("coarsen", "attribute " + name + " has " +
                                          std::to_string(attribute.labels.size()) +
                                          " labels: keep fewer to coarsen it");
    AttributeSpec out = attribute;
    out.labels.clear();
    for (const std::string& label : attribute.labels)
        if (wanted.count(label)) out.labels.push_back(label);
    // A dropped parent's members go to <other> with it.
    std::erase_if(out.members, [&](const auto& m) { return !wanted.count(m.first); });
    out.hasOther = true;
    return out;
}

AttributeSpec withParents(const AttributeSpec& attribute, const std::map<std::string, std::string>& parents) {
    const std::string name = quotedText(attribute.name);
    if (attribute.kind != AttributeKind::Categorical)
        throw settingError("coarsen", "attribute " + name + " is not categorical: only labels have parents");
    const auto isLabel = [&](const std::string& l) {
        return std::find(attribute.labels.begin(), attribute.labels.end(), l) != attribute.labels.end();
    };
    bool coarser = false;
    for (const auto& [child, parent] : parents) {
        if (!isLabel(child))
            throw settingError("coarsen", "attribute " + name + " has no label " + quotedText(child));
        if (parent.empty() || parent == kOtherLabel || parent == kMissingLabel)
            throw settingError("coarsen",
                               "label " + quotedText(child) + " of " + name + " needs a parent name");
        const auto up = parents.find(parent);
        if (parent != child && up != parents.end() && up->second != parent)
            throw settingError("coarsen", "label " + quotedText(parent) + " of " + name +
                                              " is both a parent and a child of " + quotedText(up->second) +
                                              ": give each label its top parent");
        coarser = coarser || parent != child;
    }
    if (!coarser)
        throw settingError("coarsen", "no label of " + name + " is given a parent other than itself");
    AttributeSpec out = attribute;
    out.labels.clear();
    out.members.clear();
    for (const std::string& label : attribute.labels) {
        const auto it = parents.find(label);
        // A label named as a parent and given none is its own parent.
        const bool ownParent =
            it == parents.end() &&
            parents.end() != std::find_if(parents.begin(), parents.end(),
                                          [&](const auto& p) { return p.second == label; });
        if (it == parents.end() && !ownParent) {
            out.hasOther = true;
            continue;
        }
        const std::string& parent = ownParent ? label : it->second;
        if (std::find(out.labels.begin(), out.labels.end(), parent) == out.labels.end())
            out.labels.push_back(parent);
        std::vector<std::string> moved;
        if (label != parent) moved.push_back(label);
        if (const auto old = attribute.members.find(label); old != attribute.members.end())
            moved.insert(moved.end(), old->second.begin(), old->second.end());
        if (!moved.empty()) {
            std::vector<std::string>& children = out.members[parent];
            children.insert(children.end(), moved.begin(), moved.end());
        }
    }
    return out;
}

AttributeSpec mergeBins(const AttributeSpec& attribute, int bins) {
    const std::string name = quotedText(attribute.name);
    if (attribute.kind != AttributeKind::Numeric)
        throw settingError("coarsen", "attribute " + name + " is not numeric: only bins can be merged");
    const int n = attribute.regularSize();
    if (bins < 1 || bins >= n)
        throw settingError("coarsen", "attribute " + name + " has " + std::to_string(n) +
                                          " bins: merge them into 1 to " + std::to_string(n - 1));
    AttributeSpec out = attribute;
    out.edges.clear();
    for (int i = 0; i < bins; ++i)  // group i starts at old bin floor(i·n/bins)
        out.edges.push_back(
            attribute.binInterval(static_cast<int>(static_cast<long long>(i) * n / bins)).first);
    out.edges.push_back(attribute.binInterval(n - 1).second);
    out.bins = bins;
    return out;
}

std::vector<Code> coarseCodes(const AttributeSpec& full, const AttributeSpec& coarse) {
    std::vector<Code> map(static_cast<std::size_t>(full.domainSize()));
    if (full.kind == AttributeKind::Numeric) {
        for (int code = 0; code < full.domainSize(); ++code)
            map[static_cast<std::size_t>(code)] =
                static_cast<Code>(code == full.missingCode() ? coarse.missingCode()
                                                             : coarse.binOf(full.binInterval(code).first));
        return map;
    }
    for (int code = 0; code < full.domainSize(); ++code) {
        int to = coarse.otherCode();
        if (code == full.missingCode()) {
            to = coarse.missingCode();
        } else if (code < full.regularSize()) {
            const auto it = std::find(coarse.labels.begin(), coarse.labels.end(),
                                      full.labels[static_cast<std::size_t>(code)]);
            if (it != coarse.labels.end()) to = static_cast<int>(it - coarse.labels.begin());
            for (const auto& [parent, children] : coarse.members)  // a hierarchy's child: its parent
                if (std::find(children.begin(), children.end(),
                              full.labels[static_cast<std::size_t>(code)]) != children.end())
                    to = static_cast<int>(std::find(coarse.labels.begin(), coarse.labels.end(), parent) -
                                          coarse.labels.begin());
        }
        if (to < 0)
            throw settingError("coarsen", "attribute " + quotedText(full.name) + " has no <other> code");
        map[static_cast<std::size_t>(code)] = static_cast<Code>(to);
    }
    return map;
}

Table coarsenTable(const Table& table, const Schema& full, const Schema& coarse) {
    if (full.attributes.size() != coarse.attributes.size())
        throw settingError("coarsen", "the coarsened schema has other attributes");
    const Domain domain = coarse.domain();
    std::vector<std::vector<Code>> columns;
    for (std::size_t a = 0; a < full.attributes.size(); ++a) {
        const AttributeSpec& from = full.attributes[a];
        const AttributeSpec& to = coarse.attributes[a];
        if (from.name != to.name) throw settingError("coarsen", "the coarsened schema has other attributes");
        const auto column = table.column(static_cast<int>(a));
        std::vector<Code> out(column.begin(), column.end());
        if (!(from == to)) {
            const std::vector<Code> map = coarseCodes(from, to);
            for (Code& c : out) c = map.at(c);
        }
        columns.push_back(std::move(out));
    }
    return Table(domain, std::move(columns));
}

}  // namespace streamsynth::data
