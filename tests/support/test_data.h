// Paths of the data files the suites read, all inside the repository
// (resources/data for the shipped tables, tests/data for test-only files).
// A missing file stops the suite with a message naming it: a test that
// needs a file never skips silently.
#pragma once

#include <QFileInfo>
#include <QString>
#include <QtGlobal>
#include <string>

#include "support/test_paths.h"

namespace streamsynth::test {

// <folder>/<name> inside the repository; stops the suite naming the file
// and the README that lists it when it is missing.
inline QString repositoryFile(const char* folder, const char* name, const char* readme) {
    const QString path =
        sourceDirectory() + QLatin1Char('/') + QLatin1String(folder) + QLatin1Char('/') + QLatin1String(name);
    if (!QFileInfo(path).isFile())
        qFatal("test file missing: %s (it belongs to the repository; see %s)", qPrintable(path), readme);
    return path;
}

// resources/data/<name> (adult.csv, adult-domain.json, adult-liu.csv, movies.csv, ...).
inline QString dataFile(const char* name) {
    return repositoryFile("resources/data", name, "resources/data/README.md");
}

// tests/data/<name> (the PGM fixture, the paper's baseline figures).
inline QString testDataFile(const char* name) {
    return repositoryFile("tests/data", name, "tests/data/README.md");
}

// resources/presets/<name> (option files for `--config`, e.g. paper-baseline.json).
inline QString presetFile(const char* name) {
    return repositoryFile("resources/presets", name, "resources/presets/README.md");
}

inline std::string dataPath(const char* name) {
    return dataFile(name).toStdString();
}
inline std::string testDataPath(const char* name) {
    return testDataFile(name).toStdString();
}

}  // namespace streamsynth::test
