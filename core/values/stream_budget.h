// One budget view across the series of a stream, for the interfaces: what
// publishing every series of the run would cost together, what the series
// chosen as publishable cost, and the stream's policy (registry). Series of
// one stream read the same rows, so their guarantees add up (sequential
// composition; registry/stream_total.h). Values only.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/values/dataset_total.h"
#include "core/values/stream_total.h"

namespace streamsynth::api {

using registry::roundedText;
using registry::SeriesBudget;
using registry::StreamTotal;
using registry::streamTotal;
using registry::totalText;

using registry::DatasetTotal;
using registry::datasetTotalText;

// Where a release-mode stream stands in its dataset (docs/privacy-models.md,
// "One budget per dataset"): what the dataset's other streams have spent,
// the total with this stream's published series, the dataset's limit, and
// other datasets whose streams read the same source or rows (a warning).
struct DatasetStanding {
    std::string name;
    DatasetTotal others;                    // the dataset's streams other than this one
    DatasetTotal total;                     // with this stream's published series
    std::optional<double> maxTotalEpsilon;  // the dataset's limit, when one is set
    std::vector<std::string> lookalikes;    // plain-words warnings
    bool joined = false;                    // this stream is recorded in the dataset already
};

// The dataset a new release-mode stream is charged to (Run::setDataset).
struct DatasetChoice {
    std::string name;
    std::string source;  // a file's path or a database table (no password): for look-alike warnings
    std::string sample;  // the table's first rows, fingerprinted with the registry's key, never stored
    bool chargeConfirmed = false;  // the steward chose to charge a dataset that has spent already
    // The steward says this table is not the one a stream of another dataset
    // (or of another registry) was released from, though its source or first
    // rows match: without it such a new stream is refused (a second budget
    // for the same people; docs/privacy-models.md, "Look-alikes").
    bool otherTableConfirmed = false;
};

struct StreamBudget {
    std::string streamId;
    std::vector<std::string> publishable;    // series ids whose releases are published
    StreamTotal all;                         // if every series of the run were published
    StreamTotal published;                   // the publishable series (and any published before)
    std::optional<double> maxTotalEpsilon;   // the stream's policy, when one is set
    std::optional<DatasetStanding> dataset;  // release mode, once the stream names its dataset
};

}  // namespace streamsynth::api
