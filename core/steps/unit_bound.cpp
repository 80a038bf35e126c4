// Bounding each privacy unit's rows by the public, causal rule of
// unit_bound.h (docs/privacy-models.md, "Bounding by a public rule").
#include "core/steps/unit_bound.h"

#include <QCryptographicHash>
#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

#include "core/values/error.h"

namespace streamsynth::stream {

namespace {

using Digest = std::array<unsigned char, 16>;

Digest md5(const std::string& text) {
    const QByteArray raw = QCryptographicHash::hash(
        QByteArray::fromRawData(text.data(), static_cast<qsizetype>(text.size())), QCryptographicHash::Md5);
    Digest out{};
    std::memcpy(out.data(), raw.constData(), out.size());
    return out;
}

// The codes of one row in attribute order, in decimal, joined by ','.
std::string codesText(const data::Table& rows, std::size_t row) {
    std::string out;
    for (int a = 0; a < rows.attributeCount(); ++a) {
        if (a > 0) out += ',';
        out += std::to_string(rows.at(row, a));
    }
    return out;
}

std::string orderText(std::uint64_t seed, const std::string& key, const std::string& codes,
                      std::size_t copy) {
    return std::to_string(seed) + ":" + key + ":" + codes + ":" + std::to_string(copy);
}

std::uint64_t bigEndian64(const unsigned char* bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = (v << 8) | bytes[i];
    return v;
}

}  // namespace

// One row of a unit in the step being bounded: its order digest and position.
struct UnitBounder::Candidate {
    Digest digest{};
    std::size_t position = 0;
};

std::string unitKey(const std::string& keyText) {
    std::size_t b = 0, e = keyText.size();
    while (b < e && (keyText[b] == ' ' || keyText[b] == '\t')) ++b;
    while (e > b && (keyText[e - 1] == ' ' || keyText[e - 1] == '\t')) --e;
    return keyText.substr(b, e - b);
}

std::string unitRowOrderText(std::uint64_t seed, const std::string& key, const data::Table& rows,
                             std::size_t row, std::size_t copy) {
    return orderText(seed, key, codesText(rows, row), copy);
}

UnitBounder::UnitBounder(long long maxRowsPerUnit, long long maxRowsPerStep, std::uint64_t seed)
    : m_(maxRowsPerUnit), k_(maxRowsPerStep), seed_(seed) {
    if (m_ < 1)
        throw settingError(kMaxUnitRowsSetting,
                           "the number of rows one privacy unit may contribute over the whole stream (m) "
                           "must be at least 1");
    if (k_ < 1)
        throw settingError(kMaxUnitStepRowsSetting,
                           "the number of rows one privacy unit may contribute in one time step (K) "
                           "must be at least 1");
    if (k_ > m_)
        throw settingError(
            kMaxUnitStepRowsSetting,
            "the rows one privacy unit may contribute in one time step (K = " + std::to_string(k_) +
                ") cannot exceed its rows over the whole stream (m = " + std::to_string(m_) +
                "); lower K or raise m");
}

UnitBounder::UnitId UnitBounder::unitId(const std::string& key) const {
    const Digest d = md5(std::to_string(seed_) + ":" + key);
    return {bigEndian64(d.data()), bigEndian64(d.data() + 8)};
}

long long UnitBounder::keptSoFar(const std::string& keyText) const {
    const std::string key = unitKey(keyText);
    if (key.empty()) return 0;
    const auto it = kept_.find(unitId(key));
    return it == kept_.end() ? 0 : it->second;
}

bool UnitBounder::operator==(const UnitBounder& other) const {
    return m_ == other.m_ && k_ == other.k_ && seed_ == other.seed_ && steps_ == other.steps_ &&
           kept_ == other.kept_;
}

// Gives each of the unit's rows (positions ascending) its digest, numbering
// identical rows by position, and sorts them into release order.
void UnitBounder::orderUnitRows(const data::Table& rows, const std::string& key,
                                std::vector<Candidate>& unitRows) const {
    std::unordered_map<std::string, std::size_t> copies;
    for (Candidate& c : unitRows) {
        const std::string codes = codesText(rows, c.position);
        const std::size_t copy = copies[codes]++;
        c.digest = md5(orderText(seed_, key, codes, copy));
    }
    std::sort(unitRows.begin(), unitRows.end(), [](const Candidate& a, const Candidate& b) {
        return a.digest != b.digest ? a.digest < b.digest : a.position < b.position;
    });
}

// Keeps the unit's rows in release order while it is under m in all and
// under K in this step; `used` (rows kept so far) is advanced.
void UnitBounder::bound(std::vector<Candidate>& unitRows, long long& used, StepBound& out) const {
    long long here = 0;
    for (const Candidate& c : unitRows) {
        if (used >= m_) {
            ++out.droppedByTotal;
        } else if (here >= k_) {
            ++out.droppedByStep;
        } else {
            out.kept.push_back(c.position);
            ++used;
            ++here;
        }
    }
}

StepBound UnitBounder::apply(const data::Table& stepRows, const std::vector<std::string>& keys) {
    if (keys.size() != stepRows.rowCount())
        throw inputError(
            "the privacy-unit key column does not give one key for every row of this step; every row "
            "needs a key (an empty key makes the row its own unit)");
    StepBound out;
    // The step's rows by unit, units in first-seen order (the result does not
    // depend on that order: units are bounded independently).
    std::unordered_map<std::string, std::size_t> unitIndex;
    std::vector<std::string> unitKeys;
    std::vector<std::vector<Candidate>> unitRows;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        std::string key = unitKey(keys[i]);
        if (key.empty()) {
            out.kept.push_back(i);
            ++out.ownUnitRows;
            continue;
        }
        const auto [it, fresh] = unitIndex.emplace(key, unitKeys.size());
        if (fresh) {
            unitKeys.push_back(std::move(key));
            unitRows.emplace_back();
        }
        unitRows[it->second].push_back({Digest{}, i});
    }
    for (std::size_t u = 0; u < unitKeys.size(); ++u) {
        orderUnitRows(stepRows, unitKeys[u], unitRows[u]);
        const UnitId id = unitId(unitKeys[u]);
        const auto found = kept_.find(id);
        long long used = found == kept_.end() ? 0 : found->second;
        bound(unitRows[u], used, out);
        kept_[id] = used;
    }
    std::sort(out.kept.begin(), out.kept.end());
    ++steps_;
    return out;
}

}  // namespace streamsynth::stream
