// Release spool (see release_spool.h). Record layout, little-endian as the
// machine writes it (the spool is temporary and never leaves the machine):
//   8 bytes magic, int32 step, uint32 attributes, uint64 rows, uint64 FNV-1a
//   checksum of the payload, then the payload. Magic "SSRSPL01": the whole
//   release, its columns one after another, rows x uint16 each (exactly
//   data::Table's layout). "SSRSPL02": the same for the rows appended since
//   the series' previous growth record. "SSRSPL03": a recipe, a Boost binary
//   archive of its models' states, rows per part and seed (`rows` = its total).
#include "core/io/release_spool.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <sstream>

#include "core/fit/fit_engine_kinds.h"
#include "core/io/model_state_archive.h"
#include "core/io/run_export.h"
#include "core/privacy/rng.h"
#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/output_file.h"

namespace streamsynth::io {

namespace {

enum class Kind { Rows, Growth, Recipe };
constexpr char kMagicRows[8] = {'S', 'S', 'R', 'S', 'P', 'L', '0', '1'};
constexpr char kMagicGrowth[8] = {'S', 'S', 'R', 'S', 'P', 'L', '0', '2'};
constexpr char kMagicRecipe[8] = {'S', 'S', 'R', 'S', 'P', 'L', '0', '3'};
const char* magicOf(Kind k) {
    return k == Kind::Rows ? kMagicRows : k == Kind::Growth ? kMagicGrowth : kMagicRecipe;
}

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

// A record's payload as pieces of bytes (columns, or one archive), to write
// from or to read into.
using Pieces = std::vector<std::pair<const char*, std::size_t>>;
using Targets = std::vector<std::pair<char*, std::size_t>>;

Pieces columnPieces(const data::Table& t, std::size_t firstRow) {
    Pieces out;
    for (int a = 0; a < t.attributeCount(); ++a) {
        const auto col = t.column(a).subspan(firstRow);
        out.emplace_back(reinterpret_cast<const char*>(col.data()), col.size_bytes());
    }
    return out;
}

std::string recipeArchive(const stream::ReleaseRecipe& recipe) {
    std::vector<fit::ModelState> parts;
    for (const auto& m : recipe.parts) parts.push_back(m->state());
    std::vector<long long> rows = recipe.rows;
    std::uint64_t seed = recipe.seed;
    std::ostringstream out;
    {
        boost::archive::binary_oarchive ar(out, boost::archive::no_header);
        ar& parts& rows& seed;
    }
    return out.str();
}

stream::ReleaseRecipe recipeFromArchive(const std::string& bytes, const data::Domain& domain) {
    std::vector<fit::ModelState> parts;
    stream::ReleaseRecipe r;
    std::istringstream in(bytes);
    boost::archive::binary_iarchive ar(in, boost::archive::no_header);
    ar& parts& r.rows& r.seed;
    for (const fit::ModelState& m : parts) {
        const auto engine = fit::makeFitEngine(m.engine);
        r.parts.push_back(engine->restore(domain, m));
    }
    if (r.parts.size() != r.rows.size())
        throw settingError("release", "the recipe's parts and rows differ in number");
    return r;
}

struct Record {
    Kind kind = Kind::Rows;
    std::uint64_t payloadRows = 0;  // rows in the record (growth: the new rows only)
};

}  // namespace

struct ReleaseSpool::Impl {
    std::string dir;
    data::Domain domain;
    mutable std::mutex mutex;
    std::vector<SpoolEntry> entries;
    std::vector<Record> records;                               // parallel to entries
    std::map<std::pair<std::string, int>, std::size_t> byKey;  // -> entries index
    std::map<std::string, std::string> fileOfSeries;
    std::map<std::string, std::vector<std::size_t>> growthOf;  // series -> its growth records, in order
    std::map<std::string, std::uint64_t> grownRows;            // series -> rows in its growth records
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

