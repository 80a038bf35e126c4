// Text forms of the release period and the batch order, as typed by users
// and stored in schema files. periodToString gives the canonical form, which
// parsePeriod reads back to the same settings.
#include "core/values/stream_settings.h"

#include <cctype>
#include <charconv>
#include <vector>

#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/privacy_unit.h"

namespace streamsynth::data {

namespace {

// Lower case, words separated by single spaces, digits split from letters
// ("2weeks" -> "2 weeks") so that both spellings share one grammar.
std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        if (!cur.empty()) out.push_back(cur);
        cur.clear();
    };
    for (char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isspace(c) || ch == '-' || ch == '_') {
            flush();
            continue;
        }
        const char lc = static_cast<char>(std::tolower(c));
        if (!cur.empty() &&
            (std::isdigit(static_cast<unsigned char>(cur.back())) != 0) != (std::isdigit(c) != 0))
            flush();
        cur.push_back(lc);
    }
    flush();
    return out;
}

// Unit word (singular or plural) -> unit; false if unknown.
bool unitWord(const std::string& w, PeriodUnit& unit) {
    struct Entry {
        const char* singular;
        PeriodUnit unit;
    };
    static const Entry entries[] = {
        {"day", PeriodUnit::Day},     {"week", PeriodUnit::Week},       {"fortnight", PeriodUnit::TwoWeeks},
        {"month", PeriodUnit::Month}, {"quarter", PeriodUnit::Quarter}, {"year", PeriodUnit::Year},
        {"unit", PeriodUnit::Units},
    };
    for (const Entry& e : entries) {
        const std::string s = e.singular;
        if (w == s || w == s + "s") {
            unit = e.unit;
            return true;
        }
    }
    return false;
}

// Adjectives: "daily", "weekly", ...
bool adjective(const std::string& w, PeriodUnit& unit) {
    struct Entry {
        const char* word;
        PeriodUnit unit;
    };
    static const Entry entries[] = {
        {"daily", PeriodUnit::Day},         {"weekly", PeriodUnit::Week},
        {"biweekly", PeriodUnit::TwoWeeks}, {"fortnightly", PeriodUnit::TwoWeeks},
        {"monthly", PeriodUnit::Month},     {"quarterly", PeriodUnit::Quarter},
        {"yearly", PeriodUnit::Year},       {"annual", PeriodUnit::Year},
        {"annually", PeriodUnit::Year},
    };
    for (const Entry& e : entries)
        if (w == e.word) {
            unit = e.unit;
            return true;
        }
    return false;
}

bool number(const std::string& w, int& n) {
    static const char* spelled[] = {"one", "two",   "three", "four", "five",
                                    "six", "seven", "eight", "nine", "ten"};
    for (int i = 0; i < 10; ++i)
        if (w == spelled[i]) {
            n = i + 1;
            return true;
        }
    if (w == "a" || w == "an") {
        n = 1;
        return true;
    }
    const char* b = w.data();
    const char* e = b + w.size();
    const auto r = std::from_chars(b, e, n);
    return r.ec == std::errc() && r.ptr == e;
}

[[noreturn]] void badPeriod(const std::string& text) {
    throw settingError("period",
                       "'" + text +
                           "' is not a release period; use day, week, 2weeks, month, quarter, year, "
                           "or 'N days', 'N weeks', 'N months', 'N quarters', 'N years', 'N units'");
}

}  // namespace

TimeSettings parsePeriod(const std::string& text, TimeSettings base) {
    for (std::size_t i = 0; i + 1 < text.size(); ++i)
        if (text[i] == '-' && std::isdigit(static_cast<unsigned char>(text[i + 1])))
            badPeriod(text);  // "-2 weeks"
    std::vector<std::string> w = words(text);
    if (!w.empty() && w.front() == "every") w.erase(w.begin());
    PeriodUnit unit{};
    int count = 1;
    if (w.size() == 1 && (unitWord(w[0], unit) || adjective(w[0], unit))) {
        // "week", "weekly", "months"
    } else if (w.size() == 2 && number(w[0], count) && unitWord(w[1], unit)) {
        if (count < 1) throw settingError("period", "the number of periods must be at least 1, not " + w[0]);
        // "2weeks" / "two weeks" name the two-week period itself; "2 weeks"
        // with digits and a space is "every 2 weeks" (the same length).
        bool glued = false;
        for (std::size_t i = 0; i + 1 < text.size(); ++i)
            glued = glued || (std::isdigit(static_cast<unsigned char>(text[i])) &&
                              std::isalpha(static_cast<unsigned char>(text[i + 1])));
        const bool spelled = w[0] == "two";
        if (unit == PeriodUnit::Week && count == 2 && (glued || spelled)) {
            unit = PeriodUnit::TwoWeeks;
            count = 1;
        }
    } else {
        badPeriod(text);
    }
    base.unit = unit;
    base.count = count;
    return base;
}

std::string periodToString(const TimeSettings& s) {
    const char* name = "week";
    switch (s.unit) {
        case PeriodUnit::Day:
            name = "day";
            break;
        case PeriodUnit::Week:
            name = "week";
            break;
        case PeriodUnit::TwoWeeks:
            if (s.count == 1) return "2weeks";
            name = "fortnight";
            break;
        case PeriodUnit::Month:
            name = "month";
            break;
        case PeriodUnit::Quarter:
            name = "quarter";
            break;
        case PeriodUnit::Year:
            name = "year";
            break;
        case PeriodUnit::Units:
            name = "unit";
            break;
    }
    if (s.count == 1) return name;
    return std::to_string(s.count) + " " + name + "s";
}

BatchOrder parseBatchOrder(const std::string& text) {
    const std::vector<std::string> w = words(text);
    if (w.size() == 1) {
        if (w[0] == "random" || w[0] == "randomized" || w[0] == "shuffled") return BatchOrder::Random;
        if (w[0] == "sorted" || w[0] == "ordered") return BatchOrder::Sorted;
        if (w[0] == "hash" || w[0] == "hashed") return BatchOrder::Hash;
    }
    throw settingError("batch order", quotedText(text) + " is not a batch order; use random, sorted or hash");
}

std::string describeStream(const StreamSettings& s) {
    if (s.time) return periodToString(*s.time) + " on " + s.time->column;
    if (s.batch)
        return "batches of " + std::to_string(s.batch->size) + ", " + batchOrderToString(s.batch->order) +
               " order";
    return "no stream settings";
}

std::string describeProtection(const std::optional<UnitSettings>& unit) {
    if (!unit) return privacy::protectionClause({}, {});
    return privacy::protectionClause({unit->maxRows, unit->maxRowsPerStep}, unit->column);
}

void validateUnitSettings(const UnitSettings& unit) {
    if (unit.column.empty())
        throw settingError("privacy-unit", "the privacy unit needs the name of its key column");
    privacy::validateUnitBound({unit.maxRows, unit.maxRowsPerStep});
}

std::string batchOrderToString(BatchOrder order) {
    switch (order) {
        case BatchOrder::Sorted:
            return "sorted";
        case BatchOrder::Hash:
            return "hash";
        case BatchOrder::Random:
            break;
    }
    return "random";
}

}  // namespace streamsynth::data
