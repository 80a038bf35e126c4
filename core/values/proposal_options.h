// How a domain is proposed from the data itself (data::proposeSchema,
// core/data/domain_proposal.h): the settings a user chooses, as a value.
#pragma once

#include <string>
#include <vector>

#include "core/values/problem.h"
#include "core/values/schema.h"

namespace streamsynth::data {

struct ProposalOptions {
    int numericBins = 10;      // equal-width bins of a numeric column
    int maxCategories = 1000;  // text columns with more distinct values are left out (identifiers, titles)
    std::vector<std::string> exclude;  // columns not to propose (e.g. the time column)
    int maxIntegerCodes = 100;  // integer columns with values in 0..maxIntegerCodes-1 become integer codes
    bool dates = true;          // columns of dates become date attributes (off: categorical, as text)
};

// Same, plus notes for the user: columns left out and why.
struct Proposal {
    Schema schema;
    std::vector<Problem> notes;
};

}  // namespace streamsynth::data
