// A data problem found while importing or forming time steps, reported to
// the user with a count and the first few examples (never silently dropped).
#pragma once

#include <string>
#include <vector>

namespace streamsynth::data {

struct Problem {
    std::string kind;     // short stable key, e.g. "unparsable-time", "outside-domain"
    std::string column;   // column name, empty when not column-specific
    std::string message;  // one sentence for a data steward
    long long count = 0;  // number of rows affected
    std::vector<std::string> examples;  // up to 5, e.g. "line 17: '31/02/2020'"

    static constexpr std::size_t kMaxExamples = 5;
    void addExample(const std::string& example) {
        ++count;
        if (examples.size() < kMaxExamples) examples.push_back(example);
    }
};

}  // namespace streamsynth::data
