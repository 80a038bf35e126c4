// Reading the time attribute of a stream: ISO dates and datetimes,
// US dates (3/18/20, 03/18/2020), month-name dates (Jun 12 1998,
// June 12, 1998, 12 Jun 1998), plain numbers (for "every N units"), or an
// explicit Qt date/time format. Calendar arithmetic is proleptic Gregorian
// on day numbers (days since 1970-01-01), independent of time zones. Used
// by the stream's time column and by the schema's date attributes.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace streamsynth::stream {

struct TimeValue {
    enum class Kind { Date, Number };
    Kind kind = Kind::Date;
    long long day = 0;    // Date: days since 1970-01-01
    int secondOfDay = 0;  // Date: 0..86399 (0 for a bare date); offsets are ignored (time as written)
    double number = 0;    // Number: the value
};

// nullopt when text is not a time. With a non-empty format (Qt QDateTime
// syntax, e.g. "dd.MM.yyyy"), only that format is tried. Two-digit years
// follow POSIX: 69-99 -> 1969-1999, 00-68 -> 2000-2068.
std::optional<TimeValue> parseTime(std::string_view text, const std::string& format = {});
// The same with the dates with slashes (3/18/20, 18/03/2020) read day first
// when dayFirst (see slashDates), month first (the US order) otherwise.
std::optional<TimeValue> parseTime(std::string_view text, const std::string& format, bool dayFirst);

// How a column's dates with slashes read. A value that is a valid date one
// way only (18/03/2020: day first; 03/18/2020: month first) is evidence; one
// valid both ways with two different dates (03/04/2020) is ambiguous.
struct SlashDates {
    enum class Order { None, MonthFirst, DayFirst, Ambiguous, Mixed };
    Order order = Order::None;
    long long dayFirstOnly = 0, monthFirstOnly = 0, ambiguous = 0;
};
SlashDates slashDates(const std::vector<std::string>& values);

// Civil calendar helpers (H. Hinnant's algorithms).
long long daysFromCivil(int year, int month, int day);
void civilFromDays(long long days, int& year, int& month, int& day);
// 0 = Monday .. 6 = Sunday.
int weekday(long long days);
// "2019-03-04".
std::string isoDate(long long days);

}  // namespace streamsynth::stream
