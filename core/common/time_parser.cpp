// Hand-written date parsing (no regex: it runs once per row of large files).
#include "core/common/time_parser.h"

#include <QDateTime>
#include <QString>
#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace streamsynth::stream {

long long daysFromCivil(int y, int m, int d) {
    y -= m <= 2;
    const long long era = (y >= 0 ? y : y - 399) / 400;
    const long long yoe = y - era * 400;
    const long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

void civilFromDays(long long z, int& year, int& month, int& day) {
    z += 719468;
    const long long era = (z >= 0 ? z : z - 146096) / 146097;
    const long long doe = z - era * 146097;
    const long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const long long mp = (5 * doy + 2) / 153;
    day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    year = static_cast<int>(yoe + era * 400 + (month <= 2));
}

int weekday(long long days) {
    // 1970-01-01 was a Thursday (3 with Monday = 0).
    return static_cast<int>(((days + 3) % 7 + 7) % 7);
}

std::string isoDate(long long days) {
    int y, m, d;
    civilFromDays(days, y, m, d);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", y, m, d);
    return buf;
}

namespace {

bool isLeap(int y) {
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}
int daysInMonth(int y, int m) {
    static constexpr std::array<int, 12> kDays{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && isLeap(y) ? 29 : kDays[static_cast<size_t>(m - 1)];
}

struct Cursor {
    std::string_view s;
    size_t i = 0;
    bool done() const { return i >= s.size(); }
    char peek() const { return done() ? '\0' : s[i]; }
    bool eat(char c) {
        if (peek() != c) return false;
        ++i;
        return true;
    }
    // Reads 1..maxDigits digits; returns digit count (0 = none).
    int number(int maxDigits, int& value) {
        int n = 0;
        value = 0;
        while (!done() && n < maxDigits && std::isdigit(static_cast<unsigned char>(s[i]))) {
            value = value * 10 + (s[i] - '0');
            ++i;
            ++n;
        }
        // More digits than allowed: not this shape.
        if (!done() && n == maxDigits && std::isdigit(static_cast<unsigned char>(s[i]))) return 0;
        return n;
    }
    void spaces() {
        while (!done() && s[i] == ' ') ++i;
    }
};

std::optional<TimeValue> makeDate(int y, int m, int d, int seconds) {
    if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return std::nullopt;
    TimeValue v;
    v.kind = TimeValue::Kind::Date;
    v.day = daysFromCivil(y, m, d);
    v.secondOfDay = seconds;
    return v;
}

int pivotYear(int yy) {
    return yy >= 69 ? 1900 + yy : 2000 + yy;
}

// Optional time of day at the cursor: HH:MM[:SS[.fff]] [AM|PM] [Z|±HH[:MM]].
// Returns false when something unreadable follows.
bool timeOfDay(Cursor& c, int& seconds) {
    seconds = 0;
    if (c.done()) return true;
    if (!c.eat('T') && !c.eat(' ')) return false;
    c.spaces();
    int h, mi, se = 0;
    if (!c.number(2, h) || !c.eat(':') || c.number(2, mi) != 2) return false;
    if (c.eat(':')) {
        if (c.number(2, se) != 2) return false;
        if (c.eat('.') || c.eat(',')) {
            int frac;
            while (c.number(9, frac) == 9) {
            }
        }
    }
    c.spaces();
    if (c.s.substr(c.i).size() >= 2) {
        const char a = static_cast<char>(std::toupper(static_cast<unsigned char>(c.s[c.i])));
        const char b = static_cast<char>(std::toupper(static_cast<unsigned char>(c.s[c.i + 1])));
        if ((a == 'A' || a == 'P') && b == 'M') {
            if (h < 1 || h > 12) return false;
            h = h % 12 + (a == 'P' ? 12 : 0);
            c.i += 2;
        }
    }
    if (c.eat('Z')) {
    } else if (c.peek() == '+' || c.peek() == '-') {
        ++c.i;
        int oh, om;
        if (c.number(2, oh) != 2) return false;
        c.eat(':');
        c.number(2, om);
    }
    if (!c.done() || h > 23 || mi > 59 || se > 60) return false;
    seconds = h * 3600 + mi * 60 + std::min(se, 59);
    return true;
}

// 2019-03-04, 2019/03/04, with an optional time.
std::optional<TimeValue> parseIso(std::string_view s) {
    Cursor c{s};
    int y, m, d;
    if (c.number(4, y) != 4) return std::nullopt;
    const char sep = c.peek();
    if (sep != '-' && sep != '/') return std::nullopt;
    ++c.i;
    if (!c.number(2, m) || !c.eat(sep) || !c.number(2, d)) return std::nullopt;
    int seconds;
    if (!timeOfDay(c, seconds)) return std::nullopt;
    return makeDate(y, m, d, seconds);
}

// 3/18/20, 03/18/2020 (month first, as in US files; day first when
// dayFirst), with an optional time.
std::optional<TimeValue> parseUs(std::string_view s, bool dayFirst = false) {
    Cursor c{s};
    int m, d, y;
    if (!c.number(2, m) || !c.eat('/') || !c.number(2, d) || !c.eat('/')) return std::nullopt;
    if (dayFirst) std::swap(m, d);
    const int yd = c.number(4, y);
    if (yd == 2)
        y = pivotYear(y);
    else if (yd != 4)
        return std::nullopt;
    int seconds;
    if (!timeOfDay(c, seconds)) return std::nullopt;
    return makeDate(y, m, d, seconds);
}

int monthFromName(std::string_view w) {
    static constexpr std::array<const char*, 12> kNames{"january",   "february", "march",    "april",
                                                        "may",       "june",     "july",     "august",
                                                        "september", "october",  "november", "december"};
    if (w.size() < 3) return 0;
    for (size_t m = 0; m < 12; ++m) {
        const std::string_view full = kNames[m];
        if (w.size() > full.size()) continue;
        bool ok = true;
        for (size_t k = 0; k < w.size() && ok; ++k)
            ok = std::tolower(static_cast<unsigned char>(w[k])) == full[k];
        // "Sept" is the one common 4-letter abbreviation; otherwise 3 letters or the full name.
        if (ok && (w.size() == 3 || w.size() == full.size() || (m == 8 && w.size() == 4)))
            return static_cast<int>(m) + 1;
    }
    return 0;
}

// Jun 12 1998, June 12, 1998, 12 Jun 1998, 12-Jun-1998, optional time after.
std::optional<TimeValue> parseMonthName(std::string_view s) {
    std::array<std::string_view, 3> tok;
    size_t i = 0;
    for (int t = 0; t < 3; ++t) {
        while (i < s.size() && (s[i] == ' ' || s[i] == ',' || s[i] == '-' || (s[i] == '.' && t > 0))) ++i;
        const size_t b = i;
        while (i < s.size() && s[i] != ' ' && s[i] != ',' && s[i] != '-' && s[i] != '.') ++i;
        if (b == i) return std::nullopt;
        tok[static_cast<size_t>(t)] = s.substr(b, i - b);
    }
    while (i < s.size() && s[i] == '.') ++i;  // "Jun. 12 1998" leaves a dot only after the month
    auto asInt = [](std::string_view w, int maxDigits, int& v) {
        Cursor c{w};
        const int n = c.number(maxDigits, v);
        return c.done() ? n : 0;
    };
    int m = monthFromName(tok[0]), d = 0, y = 0, yd = 0;
    if (m) {
        if (!asInt(tok[1], 2, d)) return std::nullopt;
        yd = asInt(tok[2], 4, y);
    } else if ((m = monthFromName(tok[1]))) {
        if (!asInt(tok[0], 2, d)) return std::nullopt;
        yd = asInt(tok[2], 4, y);
    } else {
        return std::nullopt;
    }
    if (yd == 2)
        y = pivotYear(y);
    else if (yd != 4)
        return std::nullopt;
    Cursor c{s, i};
    int seconds;
    if (!timeOfDay(c, seconds)) return std::nullopt;
    return makeDate(y, m, d, seconds);
}

std::optional<TimeValue> parseNumber(std::string_view s) {
    size_t i = 0;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
    size_t digits = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++digits;
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++digits;
    }
    if (digits == 0 || i != s.size()) return std::nullopt;
    TimeValue v;
    v.kind = TimeValue::Kind::Number;
    v.number = std::strtod(std::string(s).c_str(), nullptr);
    return v;
}

std::optional<TimeValue> parseWithFormat(std::string_view s, const std::string& format) {
    const QString text = QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
    const QString fmt = QString::fromStdString(format);
    QDateTime dt = QDateTime::fromString(text, fmt);
    QDate date;
    int seconds = 0;
    if (dt.isValid()) {
        date = dt.date();
        seconds = dt.time().msecsSinceStartOfDay() / 1000;
    } else {
        date = QDate::fromString(text, fmt);
        if (!date.isValid()) return std::nullopt;
    }
    return makeDate(date.year(), date.month(), date.day(), seconds);
}

}  // namespace

std::optional<TimeValue> parseTime(std::string_view text, const std::string& format) {
    return parseTime(text, format, false);
}

namespace {
// Trim spaces, tabs and quotes left by sloppy exports.
std::string_view trimmedTime(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}
}  // namespace

std::optional<TimeValue> parseTime(std::string_view text, const std::string& format, bool dayFirst) {
    text = trimmedTime(text);
    if (text.empty()) return std::nullopt;
    if (!format.empty()) return parseWithFormat(text, format);
    if (auto v = parseIso(text)) return v;
    if (auto v = parseUs(text, dayFirst)) return v;
    if (auto v = parseNumber(text)) return v;
    return parseMonthName(text);
}

SlashDates slashDates(const std::vector<std::string>& values) {
    SlashDates out;
    for (const std::string& value : values) {
        const std::string_view text = trimmedTime(value);
        const auto month = parseUs(text, false), day = parseUs(text, true);
        if (day && !month)
            ++out.dayFirstOnly;
        else if (month && !day)
            ++out.monthFirstOnly;
        else if (month && day && month->day != day->day)
            ++out.ambiguous;
    }
    using O = SlashDates::Order;
    if (out.dayFirstOnly > 0)
        out.order = out.monthFirstOnly > 0 ? O::Mixed : O::DayFirst;
    else if (out.monthFirstOnly > 0)
        out.order = O::MonthFirst;
    else if (out.ambiguous > 0)
        out.order = O::Ambiguous;
    return out;
}

}  // namespace streamsynth::stream
