// The shared adult.csv cut to size for the suites that grow or alter a
// stream (sessions, continuation, crash recovery): its first rows as bytes,
// or written to a file with one row's `sex` code flipped.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QString>
#include <QTemporaryDir>

#include "support/test_data.h"

namespace streamsynth::test {

inline const QString kAdultCsv = streamsynth::test::dataFile("adult.csv");

// The header and the first `rows` data rows of adult.csv.
inline QByteArray adultHead(int rows) {
    QFile f(kAdultCsv);
    const QByteArray all = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    int at = 0;
    for (int i = 0; i <= rows && at >= 0; ++i) {
        at = all.indexOf('\n', at);
        if (at >= 0) ++at;
    }
    return at < 0 ? all : all.left(at);
}

// Writes dir/name: the header and the first `rows` data rows of adult.csv
// (all when < 0); with flipRow >= 0 the `sex` code (column 8, 0/1) of that
// data row is flipped. Returns the path, empty on failure.
inline QString writeAdultRows(const QTemporaryDir& dir, const QString& name, int rows, int flipRow = -1) {
    QFile in(kAdultCsv);
    if (!in.open(QIODevice::ReadOnly)) return {};
    const QString path = dir.filePath(name);
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly)) return {};
    out.write(in.readLine());
    for (int r = 0; (rows < 0 || r < rows) && !in.atEnd(); ++r) {
        QByteArray line = in.readLine();
        if (r == flipRow) {
            QList<QByteArray> f = line.trimmed().split(',');
            f[8] = f[8] == "0" ? "1" : "0";
            line = f.join(',') + "\n";
        }
        out.write(line);
    }
    return path;
}

}  // namespace streamsynth::test
