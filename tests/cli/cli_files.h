// Files for and from the end-to-end CLI suites: reading and writing bytes,
// metrics.csv without its wall-time column, every release file under an
// output folder (and, through support/adult_rows.h, adult.csv cut to size).
#pragma once

#include <unistd.h>

#include <QByteArray>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QString>
#include <QStringList>
#include <map>

#include "support/adult_rows.h"
#include "support/test_data.h"

// In a test function that mounts a tmpfs: skipped only where the environment
// states that the machine cannot mount one (STREAMSYNTH_TEST_NO_TMPFS=1),
// else it fails unless run as root, saying so.
#define STREAMSYNTH_REQUIRE_TMPFS()                                                                   \
    do {                                                                                              \
        if (qgetenv("STREAMSYNTH_TEST_NO_TMPFS") == "1")                                              \
            QSKIP(                                                                                    \
                "STREAMSYNTH_TEST_NO_TMPFS=1: this machine cannot mount a tmpfs (stated by the "      \
                "environment)");                                                                      \
        QVERIFY2(::geteuid() == 0,                                                                    \
                 "mounting a tmpfs needs root; run as root, or set STREAMSYNTH_TEST_NO_TMPFS=1 on a " \
                 "machine that cannot mount one");                                                    \
    } while (false)

namespace streamsynth::test {

inline QByteArray readBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// False when the file cannot be written.
inline bool writeBytes(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// metrics.csv without the `seconds` column (the only field that may differ
// between two runs of the same stream); '#' lines kept as they are.
inline QStringList metricsWithoutSeconds(const QString& path) {
    QStringList lines = QString::fromUtf8(readBytes(path)).split('\n', Qt::SkipEmptyParts);
    if (lines.size() < 2) return {};
    const auto sec = lines[1].split(',').indexOf("seconds");
    for (QString& l : lines) {
        if (l.startsWith('#') || sec < 0) continue;
        QStringList f = l.split(',');
        if (sec < f.size()) f.removeAt(sec);
        l = f.join(',');
    }
    return lines;
}

// Every release file (step-*.csv and .json) under out/releases, by path
// relative to out.
inline std::map<QString, QByteArray> releaseFiles(const QString& out) {
    std::map<QString, QByteArray> files;
    QDirIterator it(out + "/releases", {"step-*"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        files[QDir(out).relativeFilePath(path)] = readBytes(path);
    }
    return files;
}

// `run` over the Adult domain (rows from `data`): batches of `batch` rows,
// k rounds of `iters` fit iterations, the given series; the suites append
// their output, session and release-mode options.
inline QStringList adultRun(const QString& data, int batch, int k, int iters, const QString& series) {
    return {"run",
            "--data",
            data,
            "--schema",
            dataFile("adult-domain.json"),
            "--batch",
            QString::number(batch),
            "--k",
            QString::number(k),
            "--iters",
            QString::number(iters),
            "--series",
            series};
}

}  // namespace streamsynth::test
