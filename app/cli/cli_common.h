// Shared helpers of the CLI commands: option parsing with uniform errors,
// number parsing that names the option, and printing.
#pragma once

#include <QCommandLineParser>
#include <QString>
#include <cstdint>
#include <string>

namespace streamsynth::cli {

// Parses args; on --help prints the help and returns false (the command then
// returns kExitOk). Unknown options or positional arguments throw a setting Error.
bool parseOrHelp(QCommandLineParser& parser, const QStringList& args, const QString& description);

// Value of a required option; throws a setting Error naming it when missing.
QString requireOption(const QCommandLineParser& parser, const QString& name);

double parseDouble(const QString& text, const QString& option);
long long parseInteger(const QString& text, const QString& option, long long min, long long max);
std::uint64_t parseSeed(const QString& text, const QString& option);

// --verbose-errors (any command; cli_main takes it out of the arguments):
// messages and notes may then quote private values of the data.
void setVerboseErrors(bool on);
bool verboseErrors();

// Writes text to stdout (UTF-8) or to a file (atomically) when path is non-empty.
void writeOutput(const QString& path, const std::string& text);

}  // namespace streamsynth::cli
