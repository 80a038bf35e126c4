// Real X events for the suites under tests/ui/x11 (run by with_x_server.sh):
// xdotool as a child process, failing the step (with xdotool's words) when it
// cannot. The suites wait for the event loop to deliver what it sent.
#pragma once

#include <QProcess>
#include <QStringList>
#include <QtGlobal>

namespace streamsynth::test {

// Runs xdotool with `args`; false (and a warning) when it fails.
inline bool xdotool(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral("xdotool"), args);
    if (!p.waitForFinished(10000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        qWarning("xdotool %s failed: %s", qPrintable(args.join(' ')), p.readAllStandardError().constData());
        return false;
    }
    return true;
}

}  // namespace streamsynth::test
