// Paths of the data files the suites read, all inside the repository
// (resources/data for the shipped tables, tests/data for test-only files).
// A missing file stops the suite with a message naming it: a test that
// needs a file never skips silently.
#pragma once

#include <QFileInfo>
#include <QString>
#include <QtGlobal>
#include <string>

namespace streamsynth::test {

// resources/data/<name> (adult.csv, adult-domain.json, adult-liu.csv, movies.csv, ...).
inline QString dataFile(const char* name) {
    const QString path = QStringLiteral(STREAMSYNTH_SOURCE_DIR "/resources/data/") + QLatin1String(name);
    if (!QFileInfo(path).isFile())
        qFatal("test data file missing: %s (it belongs to the repository; see resources/data/README.md)",
               qPrintable(path));
    return path;
}

// tests/data/<name> (the PGM fixture, the paper's baseline figures).
inline QString testDataFile(const char* name) {
    const QString path = QStringLiteral(STREAMSYNTH_SOURCE_DIR "/tests/data/") + QLatin1String(name);
    if (!QFileInfo(path).isFile())
        qFatal("test data file missing: %s (it belongs to the repository; see tests/data/README.md)",
               qPrintable(path));
    return path;
}

// resources/presets/<name> (option files for `--config`, e.g. paper-baseline.json).
inline QString presetFile(const char* name) {
    const QString path = QStringLiteral(STREAMSYNTH_SOURCE_DIR "/resources/presets/") + QLatin1String(name);
    if (!QFileInfo(path).isFile())
        qFatal("preset file missing: %s (it belongs to the repository; see resources/presets/README.md)",
               qPrintable(path));
    return path;
}

inline std::string dataPath(const char* name) { return dataFile(name).toStdString(); }
inline std::string testDataPath(const char* name) { return testDataFile(name).toStdString(); }

}  // namespace streamsynth::test
