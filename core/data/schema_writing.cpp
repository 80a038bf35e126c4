// The schema JSON writer: the full form of schema.h built as QJsonObjects
// (attributes in schema order) and written by QJsonDocument, every value
// written so that reading it gives back the same schema.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

#include "core/data/date_bins.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"
#include "core/values/schema.h"

namespace streamsynth::data {

namespace {

// Text and numbers go through QJsonValue: QJsonDocument escapes the strings
// and writes doubles in their shortest round-trip form (so "10" stays "10"
// and nothing is rounded away) and integers exactly as integers.
QJsonValue text(const std::string& s) {
    return QString::fromStdString(s);
}

QJsonArray texts(const std::vector<std::string>& list) {
    QJsonArray out;
    for (const std::string& s : list) out.append(text(s));
    return out;
}

// A date attribute's bins: always as ISO edges (a period form is written out).
void addDateBins(const AttributeSpec& a, QJsonObject& o) {
    QJsonArray edges;
    for (double day : a.edges) edges.append(text(dayText(day)));
    o["edges"] = edges;
    if (!a.dateFormat.empty()) o["format"] = text(a.dateFormat);
    if (a.clampToBounds) o["clamp"] = true;
}

// Numeric bins. Fields unused by the bin form in force are written only when
// set, so that reading gives back exactly the same values.
void addNumericBins(const AttributeSpec& a, QJsonObject& o) {
    if (a.edges.empty() || a.lower != 0 || a.upper != 0) {
        o["lower"] = a.lower;
        o["upper"] = a.upper;
    }
    if (a.edges.empty() || a.bins != 0) o["bins"] = a.bins;
    if (!a.edges.empty()) {
        QJsonArray edges;
        for (double e : a.edges) edges.append(e);
        o["edges"] = edges;
    }
    if (a.clampToBounds) o["clamp"] = true;
}

// {"PARENT": [members...], ...} for the parents among the attribute's labels.
QJsonObject membersJson(const AttributeSpec& a) {
    QJsonObject o;
    for (const std::string& parent : a.labels) {
        const auto it = a.members.find(parent);
        if (it != a.members.end()) o[QString::fromStdString(parent)] = texts(it->second);
    }
    return o;
}

QJsonObject attributeJson(const AttributeSpec& a) {
    QJsonObject o{{"name", text(a.name)}, {"kind", text(attributeKindToString(a))}};
    switch (a.kind) {
        case AttributeKind::Categorical:
            o["labels"] = texts(a.labels);
            if (a.hasOther) o["other"] = true;
            if (!a.members.empty()) o["members"] = membersJson(a);
            break;
        case AttributeKind::Numeric:
            if (a.date)
                addDateBins(a, o);
            else
                addNumericBins(a, o);
            break;
        case AttributeKind::IntegerCode:
            o["size"] = a.size;
            break;
    }
    if (a.missingCategory) o["missing"] = true;
    return o;
}

QJsonObject timeJson(const TimeSettings& t) {
    QJsonObject o{
        {"column", text(t.column)}, {"period", text(periodToString(t))}, {"format", text(t.format)}};
    if (!t.start.empty()) o["start"] = text(t.start);
    if (!t.end.empty()) o["end"] = text(t.end);
    if (t.steps > 0) o["steps"] = static_cast<qint64>(t.steps);
    return o;
}

QJsonObject batchJson(const BatchSettings& b) {
    QJsonObject o{{"size", static_cast<qint64>(b.size)}, {"order", text(batchOrderToString(b.order))}};
    if (!b.key.empty()) o["key"] = text(b.key);
    return o;
}

QJsonObject unitJson(const UnitSettings& u) {
    return {{"column", text(u.column)},
            {"maxRows", static_cast<qint64>(u.maxRows)},
            {"maxRowsPerStep", static_cast<qint64>(u.maxRowsPerStep)}};
}

}  // namespace

std::string schemaToJson(const Schema& s) {
    // QJsonObject writes its keys in sorted order; every reader of schemas
    // (schema_reading.cpp) looks keys up by name, so the order is free. The
    // attributes are an array and keep the schema's order.
    QJsonArray attributes;
    for (const AttributeSpec& a : s.attributes) attributes.append(attributeJson(a));
    QJsonObject root{{"version", 1}, {"attributes", attributes}};
    if (s.stream.time) root["time"] = timeJson(*s.stream.time);
    if (s.stream.batch) root["batch"] = batchJson(*s.stream.batch);
    if (s.stream.unit) root["unit"] = unitJson(*s.stream.unit);
    if (s.derivedFromData) root["derivedFromData"] = true;
    return QJsonDocument(root).toJson(QJsonDocument::Indented).toStdString();
}

void writeSchema(const Schema& schema, const std::string& path, bool fromData, bool replacesSchemaInput) {
    WriteOptions options = fromData ? privateFile() : WriteOptions{};
    if (replacesSchemaInput) options.mayReplaceInput = static_cast<int>(InputRole::Schema);
    writeOutputFile(path, schemaToJson(schema), options);
}

}  // namespace streamsynth::data
