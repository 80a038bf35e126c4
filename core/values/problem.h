// A data problem found while importing or forming time steps, reported to
// the user with a count and the first few examples (never silently dropped).
#pragma once

#include <string>
#include <vector>

#include "core/values/message_text.h"

namespace streamsynth::data {

struct Problem {
    std::string kind;     // short stable key, e.g. "unparsable-time", "outside-domain"
    std::string column;   // column name, empty when not column-specific
    std::string message;  // one sentence for a data steward
    long long count = 0;  // number of rows affected
    // Up to 5 examples, e.g. "line 17: '31/02/2020'": they quote private
    // values, so they are for a steward looking at the data (the GUI's import
    // view, `inspect --verbose-errors`); exampleLines are the same examples'
    // lines alone, which the CLI shows otherwise (docs/messages.md).
    std::vector<std::string> examples;
    std::vector<long long> exampleLines;

    static constexpr std::size_t kMaxExamples = 5;
    void addExample(long long line, const std::string& value) {
        ++count;
        if (examples.size() >= kMaxExamples) return;
        examples.push_back("line " + std::to_string(line) + ": " + quotedText(value));
        exampleLines.push_back(line);
    }
};

}  // namespace streamsynth::data
