// The streams shipped in the resources: Adult, and the admissions table
// whose patients recur (issue 49: a stream for "Who is protected"). The core reads files by path,
// so the resources are copied once to the cache folder.
#pragma once

#include <QString>

namespace streamsynth::ui {

struct BundledFiles {
    QString csvPath;
    QString schemaPath;
};

// Copies :/data/adult.csv and :/data/adult-domain.json to the cache folder
// (if not already there with the same size). Throws an Io streamsynth::Error
// when the folder cannot be written.
BundledFiles extractBundledAdult();
// The same for :/data/admissions.csv and :/data/admissions-domain.json
// (24 months by its time column; patient_id is the unit key a steward may choose).
BundledFiles extractBundledAdmissions();

}  // namespace streamsynth::ui
