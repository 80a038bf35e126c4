// The hash batch order: MD5 of "<seed>:<key>" (see step_hash_order.h).
#include "core/steps/step_hash_order.h"

#include <QCryptographicHash>
#include <algorithm>
#include <charconv>
#include <limits>
#include <unordered_map>

#include "core/values/error.h"

namespace streamsynth::stream {

std::string hashOrderText(std::uint64_t seed, long long key) {
    const std::string text = std::to_string(seed) + ":" + std::to_string(key);
    const QByteArray digest =
        QCryptographicHash::hash(QByteArray::fromRawData(text.data(), static_cast<qsizetype>(text.size())),
                                 QCryptographicHash::Md5)
            .toHex();
    return digest.toStdString();
}

bool parseKey(const std::string& text, long long& key) {
    std::size_t b = 0, e = text.size();
    while (b < e && (text[b] == ' ' || text[b] == '\t')) ++b;
    while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t')) --e;
    if (b == e) return false;
    const char* first = text.data() + b;
    if (*first == '+') ++first;
    const auto r = std::from_chars(first, text.data() + e, key);
    return r.ec == std::errc() && r.ptr == text.data() + e;
}

namespace {

[[noreturn]] void keyError(const std::string& file, long long line, const std::string& column,
                           const std::string& message) {
    ErrorContext ctx;
    ctx.file = file;
    ctx.line = line;
    ctx.columnName = column;
    throw inputError(message, ctx);
}

}  // namespace

StepPlan planByHash(const std::vector<std::string>& keyTexts, const std::vector<long long>& lines,
                    const data::BatchSettings& settings, std::uint64_t seed, const std::string& file,
                    const std::vector<KeyRange>& ranges) {
    if (settings.size < 1) throw settingError("batch", "the batch size must be at least 1");
    const std::size_t n = keyTexts.size();
    auto lineOf = [&](std::size_t i) { return i < lines.size() ? lines[i] : static_cast<long long>(i) + 2; };
    std::vector<long long> keys(n);
    std::unordered_map<long long, std::size_t> seen;
    seen.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        if (!parseKey(keyTexts[i], keys[i]))
            keyError(
                file, lineOf(i), settings.key,
                "the batch key is not a whole number (the hash batch order needs a unique whole-number key)");
        const auto [it, fresh] = seen.emplace(keys[i], i);
        if (!fresh)
            keyError(file, lineOf(i), settings.key,
                     "the batch key of this row repeats the key of line " +
                         std::to_string(lineOf(it->second)) +
                         "; the hash batch order needs a unique key per row");
    }
    std::vector<KeyRange> segs = ranges;
    if (segs.empty())
        segs.push_back({std::numeric_limits<long long>::min(), std::numeric_limits<long long>::max()});
    // Rows of each range, ordered by (digest); digests of distinct keys never
    // repeat in practice, but a repeat would make the order depend on the
    // source, so it is refused.
    std::vector<std::vector<std::pair<std::string, std::size_t>>> bySegment(segs.size());
    for (std::size_t i = 0; i < n; ++i) {
        std::size_t s = 0;
        while (s < segs.size() && !(keys[i] >= segs[s].begin && keys[i] < segs[s].end)) ++s;
        if (s == segs.size())
            keyError(file, lineOf(i), settings.key,
                     "the batch key of this row lies outside the key ranges of the stream");
        bySegment[s].emplace_back(hashOrderText(seed, keys[i]), i);
    }
    StepPlan plan;
    const auto b = static_cast<std::size_t>(settings.size);
    for (auto& rows : bySegment) {
        std::sort(rows.begin(), rows.end());
        for (std::size_t k = 1; k < rows.size(); ++k)
            if (rows[k].first == rows[k - 1].first)
                keyError(file, lineOf(rows[k].second), settings.key,
                         "two batch keys have the same MD5 digest; choose another seed");
        for (std::size_t lo = 0; lo < rows.size(); lo += b) {
            std::vector<std::size_t> step;
            for (std::size_t k = lo; k < std::min(rows.size(), lo + b); ++k) step.push_back(rows[k].second);
            plan.rows.push_back(std::move(step));
            plan.periods.push_back("batch " + std::to_string(plan.rows.size()));
        }
    }
    return plan;
}

}  // namespace streamsynth::stream
