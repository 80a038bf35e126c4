// The Adult stream shipped in the resources. The core reads files by path,
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

}  // namespace streamsynth::ui
