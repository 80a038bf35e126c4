// readReleaseText: step t's file (plain or gzip'd) after the earlier steps'
// rows when its manifest says it is an increment.
#include "core/io/release_files.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include "core/io/gzip_stream.h"
#include "core/io/run_export.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/json_syntax.h"

namespace streamsynth::io {

namespace {

std::string pathIn(const std::string& folder, const std::string& name) {
    return QDir(QString::fromStdString(folder)).filePath(QString::fromStdString(name)).toStdString();
}

// Lines of CSV text (a quoted field may hold a line break: not a new line).
long long lineCount(const std::string& text) {
    long long lines = 0;
    bool quoted = false;
    for (char c : text) {
        if (c == '"')
            quoted = !quoted;
        else if (c == '\n' && !quoted)
            ++lines;
    }
    return lines;
}

// Where the header line ends (after its line break).
std::size_t afterHeader(const std::string& text) {
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '"')
            quoted = !quoted;
        else if (text[i] == '\n' && !quoted)
            return i + 1;
    }
    return text.size();
}

// This step's own file: its CSV text (header + the rows it holds), its manifest's rows and rows_before.
struct StepFile {
    std::string text;
    long long rows = 0;
    long long rowsBefore = 0;
};

StepFile readStepFile(const std::string& folder, int step) {
    std::string base = stepFileName(step);  // step-NNNN.csv
    base.resize(base.size() - 4);
    const std::string manifestPath = pathIn(folder, base + ".json");
    const QJsonObject manifest =
        parseJsonText(readInputFile(manifestPath, {InputRole::Release, kMaxConfigBytes}), ErrorKind::Input,
                      "the release manifest", ErrorContext::forFile(manifestPath))
            .object();
    if (manifest.isEmpty())
        throw inputError("not a release manifest (JSON object)", ErrorContext::forFile(manifestPath));
    StepFile f;
    f.rows = static_cast<long long>(manifest.value("rows").toDouble());
    const QJsonObject file = manifest.value("file").toObject();
    f.rowsBefore = file.value("rows_before").toInteger();
    const std::string gz = pathIn(folder, stepFileName(step, ReleaseFileFormat::CsvGz));
    if (QFileInfo::exists(QString::fromStdString(gz))) {
        f.text = gunzip(readInputFile(gz, {InputRole::Release, 0}), gz);
    } else {
        f.text = readInputFile(pathIn(folder, stepFileName(step)), {InputRole::Release, 0});
    }
    return f;
}

}  // namespace

std::string readReleaseText(const std::string& folder, int step) {
    StepFile f = readStepFile(folder, step);
    const std::string name = pathIn(folder, stepFileName(step));
    if (f.rowsBefore > 0) {
        if (step <= 1) throw inputError("step 1 cannot be an increment", ErrorContext::forFile(name));
        std::string earlier = readReleaseText(folder, step - 1);
        if (lineCount(earlier) - 1 != f.rowsBefore)
            throw inputError("the increment follows " + std::to_string(f.rowsBefore) +
                                 " rows, but the earlier steps' files hold " +
                                 std::to_string(lineCount(earlier) - 1),
                             ErrorContext::forFile(name));
        earlier.append(f.text, afterHeader(f.text));
        f.text = std::move(earlier);
    }
    if (lineCount(f.text) - 1 != f.rows)
        throw inputError("the files hold " + std::to_string(lineCount(f.text) - 1) +
                             " rows, the manifest says " + std::to_string(f.rows),
                         ErrorContext::forFile(name));
    return f.text;
}

}  // namespace streamsynth::io
