// Release spool (see release_spool.h). Record layout, little-endian as the
// machine writes it (the spool is temporary and never leaves the machine):
//   8 bytes magic "SSRSPL01", int32 step, uint32 attributes, uint64 rows,
//   uint64 FNV-1a checksum of the payload, then the payload: the columns one
//   after another, rows x uint16 each (exactly data::Table's layout).
#include "core/io/release_spool.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>

#include "core/common/error.h"
#include "core/common/message_text.h"
#include "core/common/output_file.h"
#include "core/io/run_export.h"
#include "core/privacy/rng.h"

namespace streamsynth::io {

namespace {

constexpr char kMagic[8] = {'S', 'S', 'R', 'S', 'P', 'L', '0', '1'};

struct RecordHeader {
    char magic[8];
    std::int32_t step;
    std::uint32_t attributes;
    std::uint64_t rows;
    std::uint64_t checksum;
};
static_assert(sizeof(RecordHeader) == 32, "the record header is 32 bytes on disk");

// FNV-1a, 64-bit: detects a flipped or torn payload (not an adversary; the
// spool is the application's own temporary file).
constexpr std::uint64_t kFnvOffset = 1469598103934665603ULL;
std::uint64_t fnv1a(std::uint64_t h, const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) {
        h ^= p[i];
        h *= 1099511628211ULL;
    }
    return h;
}

[[noreturn]] void ioError(const std::string& path, const std::string& what) {
    throw Error(ErrorKind::Io, what, ErrorContext::forFile(path));
}


}  // namespace

struct ReleaseSpool::Impl {
    std::string dir;
    data::Domain domain;
    mutable std::mutex mutex;
    std::vector<SpoolEntry> entries;
    std::map<std::pair<std::string, int>, std::size_t> byKey;  // -> entries index
    std::map<std::string, std::string> fileOfSeries;
    std::uint64_t bytes = 0;

    const std::string& fileFor(const std::string& series) {
        auto it = fileOfSeries.find(series);
        if (it != fileOfSeries.end()) return it->second;
        // Numbered files: series ids may hold any character.
        char name[32];
        std::snprintf(name, sizeof name, "series-%03zu.spool", fileOfSeries.size() + 1);
        return fileOfSeries.emplace(series, QDir(QString::fromStdString(dir)).filePath(name).toStdString())
            .first->second;
    }
};

ReleaseSpool::ReleaseSpool(std::string dir, data::Domain domain) : impl_(std::make_unique<Impl>()) {
    impl_->dir = QDir(QString::fromStdString(dir)).absolutePath().toStdString();
    impl_->domain = std::move(domain);
    if (!QDir().mkpath(QString::fromStdString(impl_->dir)))
        ioError(impl_->dir, "cannot create the release spool folder " + impl_->dir);
}

ReleaseSpool::~ReleaseSpool() = default;

void ReleaseSpool::append(const std::string& series, int step, const std::string& period, const data::Table& release) {
    if (!(release.domain() == impl_->domain))
        throw settingError("release", "the release's attributes differ from the spool's");
    const int attrs = release.attributeCount();
    const std::size_t rows = release.rowCount();
    RecordHeader header{};
    std::memcpy(header.magic, kMagic, sizeof kMagic);
    header.step = step;
    header.attributes = static_cast<std::uint32_t>(attrs);
    header.rows = rows;
    header.checksum = kFnvOffset;
    for (int a = 0; a < attrs; ++a) {
        const auto col = release.column(a);
        header.checksum = fnv1a(header.checksum, col.data(), col.size_bytes());
    }

    std::lock_guard lock(impl_->mutex);
    const std::string path = impl_->fileFor(series);
    QFile file(QString::fromStdString(path));
    // Owner only (0600) from creation: the spool sits beside the private run.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append,
                   QFileDevice::ReadOwner | QFileDevice::WriteOwner))
        ioError(path, "cannot write the release spool " + path + ": " + file.errorString().toStdString());
    const qint64 offset = file.size();
    bool ok = file.write(reinterpret_cast<const char*>(&header), sizeof header) == qint64(sizeof header);
    for (int a = 0; ok && a < attrs; ++a) {
        const auto col = release.column(a);
        const auto n = static_cast<qint64>(col.size_bytes());
        ok = n == 0 || file.write(reinterpret_cast<const char*>(col.data()), n) == n;
    }
    ok = ok && file.flush();
    if (!ok) {
        const std::string why = file.errorString().toStdString();
        // Cut the torn record off so the file holds whole records only; if
        // even that fails the index never points at it anyway.
        file.resize(offset);
        ioError(path, "cannot write the release spool " + path + ": " + why);
    }
    file.close();

    SpoolEntry e;
    e.series = series;
    e.step = step;
    e.period = period;
    e.rows = static_cast<long long>(rows);
    e.file = path;
    e.offset = static_cast<std::uint64_t>(offset);
    e.bytes = sizeof header + static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(attrs) * sizeof(data::Code);
    impl_->bytes += e.bytes;
    const auto key = std::make_pair(series, step);
    if (auto it = impl_->byKey.find(key); it != impl_->byKey.end()) {
        impl_->entries[it->second] = std::move(e);
    } else {
        impl_->byKey.emplace(key, impl_->entries.size());
        impl_->entries.push_back(std::move(e));
    }
}

