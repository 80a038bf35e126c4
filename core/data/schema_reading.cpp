// The schema JSON reader (both forms of schema.h: the simple {"name": size}
// and the full form with "attributes"): every error names the file, the
// line or the attribute. Attribute order always follows the file.
#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include "core/data/date_bins.h"
#include "core/data/input_limits.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/json_keys.h"
#include "core/values/json_syntax.h"
#include "core/values/message_text.h"
#include "core/values/schema.h"
#include "core/values/table.h"

namespace streamsynth::data {

namespace {

class JsonReader {
public:
    JsonReader(const std::string& text, const std::string& file) : text_(text), file_(file) {}

    Schema read() {
        const QJsonDocument doc =
            parseJsonText(text_, ErrorKind::Input, "the schema", ErrorContext::forFile(file_));
        if (!doc.isObject()) fail("the schema must be a JSON object ({...})");
        DuplicateKey dup;
        if (findDuplicateKey(text_, &dup)) {
            ErrorContext ctx = ErrorContext::forFile(file_);
            const TextPosition at = textPosition(text_, dup.offset);
            ctx.line = at.line;
            ctx.column = static_cast<int>(at.column);
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
        if (const std::size_t at = placeOf(attribute); at != std::string::npos) {
            const TextPosition p = textPosition(text_, at);
            ctx.line = p.line;
            ctx.column = static_cast<int>(p.column);
        }
        throw inputError(message, ctx);
    }

    // Where the text names an attribute (the place to look when one of its
    // values is refused): its key in the simple form ("age": 85), else its
    // "name" in the full form; npos when the name is written otherwise
    // (escaped) or not given.
    std::size_t placeOf(const std::string& attribute) const {
        if (attribute.empty()) return std::string::npos;
        const std::string quoted = '"' + attribute + '"';
        std::size_t named = std::string::npos;
        for (std::size_t at = text_.find(quoted); at != std::string::npos; at = text_.find(quoted, at + 1)) {
            std::size_t after = at + quoted.size();
            while (after < text_.size() && std::isspace(static_cast<unsigned char>(text_[after]))) ++after;
            if (after < text_.size() && text_[after] == ':') return at;  // the simple form's key
            std::size_t before = at;
            while (before > 0 && std::isspace(static_cast<unsigned char>(text_[before - 1]))) --before;
            if (named == std::string::npos && before > 0 && text_[before - 1] == ':') {
                std::size_t key = before - 1;
                while (key > 0 && std::isspace(static_cast<unsigned char>(text_[key - 1]))) --key;
                if (key >= 6 && text_.compare(key - 6, 6, "\"name\"") == 0) named = at;  // "name": "age"
            }
        }
        return named;
    }

    // Keys of the top-level object in the order of the text, each decoded by
    // QJsonDocument. The simple form's attribute order (the order of the
    // codes' columns) is the order of its keys in the file, which Qt's JSON
    // classes cannot give: QJsonObject sorts its keys and keeps only the last
    // of two equal ones. So this scan finds where each top-level key stands;
    // the values are still read from the parsed QJsonObject. It also lets
    // readSimple refuse a key written twice in two spellings (one of them
    // with an escape), which findDuplicateKey (raw text) does not see. The
    // text is already known to be valid JSON.
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
        allowOnly(root, {"version", "attributes", "time", "batch", "unit", "derivedFromData"}, "the schema",
                  {});
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
        if (root.contains("unit")) s.stream.unit = readUnit(root.value("unit"));
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

    // "unit": {"column": "patient_id", "maxRows": 12, "maxRowsPerStep": 4}
    // (maxRowsPerStep left out: the same as maxRows).
    UnitSettings readUnit(const QJsonValue& v) {
        if (!v.isObject()) fail("\"unit\" must be an object {\"column\": ..., \"maxRows\": ...}");
        const QJsonObject o = v.toObject();
        allowOnly(o, {"column", "maxRows", "maxRowsPerStep"}, "\"unit\"", {});
        UnitSettings u;
        u.column = string(o.value("column"), {}, "unit column");
        if (!o.contains("maxRows"))
            fail("\"unit\" needs \"maxRows\", the most rows one unit has over the stream");
        u.maxRows = integer(o.value("maxRows"), {}, "unit maxRows");
        u.maxRowsPerStep = o.contains("maxRowsPerStep")
                               ? integer(o.value("maxRowsPerStep"), {}, "unit maxRowsPerStep")
                               : u.maxRows;
        try {
            validateUnitSettings(u);
        } catch (const Error& e) {
            fail("in \"unit\": " + e.message());
        }
        return u;
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

}  // namespace

Schema parseSchemaJson(const std::string& json, const std::string& fileName) {
    return JsonReader(json, fileName).read();
}

Schema readSchema(const std::string& path) {
    return parseSchemaJson(readInputFile(path, {InputRole::Schema, kMaxSchemaBytes}), path);
}

}  // namespace streamsynth::data
