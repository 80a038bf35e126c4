// The paths of support/test_paths.h: the environment CTest sets, else the
// file CMake writes next to the test executables (test-paths.txt).
#include "support/test_paths.h"

#include <QFile>
#include <QString>
#include <QtGlobal>
#include <filesystem>
#include <system_error>

namespace streamsynth::test {
namespace {

// NAME from test-paths.txt next to this executable (lines NAME=value), or
// an empty string.
QString pathFromFile(const QString& name) {
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    QFile file(QString::fromStdString((exe.parent_path() / "test-paths.txt").string()));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
    const QString prefix = name + QLatin1Char('=');
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.startsWith(prefix)) return line.mid(prefix.size());
    }
    return {};
}

QString requiredPath(const char* name) {
    QString value = qEnvironmentVariable(name);
    if (value.isEmpty()) value = pathFromFile(QLatin1String(name));
    if (value.isEmpty())
        qFatal(
            "%s is not set and test-paths.txt next to the test executable does not name it: run the suites "
            "through ctest in the build folder",
            name);
    return value;
}

}  // namespace

QString sourceDirectory() {
    static const QString dir = requiredPath("STREAMSYNTH_SOURCE_DIR");
    return dir;
}

QString cliPath() {
    static const QString path = requiredPath("STREAMSYNTH_CLI_PATH");
    return path;
}

QString cliWithFaultsPath() {
    static const QString path = requiredPath("STREAMSYNTH_CLI_FAULTS_PATH");
    return path;
}

}  // namespace streamsynth::test