    // Appends one record to the series' file (mutex held) and indexes it.
    void write(const std::string& series, int step, const std::string& period, long long releaseRows,
               Kind kind, std::uint64_t payloadRows, const Pieces& payload);
    // Reads the record's payload into `into` (whose sizes must add up to it),
    // checked against the header and its checksum.
    void readPayload(const SpoolEntry& e, const Record& r, const Targets& into) const;
};

void ReleaseSpool::Impl::write(const std::string& series, int step, const std::string& period,
                               long long releaseRows, Kind kind, std::uint64_t payloadRows,
                               const Pieces& payload) {
    RecordHeader header{};
    std::memcpy(header.magic, magicOf(kind), sizeof header.magic);
    header.step = step;
    header.attributes = static_cast<std::uint32_t>(domain.attributeCount());
    header.rows = payloadRows;
    header.checksum = kFnvOffset;
    std::uint64_t payloadBytes = 0;
    for (const auto& [data, n] : payload) {
        header.checksum = fnv1a(header.checksum, data, n);
        payloadBytes += n;
    }
    const std::string path = fileFor(series);
    QFile file(QString::fromStdString(path));
    // Owner only (0600) from creation: the spool sits beside the private run.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append,
                   QFileDevice::ReadOwner | QFileDevice::WriteOwner))
        ioError(path, "cannot write the release spool " + path + ": " + file.errorString().toStdString());
    const qint64 offset = file.size();
    bool ok = file.write(reinterpret_cast<const char*>(&header), sizeof header) == qint64(sizeof header);
    for (const auto& [data, n] : payload)
        ok = ok && (n == 0 || file.write(data, static_cast<qint64>(n)) == qint64(n));
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
    e.rows = releaseRows;
    e.file = path;
    e.offset = static_cast<std::uint64_t>(offset);
    e.bytes = sizeof header + payloadBytes;
    bytes += e.bytes;
    const Record r{kind, payloadRows};
    std::size_t index = 0;
    const auto key = std::make_pair(series, step);
    if (auto it = byKey.find(key); it != byKey.end()) {
        index = it->second;
        entries[index] = std::move(e);
        records[index] = r;
    } else {
        index = entries.size();
        byKey.emplace(key, index);
        entries.push_back(std::move(e));
        records.push_back(r);
    }
    if (kind == Kind::Growth) {
        growthOf[series].push_back(index);
        grownRows[series] += payloadRows;
    }
}

void ReleaseSpool::Impl::readPayload(const SpoolEntry& e, const Record& r, const Targets& into) const {
    const std::string& path = e.file;
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        ioError(path, "cannot read the release spool " + path + ": " + file.errorString().toStdString());
    const std::string where = " (step " + std::to_string(e.step) + " of " + quotedText(e.series) + ")";
    RecordHeader header{};
    if (!file.seek(static_cast<qint64>(e.offset)) ||
        file.read(reinterpret_cast<char*>(&header), sizeof header) != qint64(sizeof header))
        ioError(path, "the release spool " + path + " is truncated" + where);
    std::uint64_t wanted = 0;
    for (const auto& [data, n] : into) wanted += n;
    if (std::memcmp(header.magic, magicOf(r.kind), sizeof header.magic) != 0 || header.step != e.step ||
        header.attributes != static_cast<std::uint32_t>(domain.attributeCount()) ||
        header.rows != r.payloadRows || wanted != e.bytes - sizeof header)
        ioError(path, "the release spool " + path +
                          " is corrupted: the record header does not match its index" + where);
    std::uint64_t checksum = kFnvOffset;
    for (const auto& [data, n] : into) {
        if (n > 0 && file.read(data, static_cast<qint64>(n)) != qint64(n))
            ioError(path, "the release spool " + path + " is truncated" + where);
        checksum = fnv1a(checksum, data, n);
    }
    if (checksum != header.checksum)
        ioError(path, "the release spool " + path + " is corrupted: checksum mismatch" + where);
}

ReleaseSpool::ReleaseSpool(std::string dir, data::Domain domain) : impl_(std::make_unique<Impl>()) {
    impl_->dir = QDir(QString::fromStdString(dir)).absolutePath().toStdString();
    impl_->domain = std::move(domain);
    makePrivateFolders(impl_->dir);
}

ReleaseSpool::~ReleaseSpool() = default;

void ReleaseSpool::append(const std::string& series, int step, const std::string& period,
                          const data::Table& release) {
    if (!(release.domain() == impl_->domain))
        throw settingError("release", "the release's attributes differ from the spool's");
    std::lock_guard lock(impl_->mutex);
    impl_->write(series, step, period, static_cast<long long>(release.rowCount()), Kind::Rows,
                 release.rowCount(), columnPieces(release, 0));
}

void ReleaseSpool::appendGrowth(const std::string& series, int step, const std::string& period,
                                const data::Table& release) {
    if (!(release.domain() == impl_->domain))
        throw settingError("release", "the release's attributes differ from the spool's");
    std::lock_guard lock(impl_->mutex);
    if (impl_->byKey.count({series, step}))
        throw settingError("release", "step " + std::to_string(step) + " of " + quotedText(series) +
                                          " is already in the release spool");
    const std::uint64_t before = impl_->grownRows[series];
    if (release.rowCount() < before)
        throw settingError("release",
                           "the release of " + quotedText(series) + " has fewer rows than were spooled");
    impl_->write(series, step, period, static_cast<long long>(release.rowCount()), Kind::Growth,
                 release.rowCount() - before, columnPieces(release, static_cast<std::size_t>(before)));
}

