// libFuzzer target: the schema JSON reader (core/values/schema.h). A schema it
// accepts must also survive the writer and read back equal.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/values/error.h"
#include "core/values/schema.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const streamsynth::data::Schema schema = streamsynth::data::parseSchemaJson(text, "fuzz.json");
        const streamsynth::data::Schema again =
            streamsynth::data::parseSchemaJson(streamsynth::data::schemaToJson(schema), "fuzz-again.json");
        if (!(again == schema)) __builtin_trap();
    } catch (const streamsynth::Error&) {
    }
    return 0;
}
