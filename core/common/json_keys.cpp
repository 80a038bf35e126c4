// Scans JSON text for a key repeated inside one object; see json_keys.h.
#include "core/values/json_keys.h"

#include <set>
#include <vector>

namespace streamsynth {
namespace {

// Reads the string starting at json[i] == '"'; returns the index after its
// closing quote and the raw text between the quotes (escapes kept, so two
// spellings of one key count as different: enough for the usual mistake).
std::size_t readString(std::string_view json, std::size_t i, std::string* text) {
    std::size_t j = i + 1;
    while (j < json.size() && json[j] != '"') j += json[j] == '\\' ? 2 : 1;
    if (text != nullptr) *text = std::string(json.substr(i + 1, std::min(j, json.size()) - i - 1));
    return j + 1;
}

}  // namespace

bool findDuplicateKey(std::string_view json, DuplicateKey* found) {
    // One frame per open container: objects keep their keys, arrays none.
    struct Frame {
        bool object = false;
        bool expectKey = false;
        std::set<std::string> keys;
    };
    std::vector<Frame> stack;
    std::size_t i = 0;
    while (i < json.size()) {
        const char c = json[i];
        if (c == '{' || c == '[') {
            stack.push_back({c == '{', c == '{', {}});
            ++i;
        } else if (c == '}' || c == ']') {
            if (!stack.empty()) stack.pop_back();
            ++i;
        } else if (c == ',') {
            if (!stack.empty() && stack.back().object) stack.back().expectKey = true;
            ++i;
        } else if (c == '"') {
            std::string text;
            const std::size_t start = i;
            i = readString(json, i, &text);
            if (!stack.empty() && stack.back().object && stack.back().expectKey) {
                stack.back().expectKey = false;
                if (!stack.back().keys.insert(text).second) {
                    if (found != nullptr) *found = {text, start};
                    return true;
                }
            }
        } else {
            ++i;
        }
    }
    return false;
}

}  // namespace streamsynth
