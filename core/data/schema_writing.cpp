// The schema JSON writer: the full form of schema.h, attributes in schema
// order, every value written so that reading it gives back the same schema.
#include <cstdio>

#include "core/data/date_bins.h"
#include "core/values/number_text.h"
#include "core/values/output_file.h"
#include "core/values/schema.h"

namespace streamsynth::data {

namespace {

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
