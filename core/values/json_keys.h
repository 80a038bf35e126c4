// Duplicate keys in JSON text. Qt's parser (like most) silently keeps the
// last of two equal keys in an object, so a config file with "epsilon"
// twice would run with the later value unnoticed; the readers of config and
// schema files refuse such files instead.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace streamsynth {

struct DuplicateKey {
    std::string key;         // the key as written (escapes undone for \" and \\ only)
    std::size_t offset = 0;  // byte offset of its second occurrence
};

// The first key that appears twice in one object of json (valid JSON text,
// already parsed by a real parser); false when there is none.
bool findDuplicateKey(std::string_view json, DuplicateKey* found);

}  // namespace streamsynth
