// A public hierarchy given with the run (see label_parents.h).
#include "core/workflow/label_parents.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/data/coarsening.h"
#include "core/data/csv_reader.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/message_text.h"
#include "core/workflow/known_labels.h"
#include "core/workflow/text_parts.h"

namespace streamsynth::workflow {
namespace {

using detail::splitOn;
using detail::trimmed;

constexpr const char* kParentsSetting = "coarsen-parents";
constexpr std::uint64_t kMaxParentsFileBytes = std::uint64_t{16} << 20;
constexpr const char* kHeader = "label,parent";

// The file as a CSV table of two columns, its own header or ours: the
// reader's line numbers then always name the file's own lines.
data::RawTable parentsTable(const std::string& path) {
    std::string text = readInputFile(path, {InputRole::Labels, kMaxParentsFileBytes});
    if (text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);  // a UTF-8 byte order mark
    std::string first = text.substr(0, text.find_first_of("\r\n"));
    std::transform(first.begin(), first.end(), first.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    data::CsvOptions comma;
    comma.delimiter = ',';
    if (trimmed(first) == kHeader) return data::parseCsv(text, path, comma);
    try {
        data::RawTable t = data::parseCsv(std::string(kHeader) + "\n" + text, path, comma);
        for (long long& line : t.lines) --line;
        return t;
    } catch (const Error& e) {
        ErrorContext ctx = e.context();
        if (ctx.line > 0) --ctx.line;
        if (ctx.line == 0 || e.message().find("header") != std::string::npos)
            throw Error(e.kind(), "the parents file needs lines LABEL,PARENT", ctx);
        throw Error(e.kind(), e.message(), ctx);
    }
}

[[noreturn]] void lineError(const std::string& path, long long line, int column, const std::string& message) {
    ErrorContext ctx;
    ctx.file = path;
    ctx.line = line;
    ctx.column = column;
    throw inputError(message, ctx);
}

std::vector<std::pair<std::string, std::string>> inlineParents(const std::string& list,
                                                               const std::string& attribute) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const std::string& raw : splitOn(list, '|')) {
        const std::string pair = trimmed(raw);
        if (pair.empty()) continue;
        const std::size_t gt = pair.rfind('>');
        if (gt == std::string::npos)
            throw settingError(kParentsSetting, "expected CHILD>PARENT for " + quotedText(attribute) +
                                                    ", got " + quotedText(pair));
        std::string child = trimmed(pair.substr(0, gt)), parent = trimmed(pair.substr(gt + 1));
        if (child.empty() || parent.empty())
            throw settingError(kParentsSetting, "an empty label or parent in " + quotedText(pair) + " of " +
                                                    quotedText(attribute));
        for (const auto& [c, p] : out)
            if (c == child)
                throw settingError(kParentsSetting, "label " + quotedText(child) + " of " +
                                                        quotedText(attribute) + " is given a parent twice");
        out.emplace_back(std::move(child), std::move(parent));
    }
    if (out.empty())
        throw settingError(kParentsSetting, "no CHILD>PARENT listed for " + quotedText(attribute));
    return out;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> readLabelParents(const std::string& path) {
    const data::RawTable t = parentsTable(path);
    if (t.header.size() != 2)
        lineError(path, t.headerLine, static_cast<int>(t.header.size()),
                  "the parents file needs two columns, LABEL,PARENT");
    std::vector<std::pair<std::string, std::string>> out;
    std::map<std::string, long long> seen;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        std::string child = trimmed(t.columns[0][r]), parent = trimmed(t.columns[1][r]);
        if (child.empty()) lineError(path, t.lines[r], 1, "the label is empty");
        if (parent.empty())
            lineError(path, t.lines[r], 2, "the label " + quotedText(child) + " has no parent");
        if (const auto [it, fresh] = seen.emplace(child, t.lines[r]); !fresh)
            lineError(path, t.lines[r], 1,
                      "the label " + quotedText(child) + " was given a parent on line " +
                          std::to_string(it->second) + " already");
        out.emplace_back(std::move(child), std::move(parent));
    }
    return out;
}

std::vector<LabelParents> parseLabelParents(const std::string& text) {
    std::vector<LabelParents> out;
    std::set<std::string> seen;
    if (trimmed(text).empty())
        throw settingError(kParentsSetting,
                           "expected ATTRIBUTE=CHILD>PARENT|... or ATTRIBUTE=@FILE, got nothing");
    for (const std::string& raw : splitOn(text, ';')) {
        const std::string part = trimmed(raw);
        const std::size_t eq = part.find('=');
        if (eq == std::string::npos)
            throw settingError(
                kParentsSetting,
                "expected ATTRIBUTE=CHILD>PARENT|... or ATTRIBUTE=@FILE, got " + quotedText(part));
        LabelParents p;
        p.attribute = trimmed(part.substr(0, eq));
        if (p.attribute.empty())
            throw settingError(kParentsSetting, "no attribute name before '=' in " + quotedText(part));
        const std::string list = trimmed(part.substr(eq + 1));
        if (!list.empty() && list.front() == '@') {
            const std::string path = trimmed(list.substr(1));
            if (path.empty())
                throw settingError(kParentsSetting, "no file name after '@' for " + quotedText(p.attribute));
            p.parents = readLabelParents(path);
        } else {
            p.parents = inlineParents(list, p.attribute);
        }
        if (!seen.insert(p.attribute).second)
            throw settingError(kParentsSetting, "attribute " + quotedText(p.attribute) + " is listed twice");
        out.push_back(std::move(p));
    }
    return out;
}

data::Schema withLabelParents(const data::Schema& schema, const std::vector<LabelParents>& parents) {
    data::Schema out = schema;
    for (const LabelParents& p : parents) {
        const std::string name = quotedText(p.attribute);
        const int a = schema.indexOf(p.attribute);
        if (a < 0) throw settingError(kParentsSetting, "the schema has no attribute " + name);
        const data::AttributeSpec& spec = schema.attributes[static_cast<std::size_t>(a)];
        if (spec.kind != data::AttributeKind::Categorical)
            throw settingError(kParentsSetting,
                               "attribute " + name + " is not categorical: only labels have parents");
        std::map<std::string, std::string> map;
        for (const auto& [child, parent] : p.parents) {
            if (std::find(spec.labels.begin(), spec.labels.end(), child) == spec.labels.end())
                throw settingError(kParentsSetting, "attribute " + name + " has no label " +
                                                        quotedText(child) + " in its confirmed domain");
            if (!map.emplace(child, parent).second)
                throw settingError(kParentsSetting,
                                   "label " + quotedText(child) + " of " + name + " is given a parent twice");
        }
        out.attributes[static_cast<std::size_t>(a)] = data::withParents(spec, map);
    }
    return out;
}

void checkOnePublicForm(const std::vector<KnownLabels>& known, const std::vector<LabelParents>& parents) {
    for (const LabelParents& p : parents)
        if (knownLabelsOf(known, p.attribute))
            throw settingError("coarsen",
                               "attribute " + quotedText(p.attribute) +
                                   " has public labels listed and parents given: give one of them");
}

const LabelParents* labelParentsOf(const std::vector<LabelParents>& parents, const std::string& attribute) {
    for (const LabelParents& p : parents)
        if (p.attribute == attribute) return &p;
    return nullptr;
}

}  // namespace streamsynth::workflow
