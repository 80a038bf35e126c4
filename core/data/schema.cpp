// Schema codes and labels, validation, and the JSON reader/writer (both
// forms of schema.h). Attribute order always follows the file.
#include "core/values/schema.h"

#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_set>

#include "core/data/date_bins.h"
#include "core/data/input_limits.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/json_keys.h"
#include "core/values/message_text.h"
#include "core/values/number_text.h"
#include "core/values/output_file.h"
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

// ---------------------------------------------------------------- reading

namespace {

class JsonReader {
public:
    JsonReader(const std::string& text, const std::string& file) : text_(text), file_(file) {}

    Schema read() {
        QJsonParseError perr;
        const QJsonDocument doc =
            QJsonDocument::fromJson(QByteArray(text_.data(), static_cast<qsizetype>(text_.size())), &perr);
        if (perr.error != QJsonParseError::NoError) {
            ErrorContext ctx;
            ctx.file = file_;
            ctx.line = lineOf(perr.offset);
            throw inputError("the schema is not valid JSON: " + perr.errorString().toStdString(), ctx);
        }
        if (!doc.isObject()) fail("the schema must be a JSON object ({...})");
        DuplicateKey dup;
        if (findDuplicateKey(text_, &dup)) {
            ErrorContext ctx;
            ctx.file = file_;
            ctx.line = lineOf(static_cast<qsizetype>(dup.offset));
            throw inputError("the key " + quotedText(dup.key) +
                                 " appears twice in one object (JSON readers would silently keep the later "
                                 "value); keep one",
                             ctx);
        }
        const QJsonObject root = doc.object();
        Schema s = root.contains("attributes") ? readFull(root) : readSimple(root);
        const std::string err = validationError(s);
        if (!err.empty()) fail(err);
        return s;
    }

private:
    [[noreturn]] void fail(const std::string& message, const std::string& attribute = {}) const {
        ErrorContext ctx;
        ctx.file = file_;
        ctx.columnName = attribute;
        throw inputError(message, ctx);
    }

    long long lineOf(qsizetype offset) const {
        const auto end = text_.begin() + std::min<qsizetype>(offset, static_cast<qsizetype>(text_.size()));
        return 1 + std::count(text_.begin(), end, '\n');
    }

    // Keys of the top-level object in the order of the text (QJsonObject
    // sorts them). The text is already known to be valid JSON.
    std::vector<std::string> topLevelKeys() const {
        std::vector<std::string> keys;
        int depth = 0;
        for (std::size_t i = 0; i < text_.size(); ++i) {
            const char c = text_[i];
            if (c == '{' || c == '[')
                ++depth;
            else if (c == '}' || c == ']')
                --depth;
            else if (c == '"') {
                const std::size_t start = i;
                for (++i; i < text_.size() && text_[i] != '"'; ++i)
                    if (text_[i] == '\\') ++i;
                if (depth != 1) continue;
                std::size_t j = i + 1;
                while (j < text_.size() && std::isspace(static_cast<unsigned char>(text_[j]))) ++j;
                if (j < text_.size() && text_[j] == ':') {
                    const std::string literal = "[" + text_.substr(start, i - start + 1) + "]";
                    const QJsonDocument d = QJsonDocument::fromJson(QByteArray::fromStdString(literal));
                    keys.push_back(d.array().at(0).toString().toStdString());
                }
            }
        }
        return keys;
    }

    Schema readSimple(const QJsonObject& root) {
        Schema s;
        const std::vector<std::string> keys = topLevelKeys();
        std::set<std::string> seen;
        for (const std::string& key : keys) {
            if (!seen.insert(key).second) fail("attribute " + quotedText(key) + " appears twice", key);
            const QJsonValue v = root.value(QString::fromStdString(key));
            if (!v.isDouble())
                fail("in the simple form {\"name\": size, ...} every value must be the number of codes; '" +
                         key +
                         "' is not a number (use the full form with \"attributes\" for labels and bins)",
                     key);
            AttributeSpec a;
            a.name = key;
            a.kind = AttributeKind::IntegerCode;
            a.size = integer(v, key, "size");
            s.attributes.push_back(std::move(a));
        }
        return s;
    }