void ReleaseSpool::appendRecipe(const std::string& series, int step, const std::string& period,
                                const stream::ReleaseRecipe& recipe) {
    const std::string archive = recipeArchive(recipe);
    std::lock_guard lock(impl_->mutex);
    impl_->write(series, step, period, recipe.rowCount(), Kind::Recipe,
                 static_cast<std::uint64_t>(recipe.rowCount()), {{archive.data(), archive.size()}});
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

const std::string& ReleaseSpool::directory() const {
    return impl_->dir;
}
const data::Domain& ReleaseSpool::domain() const {
    return impl_->domain;
}

data::Table ReleaseSpool::read(const std::string& series, int step) const {
    std::vector<std::pair<SpoolEntry, Record>> parts;  // the records to read, in order
    {
        std::lock_guard lock(impl_->mutex);
        const auto it = impl_->byKey.find({series, step});
        if (it == impl_->byKey.end())
            throw settingError("release", "step " + std::to_string(step) + " of series '" + series +
                                              "' is not in the release spool");
        const Record& r = impl_->records[it->second];
        if (r.kind == Kind::Growth) {
            for (std::size_t i : impl_->growthOf.at(series)) {
                parts.emplace_back(impl_->entries[i], impl_->records[i]);
                if (i == it->second) break;
            }
        } else {
            parts.emplace_back(impl_->entries[it->second], r);
        }
    }
    // Records are never rewritten once indexed, so reading needs no lock.
    const SpoolEntry& last = parts.back().first;
    const std::string where = " (step " + std::to_string(step) + " of " + quotedText(series) + ")";
    if (parts.back().second.kind == Kind::Recipe) {
        std::string payload(static_cast<std::size_t>(last.bytes - sizeof(RecordHeader)), '\0');
        impl_->readPayload(last, parts.back().second, {{payload.data(), payload.size()}});
        try {
            return recipeFromArchive(payload, impl_->domain).materialise(impl_->domain);
        } catch (const std::exception& err) {
            ioError(last.file, "the release spool " + last.file + " is corrupted: " + err.what() + where);
        }
    }
    std::vector<std::vector<data::Code>> columns(static_cast<std::size_t>(impl_->domain.attributeCount()));
    for (const auto& [e, r] : parts) {
        // Each record's columns are read straight into the release's columns.
        Targets into;
        for (auto& col : columns) {
            const std::size_t old = col.size();
            col.resize(old + static_cast<std::size_t>(r.payloadRows));
            into.emplace_back(reinterpret_cast<char*>(col.data() + old), r.payloadRows * sizeof(data::Code));
        }
        impl_->readPayload(e, r, into);
    }
    if (static_cast<long long>(columns.empty() ? 0 : columns[0].size()) != last.rows)
        ioError(last.file,
                "the release spool " + last.file + " is incomplete: a step's new rows are missing" + where);
    try {
        return data::Table(impl_->domain, std::move(columns));
    } catch (const Error& err) {
        ioError(last.file, "the release spool " + last.file + " is corrupted: " + err.message() + where);
    }
}

SpooledExport exportSpooledReleases(const ReleaseSpool& spool, const stream::RunConfig& config,
                                    const std::vector<stream::SeriesStepResult>& which,
                                    const data::Schema& schema, const std::string& dir, BinOutput bins,
                                    const StreamStamp* stamp) {
    const QDir out(QString::fromStdString(dir));
    makePrivateFolders(dir);
    SpooledExport result;
    QJsonArray listed, missing;
    bool publishable = config.secureRandom;  // every file listed is (api::Run exports published series only)
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
        const ReleaseManifest manifest = manifestFor(config, *series, r, stamp);
        const std::string manifestPath = writeRelease(path, rows, schema, manifest, bins, rng.get(), dir);
        QJsonObject item =
            QJsonDocument::fromJson(QByteArray::fromStdString(manifestJson(manifest))).object();
        item["file"] = QString::fromStdString(rel);
        item["manifest"] = QFileInfo(QString::fromStdString(manifestPath))
                               .fileName()
                               .prepend(QString::fromStdString(releaseFolder(config, *series) + "/"));
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
    writeOutputFile(result.manifestPath, QJsonDocument(index).toJson(QJsonDocument::Indented).toStdString(),
                    insideFolder(dir));
    return result;
}

}  // namespace streamsynth::io
