// Release CSV + manifest export; see release_writer.h.
#include "core/io/release_writer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/data/date_bins.h"
#include "core/io/gzip_stream.h"
#include "core/privacy/rng.h"
#include "core/values/error.h"
#include "core/values/number_text.h"
#include "core/values/output_file.h"
#include "core/values/zcdp_conversion.h"

namespace streamsynth::io {

namespace {

// Shortest round-trip text: read back, a value drawn inside a bin falls in that bin again.
std::string formatNumber(double v) {
    return shortestNumberText(v);
}

// A day drawn uniformly among the days of a date bin [lo, hi) ([lo, hi] for
// the last bin, which holds the upper bound), as an ISO date.
std::string uniformDay(double lo, double hi, bool last, privacy::Rng& rng) {
    const double days = hi - lo + (last ? 1 : 0);
    return data::dayText(lo + std::min(std::floor(rng.uniform01() * days), days - 1));
}

}  // namespace

void releaseCsvPieces(const data::Table& rows, const data::Schema& schema, BinOutput binOutput,
                      privacy::Rng* rng, const std::function<void(std::string_view)>& sink,
                      std::size_t firstRow) {
    const int attrs = static_cast<int>(schema.attributes.size());
    if (attrs != rows.attributeCount())
        throw settingError("schema", "the release has " + std::to_string(rows.attributeCount()) +
                                         " attributes but the schema has " + std::to_string(attrs));
    if (binOutput == BinOutput::UniformValue && rng == nullptr)
        throw settingError("bins", "drawing values inside bins needs a random source");
    constexpr std::size_t kPiece = std::size_t{1} << 20;  // hand over ~1 MB at a time
    std::string out;
    for (int a = 0; a < attrs; ++a) {
        if (a > 0) out += ',';
        appendCsvField(out, schema.attributes[static_cast<std::size_t>(a)].name);
    }
    out += '\n';
    // Labels per attribute, computed once (codes are few, rows many).
    std::vector<std::vector<std::string>> labels(static_cast<std::size_t>(attrs));
    for (int a = 0; a < attrs; ++a) {
        const data::AttributeSpec& spec = schema.attributes[static_cast<std::size_t>(a)];
        for (int c = 0; c < spec.domainSize(); ++c)
            labels[static_cast<std::size_t>(a)].push_back(spec.label(c));
    }
    for (std::size_t r = firstRow; r < rows.rowCount(); ++r) {
        for (int a = 0; a < attrs; ++a) {
            if (a > 0) out += ',';
            const data::AttributeSpec& spec = schema.attributes[static_cast<std::size_t>(a)];
            const int code = rows.at(r, a);
            if (binOutput == BinOutput::UniformValue && spec.kind == data::AttributeKind::Numeric &&
                code < spec.regularSize()) {
                const auto [lo, hi] = spec.binInterval(code);
                if (spec.date)
                    out += uniformDay(lo, hi, code == spec.regularSize() - 1, *rng);
                else
                    out += formatNumber(lo + rng->uniform01() * (hi - lo));
            } else {
                appendCsvField(out, labels[static_cast<std::size_t>(a)][static_cast<std::size_t>(code)]);
            }
        }
        out += '\n';
        if (out.size() >= kPiece) {
            sink(out);
            out.clear();
        }
    }
    if (!out.empty()) sink(out);
}

std::string releaseCsv(const data::Table& rows, const data::Schema& schema, BinOutput binOutput,
                       privacy::Rng* rng) {
    std::string text;
    releaseCsvPieces(rows, schema, binOutput, rng, [&](std::string_view piece) { text.append(piece); });
    return text;
}

// The stream's id, its published total and its dataset's total (release mode).
static void addStreamTotals(QJsonObject& o, const StreamStamp& st) {
    if (st.id.empty()) return;
    o["stream_id"] = QString::fromStdString(st.id);
    QJsonObject total;
    QJsonArray published;
    for (const std::string& id : st.published) published.append(QString::fromStdString(id));
    total["published_series"] = published;
    total[st.model == "zcdp" ? "rho" : "epsilon"] = st.total;
    if (st.model == "zcdp" && st.totalEpsilon > 0) {
        total["delta"] = st.delta;
        total["epsilon_at_delta"] = st.totalEpsilon;
    }
    o["stream_total"] = total;
    if (!st.dataset.empty()) {
        QJsonObject dataset;
        dataset["dataset"] = QString::fromStdString(st.dataset);
        dataset["epsilon"] = st.datasetEpsilon;
        if (st.datasetDelta > 0) dataset["delta"] = st.datasetDelta;
        dataset["streams"] = st.datasetStreams;
        o["dataset_total"] = dataset;
    }
    if (!st.recoveredFrom.empty()) {
        QJsonObject recovered;
        recovered["stream_id"] = QString::fromStdString(st.recoveredFrom);
        recovered["claimed_steps"] = st.recoveredClaimed;
        o["recovered_from"] = recovered;
    }
}

std::string manifestJson(const ReleaseManifest& m) {
    QJsonObject o;
    o["series"] = QString::fromStdString(m.series);
    o["step"] = m.step;
    o["period"] = QString::fromStdString(m.period);
    o["rows"] = static_cast<double>(m.rows);
    o["privacy_model"] = QString::fromStdString(m.privacyModel);
    const bool zcdp = m.privacyModel == "zcdp";
    o[zcdp ? "rho" : "epsilon"] = m.budget;
    // The sum of this step's shares, as people read it (1, not 0.9999999999999997; docs/streamers.md).
    o[zcdp ? "rho_spent_this_step" : "epsilon_spent_this_step"] = spentFigure(m.budgetSpent, m.budget);
    if (zcdp && m.delta > 0 && m.budget > 0) {
        o["delta"] = m.delta;
        o["epsilon_at_delta"] = privacy::zcdpEpsilon(m.budget, m.delta);
    }
    o["streamer"] = QString::fromStdString(m.streamer);
    o["counter"] = QString::fromStdString(m.counter);
    o["score"] = QString::fromStdString(m.score);
    o["score_noise"] = QString::fromStdString(m.scoreNoise);
    o["release_from"] = QString::fromStdString(m.releaseFrom);
    if (!m.releaseAnswers.empty()) o["release_answers"] = QString::fromStdString(m.releaseAnswers);
    if (!m.variant.empty()) o["variant"] = QString::fromStdString(m.variant);
    if (!m.baselineInit.empty()) o["baseline_init"] = QString::fromStdString(m.baselineInit);
    if (m.streamer == "baseline") o["baseline_one_way_share"] = m.baselineOneWayShare;
    if (m.streamer == "proposed") o["one_way_share"] = m.oneWayShare;
    if (!m.oneWayShareRule.empty()) o["one_way_share_rule"] = QString::fromStdString(m.oneWayShareRule);
    if (!m.oneWayTarget.empty()) o["one_way_target"] = QString::fromStdString(m.oneWayTarget);
    if (m.oneWayShare > 0) o["one_way_split"] = m.oneWaySplit;
    if (!m.oneWayShrink.empty()) o["one_way_shrink"] = QString::fromStdString(m.oneWayShrink);
    if (m.streamer == "proposed") o["small_share"] = m.smallShare;
    if (m.smallShare > 0) o["small_cells"] = m.smallCells;
    if (m.trackedBlocks >= 0) o["tracked_blocks"] = m.trackedBlocks;
    if (!m.trackedInRounds.empty()) o["tracked_in_rounds"] = QString::fromStdString(m.trackedInRounds);
    o["noise"] = QString::fromStdString(m.noise);
    o["rounds"] = m.rounds;
    o["fit_engine"] = QString::fromStdString(m.fitEngine);
    o["seed_policy"] = QString::fromStdString(m.seedPolicy);
    o["software"] = "StreamSynth";
    o["version"] = STREAMSYNTH_VERSION;
    o["publishable"] = m.publishable;
    if (m.rowCap > 0) {
        o["release_row_cap"] = static_cast<qint64>(m.rowCap);
        if (m.atRowCap)
            o["release_row_cap_note"] =
                "the noisy total asked for more rows than this public bound (4 x the public rows per step "
                "per step); the release was clipped to it";
    }
    if (m.fileFormat != ReleaseFileFormat::Csv ||
        m.rowsBefore > 0) {  // a compact release file (docs/spec.md)
        QJsonObject file;
        file["format"] = QString::fromStdString(fileExtension(m.fileFormat));
        file["rows"] = static_cast<qint64>(m.rows - m.rowsBefore);
        // An increment: the release is the earlier step files' rows, then this file's.
        file["rows_before"] = static_cast<qint64>(m.rowsBefore);
        o["file"] = file;
    }
    addStreamTotals(o, m.stream);
    if (!m.protection.empty()) o["protects"] = QString::fromStdString(m.protection);
    const std::string neighbours = m.unitLevel
                                       ? "(all rows of one privacy unit, bounded as \"protects\" says)"
                                       : "(one row at one step)";
    const std::string model =
        zcdp ? "rho-zero-concentrated differentially private under continual observation "
             : "epsilon-differentially private under continual observation ";
    o["privacy"] =
        m.publishable
            ? QString::fromStdString(model + neighbours)
            : "NOT FOR PUBLICATION: made with a fixed seed for evaluation; anyone who knows the seed "
              "can regenerate and remove the noise. Re-run in release mode (operating-system entropy) "
              "to publish.";
    return QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString();
}

std::string fileExtension(ReleaseFileFormat format) {
    return format == ReleaseFileFormat::CsvGz ? "csv.gz" : "csv";
}

bool StreamStamp::publishes(const std::string& seriesId) const {
    return std::find(published.begin(), published.end(), seriesId) != published.end();
}

std::string releaseManifestPath(const std::string& releaseFilePath) {
    std::string manifestPath = releaseFilePath;
    for (const char* ending : {".csv.gz", ".csv"}) {
        const std::size_t n = std::char_traits<char>::length(ending);
        if (manifestPath.size() >= n && manifestPath.compare(manifestPath.size() - n, n, ending) == 0) {
            manifestPath.resize(manifestPath.size() - n);
            break;
        }
    }
    return manifestPath + ".json";
}

std::string writeRelease(const std::string& csvPath, const data::Table& rows, const data::Schema& schema,
                         const ReleaseManifest& manifest, BinOutput binOutput, privacy::Rng* rng,
                         const std::string& within) {
    const std::string manifestPath = releaseManifestPath(csvPath);
    if (manifest.rowsBefore < 0 || static_cast<std::size_t>(manifest.rowsBefore) > rows.rowCount())
        throw settingError("release file", "an increment cannot start after the release's last row");
    const auto first = static_cast<std::size_t>(manifest.rowsBefore);
    // An evaluation release's manifest names the seed that removes its noise: 0600, like the metrics.
    WriteOptions access = insideFolder(within);
    if (!manifest.publishable) access.access = FileAccess::Private;
    writeOutputFile(csvPath, OutputProducer([&](const OutputSink& sink) {
                        if (manifest.fileFormat == ReleaseFileFormat::Csv) {
                            releaseCsvPieces(rows, schema, binOutput, rng, sink, first);
                            return;
                        }
                        GzipWriter gz(sink);
                        releaseCsvPieces(
                            rows, schema, binOutput, rng, [&](std::string_view piece) { gz.write(piece); },
                            first);
                        gz.finish();
                    }),
                    access);
    writeOutputFile(manifestPath, manifestJson(manifest), access);
    return manifestPath;
}

// RFC 4180 quoting, shared by every CSV file a release writes.
void appendCsvField(std::string& out, const std::string& field) {
    if (field.find_first_of(",\"\r\n") == std::string::npos) {
        out += field;
        return;
    }
    out += '"';
    for (char ch : field) {
        if (ch == '"') out += '"';
        out += ch;
    }
    out += '"';
}

}  // namespace streamsynth::io