    Schema readFull(const QJsonObject& root) {
        allowOnly(root, {"version", "attributes", "time", "batch", "derivedFromData"}, "the schema", {});
        if (root.contains("version")) {
            const QJsonValue v = root.value("version");
            if (!v.isDouble() || v.toDouble() != 1.0)
                fail("unsupported schema \"version\"; this StreamSynth reads version 1");
        }
        Schema s;
        if (!root.value("attributes").isArray()) fail("\"attributes\" must be a list of attribute objects");
        const QJsonArray attrs = root.value("attributes").toArray();
        for (qsizetype i = 0; i < attrs.size(); ++i) {
            if (!attrs.at(i).isObject())
                fail("attribute number " + std::to_string(i + 1) +
                     " in \"attributes\" is not an object {...}");
            s.attributes.push_back(readAttribute(attrs.at(i).toObject(), static_cast<int>(i) + 1));
        }
        if (root.contains("time")) s.stream.time = readTime(root.value("time"));
        if (root.contains("batch")) s.stream.batch = readBatch(root.value("batch"));
        if (root.contains("derivedFromData")) {
            if (!root.value("derivedFromData").isBool()) fail("\"derivedFromData\" must be true or false");
            s.derivedFromData = root.value("derivedFromData").toBool();
        }
        return s;
    }

    AttributeSpec readAttribute(const QJsonObject& o, int position) {
        AttributeSpec a;
        if (!o.value("name").isString() || o.value("name").toString().isEmpty())
            fail("attribute number " + std::to_string(position) + " has no \"name\"");
        a.name = o.value("name").toString().toStdString();
        const std::string& n = a.name;
        if (o.contains("kind")) {
            const std::string kind = string(o.value("kind"), n, "kind");
            a.date = kind == "date";  // a date attribute is numeric over day numbers
            if (kind == "categorical")
                a.kind = AttributeKind::Categorical;
            else if (kind == "numeric" || a.date)
                a.kind = AttributeKind::Numeric;
            else if (kind == "integer")
                a.kind = AttributeKind::IntegerCode;
            else
                fail("attribute " + quotedText(n) + " has kind " + quotedText(kind) +
                         "; use categorical, numeric, integer or date",
                     n);
        } else if (o.contains("labels")) {
            a.kind = AttributeKind::Categorical;
        } else if (o.contains("edges") || o.contains("bins")) {
            a.kind = AttributeKind::Numeric;
        } else if (o.contains("size")) {
            a.kind = AttributeKind::IntegerCode;
        } else {
            fail("attribute " + quotedText(n) + " needs a \"kind\" (categorical, numeric or integer)", n);
        }
        a.missingCategory = boolean(o, "missing", n);
        switch (a.kind) {
            case AttributeKind::Categorical:
                allowOnly(o, {"name", "kind", "labels", "other", "missing", "members"},
                          "attribute " + quotedText(n), n);
                if (!o.value("labels").isArray() && !o.value("other").toBool() && !a.missingCategory)
                    fail("categorical attribute " + quotedText(n) + " needs \"labels\": [...]", n);
                for (const QJsonValue& l : o.value("labels").toArray())
                    a.labels.push_back(string(l, n, "labels"));
                a.hasOther = boolean(o, "other", n);
                if (o.contains("members")) a.members = members(o.value("members"), n);
                break;
            case AttributeKind::Numeric:
                if (a.date) {
                    readDateBins(o, a);
                    break;
                }
                allowOnly(o, {"name", "kind", "lower", "upper", "bins", "edges", "clamp", "missing"},
                          "attribute " + quotedText(n), n);
                if (o.contains("edges")) {
                    if (!o.value("edges").isArray())
                        fail("\"edges\" of " + quotedText(n) + " must be a list of numbers", n);
                    for (const QJsonValue& e : o.value("edges").toArray()) {
                        if (!e.isDouble())
                            fail("\"edges\" of " + quotedText(n) + " must be a list of numbers", n);
                        a.edges.push_back(e.toDouble());
                    }
                } else if (!o.contains("lower") || !o.contains("upper") || !o.contains("bins")) {
                    fail("numeric attribute " + quotedText(n) +
                             " needs \"lower\", \"upper\" and \"bins\", or \"edges\"",
                         n);
                }
                if (o.contains("lower")) a.lower = number(o.value("lower"), n, "lower");
                if (o.contains("upper")) a.upper = number(o.value("upper"), n, "upper");
                if (o.contains("bins")) a.bins = integer(o.value("bins"), n, "bins");
                a.clampToBounds = boolean(o, "clamp", n);
                break;
            case AttributeKind::IntegerCode:
                allowOnly(o, {"name", "kind", "size", "missing"}, "attribute " + quotedText(n), n);
                if (!o.contains("size"))
                    fail("integer attribute " + quotedText(n) + " needs \"size\" (codes 0..size-1)", n);
                a.size = integer(o.value("size"), n, "size");
                break;
        }
        return a;
    }

