// Schema codes and labels (AttributeSpec, Schema) and their validation. The
// JSON forms of schema.h are read in schema_reading.cpp and written in
// schema_writing.cpp.
#include "core/values/schema.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_set>

#include "core/data/date_bins.h"
#include "core/data/input_limits.h"
#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/number_text.h"
#include "core/values/table.h"

namespace streamsynth::data {

namespace {

// Left edge of equal-width bin i (i == bins gives upper exactly); binOf and
// binInterval both use it so a value and its bin label never disagree.
double equalEdge(const AttributeSpec& a, int i) {
    if (i >= a.bins) return a.upper;
    return a.lower + (a.upper - a.lower) * (static_cast<double>(i) / a.bins);
}

// Equal-width bins whose edges are printable, increasing numbers: bounds
// of ±1e308 are finite but their width is not ("[-nan, inf)" labels).
std::string equalBinsError(const AttributeSpec& a) {
    if (a.bins < 1) return " needs at least one bin";
    if (!std::isfinite(a.upper - a.lower))
        return " has bounds too far apart to cut into bins (" + shortestNumberText(a.lower) + " to " +
               shortestNumberText(a.upper) + "); give the range the values really take";
    double previous = a.lower;
    for (int i = 1; i <= a.bins; ++i) {
        const double edge = equalEdge(a, i);
        if (!std::isfinite(edge) || !(edge > previous))
            return " has " + std::to_string(a.bins) + " bins too narrow to tell apart between " +
                   shortestNumberText(a.lower) + " and " + shortestNumberText(a.upper) + "; give fewer bins";
        previous = edge;
    }
    return {};
}

// A bin edge or bound as written in messages and labels: an ISO date for a date attribute.
std::string edgeText(const AttributeSpec& a, double x) {
    return a.date ? dayText(x) : plainNumberText(x);
}

// Empty, or why the attribute's "members" are invalid (after "attribute 'X'").
// A member coded as its parent must not be a code of its own: a label is
// never a member (a label that is its own parent is just a label), and a
// member belongs to one parent only.
std::string membersError(const AttributeSpec& a) {
    if (a.kind != AttributeKind::Categorical && !a.members.empty())
        return " has \"members\" but is not categorical";
    std::set<std::string> seen;
    for (const auto& [parent, children] : a.members) {
        if (std::find(a.labels.begin(), a.labels.end(), parent) == a.labels.end())
            return " lists members of " + quotedText(parent) + ", which is not one of its labels";
        for (const std::string& m : children) {
            if (m.empty()) return " has an empty member of " + quotedText(parent);
            if (std::find(a.labels.begin(), a.labels.end(), m) != a.labels.end())
                return " lists its label " + quotedText(m) + " as a member of " + quotedText(parent) +
                       " (a label is never a member)";
            if (!seen.insert(m).second) return " lists the member " + quotedText(m) + " twice";
        }
    }
    return {};
}

}  // namespace

int AttributeSpec::regularSize() const {
    switch (kind) {
        case AttributeKind::Categorical:
            return static_cast<int>(labels.size());
        case AttributeKind::Numeric:
            return edges.empty() ? bins : static_cast<int>(edges.size()) - 1;
        case AttributeKind::IntegerCode:
            return size;
    }
    return 0;
}

int AttributeSpec::otherCode() const {
    return kind == AttributeKind::Categorical && hasOther ? regularSize() : -1;
}

int AttributeSpec::missingCode() const {
    if (!missingCategory) return -1;
    return regularSize() + (otherCode() >= 0 ? 1 : 0);
}

int AttributeSpec::domainSize() const {
    return regularSize() + (otherCode() >= 0 ? 1 : 0) + (missingCategory ? 1 : 0);
}

std::string AttributeSpec::label(int code) const {
    if (code >= 0 && code == missingCode()) return kMissingLabel;
    if (code >= 0 && code == otherCode()) return kOtherLabel;
    if (code < 0 || code >= regularSize()) return "?" + std::to_string(code);
    switch (kind) {
        case AttributeKind::Categorical:
            return labels[static_cast<size_t>(code)];
        case AttributeKind::Numeric: {
            const auto [lo, hi] = binInterval(code);
            const bool last = code == regularSize() - 1;
            return "[" + edgeText(*this, lo) + ", " + edgeText(*this, hi) + (last ? "]" : ")");
        }
        case AttributeKind::IntegerCode:
            return std::to_string(code);
    }
    return {};
}

std::pair<double, double> AttributeSpec::binInterval(int code) const {
    if (kind != AttributeKind::Numeric || code < 0 || code >= regularSize()) return {0.0, 0.0};
    if (!edges.empty()) return {edges[static_cast<size_t>(code)], edges[static_cast<size_t>(code) + 1]};
    return {equalEdge(*this, code), equalEdge(*this, code + 1)};
}

int AttributeSpec::binOf(double x) const {
    const int n = regularSize();
    if (kind != AttributeKind::Numeric || n < 1 || std::isnan(x)) return -1;
    const double lo = edges.empty() ? lower : edges.front();
    const double hi = edges.empty() ? upper : edges.back();
    if (x < lo) return clampToBounds ? 0 : -1;
    if (x >= hi) return (x == hi || clampToBounds) ? n - 1 : -1;
    if (!edges.empty()) {
        const auto it = std::upper_bound(edges.begin(), edges.end(), x);
        return std::clamp(static_cast<int>(it - edges.begin()) - 1, 0, n - 1);
    }
    int i = std::clamp(static_cast<int>((x - lower) / (upper - lower) * bins), 0, n - 1);
    // The division may round across an edge; settle on equalEdge's edges.
    while (i > 0 && x < equalEdge(*this, i)) --i;
    while (i < n - 1 && x >= equalEdge(*this, i + 1)) ++i;
    return i;
}

std::string attributeKindToString(AttributeKind kind) {
    switch (kind) {
        case AttributeKind::Categorical:
            return "categorical";
        case AttributeKind::Numeric:
            return "numeric";
        case AttributeKind::IntegerCode:
            return "integer";
    }
    return {};
}

std::string attributeKindToString(const AttributeSpec& spec) {
    return spec.kind == AttributeKind::Numeric && spec.date ? "date" : attributeKindToString(spec.kind);
}

std::string validationError(const Schema& schema) {
    if (schema.attributes.empty()) return "the schema has no attributes";
    if (schema.attributes.size() > static_cast<std::size_t>(kMaxAttributes))
        return "the schema has " + std::to_string(schema.attributes.size()) +
               " attributes, more than the limit of " + std::to_string(kMaxAttributes);
    std::unordered_set<std::string> names;
    for (const AttributeSpec& a : schema.attributes) {
        const std::string q = "attribute " + quotedText(a.name);
        if (a.name.empty()) return "an attribute has an empty name";
        if (!names.insert(a.name).second) return q + " appears twice";
        switch (a.kind) {
            case AttributeKind::Categorical: {
                std::unordered_set<std::string> seen;
                for (const std::string& l : a.labels) {
                    if (l.empty()) return q + " has an empty label (empty cells are the <missing> category)";
                    if (!seen.insert(l).second) return q + " lists the label " + quotedText(l) + " twice";
                    if (l == kOtherLabel && a.hasOther)
                        return q +
                               " lists the label \"<other>\" and also sets \"other\": true, which adds a "
                               "code "
                               "with that label: two codes would have the same label; remove one of them";
                    if (l == kMissingLabel && a.missingCategory)
                        return q +
                               " lists the label \"<missing>\" and also sets \"missing\": true, which adds a "
                               "code with that label: two codes would have the same label; remove one of "
                               "them";
                }
                break;
            }
            case AttributeKind::Numeric:
                if (!a.edges.empty()) {
                    if (a.edges.size() < 2) return q + " needs at least two bin edges";
                    for (std::size_t i = 0; i < a.edges.size(); ++i) {
                        if (!std::isfinite(a.edges[i]))
                            return q + " has a bin edge that is not a finite number";
                        if (a.date && (std::floor(a.edges[i]) != a.edges[i] || std::fabs(a.edges[i]) > 1e8))
                            return q + " is a date attribute with a bin edge that is not a day";
                        if (i > 0 && !(a.edges[i] > a.edges[i - 1]))
                            return q + " has bin edges that are not strictly increasing (" +
                                   edgeText(a, a.edges[i - 1]) + ", " + edgeText(a, a.edges[i]) + ")";
                    }
                } else if (a.date) {
                    return q + " is a date attribute without bin edges";
                } else {
                    if (!std::isfinite(a.lower) || !std::isfinite(a.upper) || !(a.lower < a.upper))
                        return q + " needs finite bounds with lower < upper (got " +
                               shortestNumberText(a.lower) + " and " + shortestNumberText(a.upper) + ")";
                    if (const std::string e = equalBinsError(a); !e.empty()) return q + e;
                }
                break;
            case AttributeKind::IntegerCode:
                if (a.size < 1) return q + " needs a size of at least 1 (codes 0..size-1)";
                break;
        }
        if (const std::string e = membersError(a); !e.empty()) return q + e;
        if (a.domainSize() < 1) return q + " has no codes (no labels, no <other> and no <missing>)";
        if (a.domainSize() > kMaxAttributeSize)
            return q + " has " + std::to_string(a.domainSize()) + " codes; at most 65,535 are allowed";
    }
    if (schema.stream.time && schema.stream.batch)
        return "the schema sets both a time column and batches; choose one";
    if (schema.stream.time) {
        if (schema.stream.time->column.empty()) return "the time settings name no column";
        if (schema.stream.time->count < 1) return "the release period must count at least 1";
        if (schema.stream.time->steps < 0) return "the number of steps of the time stream must be at least 1";
        if (schema.stream.time->steps > 0 && !schema.stream.time->end.empty())
            return "the time settings give both an end and a number of steps; choose one";
    }
    if (schema.stream.batch && schema.stream.batch->size < 1) return "the batch size must be at least 1";
    if (schema.stream.batch && schema.stream.batch->order == BatchOrder::Hash) {
        if (schema.stream.batch->key.empty()) return "the hash batch order needs a key column (\"key\")";
        for (const AttributeSpec& a : schema.attributes)
            if (a.name == schema.stream.batch->key)
                return "the key column '" + a.name + "' of the hash batch order cannot also be an attribute";
    }
    if (schema.stream.batch && schema.stream.batch->order != BatchOrder::Hash &&
        !schema.stream.batch->key.empty())
        return "a batch key column is used only by the hash batch order";
    return {};
}

Domain Schema::domain() const {
    const std::string err = validationError(*this);
    if (!err.empty()) throw settingError("domain", err);
    std::vector<Attribute> attrs;
    attrs.reserve(attributes.size());
    for (const AttributeSpec& a : attributes) attrs.push_back({a.name, a.domainSize()});
    return Domain(std::move(attrs));
}

int Schema::indexOf(std::string_view name) const {
    for (std::size_t i = 0; i < attributes.size(); ++i)
        if (attributes[i].name == name) return static_cast<int>(i);
    return -1;
}

bool Schema::operator==(const Schema& o) const {
    auto sameTime = [](const std::optional<TimeSettings>& x, const std::optional<TimeSettings>& y) {
        if (x.has_value() != y.has_value()) return false;
        return !x ||
               (x->column == y->column && x->unit == y->unit && x->count == y->count &&
                x->format == y->format && x->start == y->start && x->end == y->end && x->steps == y->steps);
    };
    auto sameBatch = [](const std::optional<BatchSettings>& x, const std::optional<BatchSettings>& y) {
        if (x.has_value() != y.has_value()) return false;
        return !x || (x->size == y->size && x->order == y->order && x->key == y->key);
    };
    return attributes == o.attributes && derivedFromData == o.derivedFromData &&
           sameTime(stream.time, o.stream.time) && sameBatch(stream.batch, o.stream.batch);
}

}  // namespace streamsynth::data
