// The desktop application: `streamsynth` opens the bundled Adult stream
// ready to run; `streamsynth FILE` opens a table or a session instead (the
// desktop menu's file association passes it so); `--run` starts the run at
// once (demos, screenshots); `--quit-after-start` quits once the stream is
// open, with exit status 0 only if it opened (a start-up check of an
// installation, scripts/package-check.sh).
#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTimer>

#include "core/values/input_file.h"
#include "core/values/process_memory.h"
#include "ui/window/main_window.h"
#include "ui/window/translation.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("StreamSynth"));
    QCoreApplication::setApplicationName(QStringLiteral("StreamSynth"));
    QCoreApplication::setApplicationVersion(QStringLiteral(STREAMSYNTH_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/streamsynth.svg")));
    // Ties the windows to the installed menu entry (its icon on Wayland).
    QGuiApplication::setDesktopFileName(QStringLiteral("org.streamsynth.StreamSynth"));
    streamsynth::ui::installTranslation(app);
    streamsynth::guardInputsOfThisProcess();  // no export may replace a file the window read
    streamsynth::keepFreedMemoryForReuse();

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Differentially private synthetic tabular streams."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption({QStringLiteral("run"),
                      QCoreApplication::translate("main", "Start the run as soon as the stream is open.")});
    parser.addOption({QStringLiteral("quit-after-start"),
                      QCoreApplication::translate(
                          "main", "Quit as soon as the stream is open; exit status 0 only if it opened.")});
    parser.addPositionalArgument(
        QStringLiteral("file"),
        QCoreApplication::translate("main", "A table (CSV/TSV) or a session file to open."));
    parser.process(app);

    streamsynth::ui::MainWindow window;
    window.show();
    const QStringList files = parser.positionalArguments();
    const bool run = parser.isSet(QStringLiteral("run"));
    const bool quit = parser.isSet(QStringLiteral("quit-after-start"));
    // Open after the event loop starts so the window appears at once.
    QTimer::singleShot(0, &window, [&window, files, run, quit] {
        const bool ready = files.isEmpty() ? window.openBundledAdult() : window.openPath(files.first());
        if (quit) {
            QCoreApplication::exit(ready ? 0 : 1);
            return;
        }
        if (ready && run) window.startRun();
    });
    return app.exec();
}
