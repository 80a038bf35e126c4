// A release-mode stream for the registry suites: adult.csv cut to 1,000 and
// 2,000 rows (steps of 500: `run` releases 1..2, `continue` 3..4), its
// session and output folder, a registry of its own (never the user's data
// folder; made by the first run with --new-registry), and running the CLI
// with extra environment.
#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include "cli/cli_files.h"
#include "cli/cli_runner.h"
#include "support/test_data.h"

namespace streamsynth::test {

struct RegistryWorkspace {
    QTemporaryDir dir;
    QString a1k, a2k, session, out, registry;
    explicit RegistryWorkspace(QString registryName = {}) {
        a1k = writeAdultRows(dir, "a1k.csv", 1000);
        a2k = writeAdultRows(dir, "a2k.csv", 2000);
        session = dir.filePath("s.session");
        out = dir.filePath("o1");
        registry = registryName.isEmpty() ? dir.filePath("registry.sqlite") : registryName;
    }
    bool ok() const { return dir.isValid() && !a1k.isEmpty() && !a2k.isEmpty(); }
    // A release-mode run of steps 1..2 (extra options appended).
    QStringList run(const QStringList& extra = {}, const QString& series = "baseline") const {
        return adultRun(a1k, 500, 2, 10, series) +
               QStringList{"--release-mode", "--autosave", "--session", session, "--out", out, "--registry",
                           registry, "--new-registry",
                           // each workspace stands for a table of its own: the suites' streams of
                           // the same rows are not look-alikes to refuse (docs/privacy-models.md)
                           "--other-table"} +
               extra;
    }
    // `continue` of a session (this one by default) with the grown table.
    QStringList continued(const QString& sessionPath = {}, const QStringList& extra = {}) const {
        return QStringList{"continue", "--session", sessionPath.isEmpty() ? session : sessionPath, "--data",
                           a2k} +
               extra;
    }
};

// Every step-NNNN.csv of a step under any of the folders.
inline int releasesOfStep(const QStringList& folders, const QString& fileName) {
    int n = 0;
    for (const QString& f : folders)
        for (const auto& [path, bytes] : releaseFiles(f))
            if (path.endsWith("/" + fileName)) ++n;
    return n;
}

}  // namespace streamsynth::test
