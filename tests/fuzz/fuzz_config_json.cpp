// libFuzzer target: the config file reader of the CLI (app/cli/config_file.h)
// with a parser holding options of each kind (values, a list, a flag).
#include <QCommandLineParser>
#include <cstddef>
#include <cstdint>
#include <string>

#include "cli/config_file.h"
#include "core/values/error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    QCommandLineParser parser;
    parser.addOption({"epsilon", "budgets", "E"});
    parser.addOption({"series", "series", "S"});
    parser.addOption({"batch", "batch", "B"});
    parser.addOption({"json", "a flag"});
    try {
        const QStringList args = streamsynth::cli::withConfigText(
            parser, {"streamsynth-cli run", "--config", "fuzz.json", "--batch", "10"}, "fuzz.json", text);
        (void)parser.parse(args);
    } catch (const streamsynth::Error&) {
    }
    return 0;
}
