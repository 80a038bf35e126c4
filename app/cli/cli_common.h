// Shared helpers of the CLI commands: option parsing with uniform errors,
// number parsing that names the option, and printing.
#pragma once

#include <QCommandLineParser>
#include <QString>
#include <cstdint>
#include <string>
#include <vector>

#include "core/values/output_file.h"
#include "core/values/run_config.h"

namespace streamsynth::cli {

// Parses args; on --help prints the help and returns false (the command then
// returns kExitOk). Unknown options or positional arguments throw a setting Error.
bool parseOrHelp(QCommandLineParser& parser, const QStringList& args, const QString& description);

// Value of a required option; throws a setting Error naming it when missing.
QString requireOption(const QCommandLineParser& parser, const QString& name);

// "a,b,c" -> {"a","b","c"} (trimmed); an empty item ("1,,2", "1,") or an
// empty list is refused, naming --option.
std::vector<std::string> splitOptionList(const QString& text, const QString& option);

double parseDouble(const QString& text, const QString& option);
// --one-way-share when given (run, inspect, plan): "auto" (the rule of
// stream/one_way_share.h) or a number F (rule fixed, share F; the range is
// checked where the settings are validated).
void readOneWayShare(const QCommandLineParser& parser, stream::OneWayShareRule& rule, double& share);
// --tracked-blocks K|off into `blocks` when set (off: 0, every step); K between 0 and 10⁶.
void readTrackedBlocks(const QCommandLineParser& parser, double& blocks);
// The option's help text, the same in every command.
QString oneWayShareHelp();
long long parseInteger(const QString& text, const QString& option, long long min, long long max);
std::uint64_t parseSeed(const QString& text, const QString& option);

// --verbose-errors (any command; cli_main takes it out of the arguments):
// messages and notes may then quote private values of the data.
void setVerboseErrors(bool on);
bool verboseErrors();

// Writes text to stdout (UTF-8) or to a file (atomically) when path is
// non-empty; Private for text computed from private data (mode 0600).
void writeOutput(const QString& path, const std::string& text, FileAccess access = FileAccess::Shared);

}  // namespace streamsynth::cli