    // A date attribute (docs/schema.md): ISO "edges", or "lower", "upper" and
    // a calendar "period"; stored as numeric bins over day numbers.
    void readDateBins(const QJsonObject& o, AttributeSpec& a) {
        const std::string& n = a.name;
        allowOnly(o, {"name", "kind", "lower", "upper", "period", "edges", "format", "clamp", "missing"},
                  "attribute " + quotedText(n), n);
        if (o.contains("format")) a.dateFormat = string(o.value("format"), n, "format");
        a.clampToBounds = boolean(o, "clamp", n);
        if (o.contains("edges")) {
            if (!o.value("edges").isArray())
                fail("\"edges\" of " + quotedText(n) + " must be a list of dates (yyyy-MM-dd)", n);
            for (const QJsonValue& e : o.value("edges").toArray())
                a.edges.push_back(static_cast<double>(day(e, n, "edges")));
        } else if (o.contains("lower") && o.contains("upper") && o.contains("period")) {
            try {
                a.edges =
                    datePeriodEdges(day(o.value("lower"), n, "lower"), day(o.value("upper"), n, "upper"),
                                    parsePeriod(string(o.value("period"), n, "period")), kMaxAttributeSize);
            } catch (const Error& e) {
                fail("date attribute " + quotedText(n) + ": " + e.message(), n);
            }
        } else {
            fail("date attribute " + quotedText(n) +
                     " needs \"edges\", or \"lower\", \"upper\" and \"period\"",
                 n);
        }
        a.bins = static_cast<int>(a.edges.size()) - 1;  // as mergeBins sets it
    }

    long long day(const QJsonValue& v, const std::string& attribute, const std::string& what) {
        const auto d = isoDay(v.isString() ? v.toString().toStdString() : std::string());
        if (!d)
            fail("\"" + what + "\" of " + quotedText(attribute) + " must hold dates written yyyy-MM-dd" +
                     (v.isString() ? " (" + quotedText(v.toString().toStdString()) + " is not one)" : ""),
                 attribute);
        return *d;
    }

    TimeSettings readTime(const QJsonValue& v) {
        if (!v.isObject()) fail("\"time\" must be an object {\"column\": ..., \"period\": ...}");
        const QJsonObject o = v.toObject();
        allowOnly(o, {"column", "period", "format", "start", "end", "steps"}, "\"time\"", {});
        TimeSettings t;
        t.column = string(o.value("column"), {}, "time column");
        if (o.contains("format")) t.format = string(o.value("format"), {}, "time format");
        if (o.contains("start")) t.start = string(o.value("start"), {}, "time start");
        if (o.contains("end")) t.end = string(o.value("end"), {}, "time end");
        if (o.contains("steps")) t.steps = integer(o.value("steps"), {}, "time steps");
        if (o.contains("period")) {
            try {
                t = parsePeriod(string(o.value("period"), {}, "time period"), t);
            } catch (const Error& e) {
                fail("in \"time\": " + e.message());
            }
        }
        return t;
    }

