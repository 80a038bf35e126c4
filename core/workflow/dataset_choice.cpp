// A stream's dataset from its input (see dataset_choice.h).
#include "core/workflow/dataset_choice.h"

#include <QFile>
#include <QFileInfo>

#include "core/db/pg_connection.h"
#include "core/workflow/stream_input.h"

namespace streamsynth::workflow {
namespace {

constexpr int kSampleLines = 1000;
constexpr qint64 kSampleBytes = 4 << 20;  // a bound on the sample, whatever the lines' length

std::string firstLines(const std::string& path) {
    QFile f(QString::fromStdString(path));
    if (!QFileInfo(f).isFile() || !f.open(QIODevice::ReadOnly)) return {};
    // One buffer for every line: QIODevice::readLine(maxSize) allocates maxSize for each line it
    // reads, 4 MiB a line and 4 GB for a sample of 1,000, which cost a sanitizer build's run about
    // 6 s (2026-12-02). This reads the same bytes (as Qt 6's readLine(max): at most max - 1 a line).
    std::string sample, line(static_cast<std::size_t>(kSampleBytes), '\0');
    for (int i = 0; i < kSampleLines && !f.atEnd() && static_cast<qint64>(sample.size()) < kSampleBytes;
         ++i) {
        const qint64 n = f.readLine(line.data(), kSampleBytes);
        if (n <= 0) break;
        sample.append(line.data(), static_cast<std::size_t>(n));
    }
    return sample;
}

}  // namespace

std::string defaultDatasetNameOfFile(const std::string& path) {
    const QFileInfo info(QString::fromStdString(path));
    std::string name = info.fileName().toStdString();
    for (const char* ext : {".csv.gz", ".csv", ".tsv", ".txt"}) {
        const std::string e = ext;
        if (name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0) {
            name.resize(name.size() - e.size());
            break;
        }
    }
    return name.empty() ? std::string("table") : name;
}

std::string defaultDatasetName(const InputRequest& input) {
    if (!input.database.connection.empty())
        return input.database.table.empty() ? "query" : input.database.table;
    return defaultDatasetNameOfFile(input.file.dataPath);
}

DatasetChoice datasetChoiceForFile(const std::string& path, const std::string& name, bool chargeConfirmed) {
    DatasetChoice c;
    c.name = name.empty() ? defaultDatasetNameOfFile(path) : name;
    if (!path.empty()) {  // a database document has no file
        c.source = QFileInfo(QString::fromStdString(path)).absoluteFilePath().toStdString();
        c.sample = firstLines(path);
    }
    c.chargeConfirmed = chargeConfirmed;
    return c;
}

DatasetChoice datasetChoiceFor(const InputRequest& input, const std::string& name, bool chargeConfirmed) {
    if (input.database.connection.empty())
        return datasetChoiceForFile(input.file.dataPath, name, chargeConfirmed);
    DatasetChoice c;
    c.name = name.empty() ? defaultDatasetName(input) : name;
    const std::string what =
        input.database.table.empty() ? "query " + input.database.query : "table " + input.database.table;
    c.source = connectionForDisplay(input.database.connection) + " " + what;
    c.chargeConfirmed = chargeConfirmed;
    return c;
}

}  // namespace streamsynth::workflow
