// libFuzzer target: the time parser (core/common/time_parser.h). The first
// byte picks a format (none, or one of a few Qt formats); a parsed date must
// print as an ISO date and convert back to the same day.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/common/time_parser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    static const char* const kFormats[] = {"", "dd.MM.yyyy", "yyyy-MM-dd HH:mm", "MMM d yyyy", "yyyyMMdd"};
    const std::string format = kFormats[data[0] % (sizeof kFormats / sizeof kFormats[0])];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    using namespace streamsynth::stream;
    const auto value = parseTime(text, format);
    if (value && value->kind == TimeValue::Kind::Date) {
        if (value->secondOfDay < 0 || value->secondOfDay > 86399) __builtin_trap();
        int y = 0, m = 0, d = 0;
        civilFromDays(value->day, y, m, d);
        if (daysFromCivil(y, m, d) != value->day) __builtin_trap();
        (void)isoDate(value->day);
        (void)weekday(value->day);
    }
    return 0;
}