    BatchSettings readBatch(const QJsonValue& v) {
        if (!v.isObject()) fail("\"batch\" must be an object {\"size\": ..., \"order\": ...}");
        const QJsonObject o = v.toObject();
        allowOnly(o, {"size", "order", "key"}, "\"batch\"", {});
        BatchSettings b;
        if (o.contains("size")) b.size = integer(o.value("size"), {}, "batch size");
        if (o.contains("order")) {
            try {
                b.order = parseBatchOrder(string(o.value("order"), {}, "batch order"));
            } catch (const Error& e) {
                fail("in \"batch\": " + e.message());
            }
        }
        if (o.contains("key")) b.key = string(o.value("key"), {}, "batch key");
        return b;
    }

    void allowOnly(const QJsonObject& o, std::initializer_list<const char*> allowed, const std::string& where,
                   const std::string& attribute) {
        for (auto it = o.begin(); it != o.end(); ++it) {
            const std::string key = it.key().toStdString();
            if (std::none_of(allowed.begin(), allowed.end(), [&](const char* k) { return key == k; })) {
                std::string list;
                for (const char* k : allowed) list += (list.empty() ? "" : ", ") + std::string(k);
                fail(where + " has an unknown key \"" + key + "\" (allowed: " + list + ")", attribute);
            }
        }
    }

    std::string string(const QJsonValue& v, const std::string& attribute, const std::string& what) {
        if (!v.isString())
            fail(what + (attribute.empty() ? "" : " of " + quotedText(attribute)) + " must be a string",
                 attribute);
        return v.toString().toStdString();
    }

    double number(const QJsonValue& v, const std::string& attribute, const std::string& what) {
        if (!v.isDouble())
            fail("\"" + what + "\" of " + quotedText(attribute) + " must be a number", attribute);
        return v.toDouble();
    }

    int integer(const QJsonValue& v, const std::string& attribute, const std::string& what) {
        const double d = v.toDouble(-1.0);
        if (!v.isDouble() || d != std::floor(d) || d < 1)
            fail(what + (attribute.empty() ? "" : " of " + quotedText(attribute)) +
                     " must be a whole number of at least 1",
                 attribute);
        if (d > 2147483647.0)
            fail(what + (attribute.empty() ? "" : " of " + quotedText(attribute)) +
                     " is too large (at most 2147483647)",
                 attribute);
        return static_cast<int>(d);
    }

    // "members": {"PARENT": ["CHILD", ...], ...}.
    std::map<std::string, std::vector<std::string>> members(const QJsonValue& v,
                                                            const std::string& attribute) {
        const std::string what = "\"members\" of " + quotedText(attribute);
        if (!v.isObject()) fail(what + " must be an object {\"PARENT\": [\"CHILD\", ...], ...}", attribute);
        std::map<std::string, std::vector<std::string>> out;
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            const std::string parent = it.key().toStdString();
            if (!it.value().isArray())
                fail(what + ": the members of " + quotedText(parent) + " must be a list of strings",
                     attribute);
            std::vector<std::string>& children = out[parent];
            for (const QJsonValue& c : it.value().toArray())
                children.push_back(string(c, attribute, "members"));
        }
        return out;
    }

    bool boolean(const QJsonObject& o, const char* key, const std::string& attribute) {
        if (!o.contains(key)) return false;
        if (!o.value(key).isBool())
            fail("\"" + std::string(key) + "\" of " + quotedText(attribute) + " must be true or false",
                 attribute);
        return o.value(key).toBool();
    }

    const std::string& text_;
    const std::string& file_;
};

// ---------------------------------------------------------------- writing

std::string quote(const std::string& s) {
    std::string out = "\"";
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (ch) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
                    out += buf;
                } else {
                    out += ch;
                }
        }
    }
    return out + "\"";
}

// A date attribute's bins: always as ISO edges (a period form is written out).
std::string dateBinsJson(const AttributeSpec& a) {
    std::string o = ", \"edges\": [";
    for (std::size_t i = 0; i < a.edges.size(); ++i) o += (i ? ", " : "") + quote(dayText(a.edges[i]));
    o += "]";
    if (!a.dateFormat.empty()) o += ", \"format\": " + quote(a.dateFormat);
    if (a.clampToBounds) o += ", \"clamp\": true";
    return o;
}

