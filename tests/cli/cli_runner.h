// Running streamsynth-cli from the end-to-end suites: the exit code (-1 when
// it crashed or did not finish), stdout and stderr as text; with an
// environment of its own, and the crash tests' CLI where that names a fault.
#pragma once

#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include "support/test_paths.h"

namespace streamsynth::test {

struct CliResult {
    int code = -1;
    QString out, err;
};

// With STREAMSYNTH_FAULT in env, the crash tests' CLI runs (it alone stops at a fault point).
inline CliResult runCliEnv(const QStringList& args, const QProcessEnvironment& env, int timeoutMs = 120000) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(env.contains(QStringLiteral("STREAMSYNTH_FAULT")) ? cliWithFaultsPath() : cliPath(), args);
    if (!p.waitForFinished(timeoutMs)) return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

// Reads p's stderr into err until it holds marker; false when p ended (or
// two minutes passed) first.
inline bool waitForStderr(QProcess& p, const QString& marker, QByteArray& err) {
    QElapsedTimer clock;
    clock.start();
    while (!err.contains(marker.toUtf8())) {
        if (p.state() == QProcess::NotRunning || clock.elapsed() > 120000) return false;
        p.waitForReadyRead(5);
        err += p.readAllStandardError();
    }
    return true;
}

inline CliResult runCli(const QStringList& args, int timeoutMs = 120000) {
    return runCliEnv(args, QProcessEnvironment::systemEnvironment(), timeoutMs);
}

}  // namespace streamsynth::test
