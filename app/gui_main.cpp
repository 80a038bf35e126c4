// The desktop application: `streamsynth` opens the bundled Adult stream
// ready to run; `streamsynth FILE` opens a table instead.
#include <QApplication>
#include <QTimer>

#include "ui/main_window.h"
#include "ui/translation.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("StreamSynth"));
    QCoreApplication::setApplicationName(QStringLiteral("StreamSynth"));
    QCoreApplication::setApplicationVersion(QStringLiteral(STREAMSYNTH_VERSION));
    streamsynth::ui::installTranslation(app);

    streamsynth::ui::MainWindow window;
    window.show();
    const QStringList args = QCoreApplication::arguments();
    // Open after the event loop starts so the window appears at once.
    QTimer::singleShot(0, &window, [&window, args] {
        if (args.size() > 1)
            window.openPath(args.at(1));
        else
            window.openBundledAdult();
    });
    return app.exec();
}
