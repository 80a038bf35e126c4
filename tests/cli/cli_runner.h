// Running streamsynth-cli from the end-to-end suites: the exit code (-1 when
// it crashed or did not finish), stdout and stderr as text.
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>

#include "support/test_paths.h"

namespace streamsynth::test {

struct CliResult {
    int code = -1;
    QString out, err;
};

inline CliResult runCli(const QStringList& args, int timeoutMs = 120000) {
    QProcess p;
    p.start(cliPath(), args);
    if (!p.waitForFinished(timeoutMs)) return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace streamsynth::test