// ", \"members\": {...}" with the parents in the attribute's label order.
std::string membersJson(const AttributeSpec& a) {
    std::string o = ", \"members\": {";
    bool first = true;
    for (const std::string& parent : a.labels) {
        const auto it = a.members.find(parent);
        if (it == a.members.end()) continue;
        o += (first ? "" : ", ") + quote(parent) + ": [";
        for (std::size_t i = 0; i < it->second.size(); ++i) o += (i ? ", " : "") + quote(it->second[i]);
        o += "]";
        first = false;
    }
    return o + "}";
}

std::string attributeJson(const AttributeSpec& a) {
    std::string o = "{\"name\": " + quote(a.name) + ", \"kind\": " + quote(attributeKindToString(a));
    switch (a.kind) {
        case AttributeKind::Categorical:
            o += ", \"labels\": [";
            for (std::size_t i = 0; i < a.labels.size(); ++i) o += (i ? ", " : "") + quote(a.labels[i]);
            o += "]";
            if (a.hasOther) o += ", \"other\": true";
            if (!a.members.empty()) o += membersJson(a);
            break;
        case AttributeKind::Numeric:
            if (a.date) {
                o += dateBinsJson(a);
                break;
            }
            // Fields unused by the bin form in force are written only when set,
            // so that reading gives back exactly the same values.
            if (a.edges.empty() || a.lower != 0 || a.upper != 0) {
                o += ", \"lower\": " + shortestNumberText(a.lower) +
                     ", \"upper\": " + shortestNumberText(a.upper);
            }
            if (a.edges.empty() || a.bins != 0) o += ", \"bins\": " + std::to_string(a.bins);
            if (!a.edges.empty()) {
                o += ", \"edges\": [";
                for (std::size_t i = 0; i < a.edges.size(); ++i)
                    o += (i ? ", " : "") + shortestNumberText(a.edges[i]);
                o += "]";
            }
            if (a.clampToBounds) o += ", \"clamp\": true";
            break;
        case AttributeKind::IntegerCode:
            o += ", \"size\": " + std::to_string(a.size);
            break;
    }
    if (a.missingCategory) o += ", \"missing\": true";
    return o + "}";
}

}  // namespace

Schema parseSchemaJson(const std::string& json, const std::string& fileName) {
    return JsonReader(json, fileName).read();
}

Schema readSchema(const std::string& path) {
    return parseSchemaJson(readInputFile(path, {InputRole::Schema, kMaxSchemaBytes}), path);
}

std::string schemaToJson(const Schema& s) {
    std::string out = "{\n  \"version\": 1,\n  \"attributes\": [\n";
    for (std::size_t i = 0; i < s.attributes.size(); ++i)
        out += "    " + attributeJson(s.attributes[i]) + (i + 1 < s.attributes.size() ? ",\n" : "\n");
    out += "  ]";
    if (s.stream.time) {
        const TimeSettings& t = *s.stream.time;
        out += ",\n  \"time\": {\"column\": " + quote(t.column) +
               ", \"period\": " + quote(periodToString(t)) + ", \"format\": " + quote(t.format) +
               (t.start.empty() ? "" : ", \"start\": " + quote(t.start)) +
               (t.end.empty() ? "" : ", \"end\": " + quote(t.end)) +
               (t.steps > 0 ? ", \"steps\": " + std::to_string(t.steps) : "") + "}";
    }
    if (s.stream.batch) {
        out += ",\n  \"batch\": {\"size\": " + std::to_string(s.stream.batch->size) +
               ", \"order\": " + quote(batchOrderToString(s.stream.batch->order)) +
               (s.stream.batch->key.empty() ? "" : ", \"key\": " + quote(s.stream.batch->key)) + "}";
    }
    if (s.derivedFromData) out += ",\n  \"derivedFromData\": true";
    return out + "\n}\n";
}

void writeSchema(const Schema& schema, const std::string& path) {
    writeOutputFile(path, schemaToJson(schema));
}

}  // namespace streamsynth::data
