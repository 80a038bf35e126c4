// `run --config FILE`: a JSON object whose keys are long option names
// ("batch": 50, "series": "baseline,proposed:simple", "epsilon": [0.5, 1],
// "json": true). Its options are placed before the command line's, so a flag
// given on the command line overrides the file (QCommandLineParser keeps the
// last value). Every refusal names the config file and the key.
#pragma once

#include <QCommandLineParser>
#include <QStringList>
#include <string>

#include "core/values/error.h"

namespace streamsynth::cli {

// args with the config file's options inserted after args[0]; args itself
// when there is no --config. `parser` must hold every option of the command:
// a key that is not one of them is refused (setting Error with the file and
// the key), as is a file that is not a JSON object or a value that is not a
// string, number, bool or list of strings/numbers. `parser` is left parsed
// with the file's options alone; parse it again with the result.
// origin (optional) learns which options the file gave.
class ConfigOrigin;
QStringList withConfigFile(QCommandLineParser& parser, const QStringList& args,
                           ConfigOrigin* origin = nullptr);

// The options a config file gave and the command line did not give again:
// a refusal of one of their values (checked after parsing, e.g. "2000.5 is
// not a whole number") then names the file, as the file's own refusals do.
class ConfigOrigin {
public:
    ConfigOrigin() = default;
    ConfigOrigin(QString path, const QStringList& keys, const QStringList& commandLine);
    // e with the config file as its file when e names no file and its setting
    // is one of the file's options; e itself otherwise.
    Error blame(const Error& e) const;

private:
    QString path_;
    QStringList keys_;  // long option names, without dashes
};

// The same for the file's text already read (`bytes`, named `path` in
// refusals): what withConfigFile does after reading the file. The config
// reader's fuzz target (tests/fuzz) drives this.
QStringList withConfigText(QCommandLineParser& parser, const QStringList& args, const QString& path,
                           const std::string& bytes);

}  // namespace streamsynth::cli