std::optional<SpoolEntry> ReleaseSpool::find(const std::string& series, int step) const {
    std::lock_guard lock(impl_->mutex);
    const auto it = impl_->byKey.find({series, step});
    if (it == impl_->byKey.end()) return std::nullopt;
    return impl_->entries[it->second];
}

std::vector<SpoolEntry> ReleaseSpool::entries() const {
    std::lock_guard lock(impl_->mutex);
    return impl_->entries;
}

std::uint64_t ReleaseSpool::bytesOnDisk() const {
    std::lock_guard lock(impl_->mutex);
    return impl_->bytes;
}

const std::string& ReleaseSpool::directory() const { return impl_->dir; }
const data::Domain& ReleaseSpool::domain() const { return impl_->domain; }

data::Table ReleaseSpool::read(const std::string& series, int step) const {
    const std::optional<SpoolEntry> e = find(series, step);
    if (!e)
        throw settingError("release", "step " + std::to_string(step) + " of series '" + series +
                                          "' is not in the release spool");
    // Records are never rewritten once indexed, so reading needs no lock.
    const std::string& path = e->file;
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        ioError(path, "cannot read the release spool " + path + ": " + file.errorString().toStdString());
    const std::string where = " (step " + std::to_string(step) + " of " + quotedText(series) + ")";
    if (!file.seek(static_cast<qint64>(e->offset)))
        ioError(path, "the release spool " + path + " is truncated" + where);
    RecordHeader header{};
    if (file.read(reinterpret_cast<char*>(&header), sizeof header) != qint64(sizeof header))
        ioError(path, "the release spool " + path + " is truncated" + where);
    const int attrs = impl_->domain.attributeCount();
    if (std::memcmp(header.magic, kMagic, sizeof kMagic) != 0 || header.step != step ||
        header.attributes != static_cast<std::uint32_t>(attrs) || header.rows != static_cast<std::uint64_t>(e->rows))
        ioError(path, "the release spool " + path + " is corrupted: the record header does not match its index" + where);
    std::vector<std::vector<data::Code>> columns(static_cast<std::size_t>(attrs));
    std::uint64_t checksum = kFnvOffset;
    for (auto& col : columns) {
        col.resize(static_cast<std::size_t>(e->rows));
        const auto n = static_cast<qint64>(col.size() * sizeof(data::Code));
        if (n > 0 && file.read(reinterpret_cast<char*>(col.data()), n) != n)
            ioError(path, "the release spool " + path + " is truncated" + where);
        checksum = fnv1a(checksum, col.data(), static_cast<std::size_t>(n));
    }
    if (checksum != header.checksum)
        ioError(path, "the release spool " + path + " is corrupted: checksum mismatch" + where);
    try {
        return data::Table(impl_->domain, std::move(columns));
    } catch (const Error& err) {
        ioError(path, "the release spool " + path + " is corrupted: " + err.message() + where);
    }
}

SpooledExport exportSpooledReleases(const ReleaseSpool& spool, const stream::RunConfig& config,
                                    const std::vector<stream::SeriesStepResult>& which, const data::Schema& schema,
                                    const std::string& dir, BinOutput bins) {
    const QDir out(QString::fromStdString(dir));
    if (!QDir().mkpath(out.absolutePath())) ioError(dir, "cannot create the folder " + dir);
    SpooledExport result;
    QJsonArray listed, missing;
    bool publishable = config.secureRandom;
    for (const stream::SeriesStepResult& r : which) {
        const auto series = std::find_if(config.series.begin(), config.series.end(),
                                         [&](const stream::SeriesConfig& s) { return s.id == r.seriesId; });
        if (series == config.series.end())
            throw settingError("series", "the run has no series " + quotedText(r.seriesId));
        if (!spool.contains(r.seriesId, r.step)) {
            result.unavailable.emplace_back(r.seriesId, r.step);
            missing.append(QJsonObject{{"series", QString::fromStdString(r.seriesId)}, {"step", r.step}});
            continue;
        }
        const data::Table rows = spool.read(r.seriesId, r.step);
        const std::string rel = releaseFile(config, *series, r.step);
        const std::string path = out.absoluteFilePath(QString::fromStdString(rel)).toStdString();
        auto rng = makeExportRng(config, r.seriesId, r.step);
        const ReleaseManifest manifest = manifestFor(config, *series, r);
        const std::string manifestPath = writeRelease(path, rows, schema, manifest, bins, rng.get());
        QJsonObject item = QJsonDocument::fromJson(QByteArray::fromStdString(manifestJson(manifest))).object();
        item["file"] = QString::fromStdString(rel);
        item["manifest"] = QFileInfo(QString::fromStdString(manifestPath)).fileName().prepend(
            QString::fromStdString(releaseFolder(config, *series) + "/"));
        listed.append(item);
        result.csvFiles.push_back(path);
    }
    QJsonObject index;
    index["software"] = "StreamSynth";
    index["version"] = STREAMSYNTH_VERSION;
    index["publishable"] = publishable;
    index["releases"] = listed;
    index["unavailable"] = missing;
    result.manifestPath = out.absoluteFilePath("manifest.json").toStdString();
    writeOutputFile(result.manifestPath, QJsonDocument(index).toJson(QJsonDocument::Indented).toStdString());
    return result;
}

}  // namespace streamsynth::io
