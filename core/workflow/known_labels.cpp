// Public kept labels listed by the steward (see known_labels.h).
#include "core/workflow/known_labels.h"

#include <algorithm>
#include <set>

#include "core/data/coarsening.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/message_text.h"
#include "core/workflow/text_parts.h"

namespace streamsynth::workflow {
namespace {

using detail::splitOn;
using detail::trimmed;

constexpr const char* kLabelsSetting = "coarsen-labels";
constexpr std::uint64_t kMaxLabelFileBytes = std::uint64_t{16} << 20;

// Non-empty trimmed parts of `text` split on `sep`.
std::vector<std::string> labelsIn(const std::string& text, char sep) {
    std::vector<std::string> out;
    for (const std::string& raw : splitOn(text, sep))
        if (std::string label = trimmed(raw); !label.empty()) out.push_back(std::move(label));
    return out;
}

}  // namespace

std::vector<KnownLabels> parseKnownLabels(const std::string& text) {
    std::vector<KnownLabels> out;
    std::set<std::string> seen;
    if (trimmed(text).empty())
        throw settingError(kLabelsSetting,
                           "expected ATTRIBUTE=LABEL|LABEL... or ATTRIBUTE=@FILE, got nothing");
    for (const std::string& raw : splitOn(text, ';')) {
        const std::string part = trimmed(raw);
        const std::size_t eq = part.find('=');
        if (eq == std::string::npos)
            throw settingError(kLabelsSetting, "expected ATTRIBUTE=LABEL|LABEL... or ATTRIBUTE=@FILE, got " +
                                                   quotedText(part));
        KnownLabels k;
        k.attribute = trimmed(part.substr(0, eq));
        if (k.attribute.empty())
            throw settingError(kLabelsSetting, "no attribute name before '=' in " + quotedText(part));
        const std::string list = trimmed(part.substr(eq + 1));
        if (!list.empty() && list.front() == '@') {
            const std::string path = trimmed(list.substr(1));
            if (path.empty())
                throw settingError(kLabelsSetting, "no file name after '@' for " + quotedText(k.attribute));
            k.labels = labelsIn(readInputFile(path, {InputRole::Labels, kMaxLabelFileBytes}), '\n');
            if (k.labels.empty())
                throw settingError(kLabelsSetting, "the labels file " + quotedText(path) + " of " +
                                                       quotedText(k.attribute) + " lists no label");
        } else {
            k.labels = labelsIn(list, '|');
            if (k.labels.empty())
                throw settingError(kLabelsSetting, "no label listed for " + quotedText(k.attribute));
        }
        if (!seen.insert(k.attribute).second)
            throw settingError(kLabelsSetting, "attribute " + quotedText(k.attribute) + " is listed twice");
        out.push_back(std::move(k));
    }
    return out;
}

data::Schema withKnownLabels(const data::Schema& schema, const std::vector<KnownLabels>& known) {
    data::Schema out = schema;
    for (const KnownLabels& k : known) {
        const std::string name = quotedText(k.attribute);
        const int a = schema.indexOf(k.attribute);
        if (a < 0) throw settingError(kLabelsSetting, "the schema has no attribute " + name);
        const data::AttributeSpec& spec = schema.attributes[static_cast<std::size_t>(a)];
        if (spec.kind != data::AttributeKind::Categorical)
            throw settingError(kLabelsSetting,
                               "attribute " + name + " is not categorical: only labels can be kept");
        std::set<std::string> listed;
        for (const std::string& label : k.labels) {
            if (std::find(spec.labels.begin(), spec.labels.end(), label) == spec.labels.end())
                throw settingError(kLabelsSetting, "attribute " + name + " has no label " +
                                                       quotedText(label) + " in its confirmed domain");
            if (!listed.insert(label).second)
                throw settingError(kLabelsSetting,
                                   "label " + quotedText(label) + " of " + name + " is listed twice");
        }
        if (listed.size() >= spec.labels.size())
            throw settingError(kLabelsSetting,
                               "every label of " + name + " is listed: list fewer to coarsen it");
        out.attributes[static_cast<std::size_t>(a)] = data::keepLabels(spec, k.labels);
    }
    return out;
}

const KnownLabels* knownLabelsOf(const std::vector<KnownLabels>& known, const std::string& attribute) {
    for (const KnownLabels& k : known)
        if (k.attribute == attribute) return &k;
    return nullptr;
}

}  // namespace streamsynth::workflow
