// libFuzzer target: the CSV/TSV reader (core/data/csv_reader.h) on any
// bytes, with the delimiter detected and with each forced delimiter. A
// refusal is a streamsynth::Error; anything else (a crash, a sanitizer
// report, another exception) is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/data/csv_reader.h"
#include "core/values/error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const char delimiter : {'\0', ',', ';', '\t', '|'}) {
        streamsynth::data::CsvOptions options;
        options.delimiter = delimiter;
        try {
            const streamsynth::data::RawTable raw = streamsynth::data::parseCsv(text, "fuzz.csv", options);
            // The shape the reader promises: every column as long as the rows.
            for (const auto& column : raw.columns)
                if (column.size() != raw.rowCount()) __builtin_trap();
        } catch (const streamsynth::Error&) {
        }
    }
    return 0;
}
