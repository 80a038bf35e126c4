// Reading `--config FILE` into command-line options; see config_file.h.
#include "cli/config_file.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/json_keys.h"
#include "core/values/json_syntax.h"
#include "core/values/message_text.h"

namespace streamsynth::cli {

namespace {

// The config file and the key at fault (--config for the file as a whole).
ErrorContext configContext(const QString& path, const std::string& key) {
    ErrorContext ctx;
    ctx.file = path.toStdString();
    ctx.setting = key.empty() ? std::string("--config") : key;
    return ctx;
}

Error configError(const QString& path, const std::string& key, const std::string& message) {
    return Error(ErrorKind::Setting, message, configContext(path, key));
}

QJsonObject parseObject(const QString& path, const std::string& bytes) {
    const QJsonDocument doc =
        parseJsonText(bytes, ErrorKind::Setting, "the config file", configContext(path, {}));
    if (DuplicateKey dup; doc.isObject() && findDuplicateKey(bytes, &dup))
        throw configError(path, dup.key,
                          "this key appears twice in the config file (the later value would silently win); "
                          "keep one");
    if (!doc.isObject())
        throw configError(path, {},
                          std::string("the config file must be one JSON object {\"option\": value, ...}, "
                                      "not ") +
                              (doc.isArray() ? "an array" : "a single value"));
    return doc.object();
}

// "--key value" (or "--key" for true) for one entry of the object.
QStringList optionsOf(const QString& path, const QString& key, const QJsonValue& v) {
    const std::string k = key.toStdString();
    if (key == "config" || key.startsWith('-') || key.isEmpty())
        throw configError(path, k, "use the long option names without dashes as keys (not --config itself)");
    if (v.isBool())
        return v.toBool() ? QStringList{"--" + key} : QStringList{};  // false: the flag is not set
    QStringList parts;
    for (const QJsonValue& e : v.isArray() ? v.toArray() : QJsonArray{v}) {
        if (!e.isString() && !e.isDouble())
            throw configError(path, k, "give a string, a number, a list of them, or true/false");
        parts << e.toVariant().toString();
    }
    if (parts.isEmpty()) throw configError(path, k, "an empty list gives no value");
    return {"--" + key, parts.join(',')};
}

}  // namespace

ConfigOrigin::ConfigOrigin(QString path, const QStringList& keys, const QStringList& commandLine)
    : path_(std::move(path)) {
    for (const QString& key : keys) {
        const QString option = QStringLiteral("--") + key;
        const bool again = std::any_of(commandLine.begin(), commandLine.end(), [&](const QString& a) {
            return a == option || a.startsWith(option + QLatin1Char('='));
        });
        if (!again) keys_ << key;
    }
}

Error ConfigOrigin::blame(const Error& e) const {
    QString setting = QString::fromStdString(e.context().setting);
    while (setting.startsWith(QLatin1Char('-'))) setting.remove(0, 1);
    if (path_.isEmpty() || !e.context().file.empty() || !keys_.contains(setting)) return e;
    ErrorContext context = e.context();
    context.file = path_.toStdString();
    return Error(e.kind(), e.message() + " (given by the config file)", context);
}

QStringList withConfigFile(QCommandLineParser& parser, const QStringList& args, ConfigOrigin* origin) {
    QString path;
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == "--config" && i + 1 < args.size())
            path = args[i + 1];
        else if (args[i].startsWith("--config="))
            path = args[i].mid(9);
    }
    if (path.isEmpty()) return args;
    std::string bytes;
    try {
        bytes = readInputFile(path.toStdString(), {InputRole::Config, kMaxConfigBytes});
    } catch (const Error& e) {
        throw configError(path, {}, e.message());
    }
    const QStringList out = withConfigText(parser, args, path, bytes);
    if (origin) {
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(bytes)).object();
        *origin = ConfigOrigin(path, o.keys(), args.mid(1));
    }
    return out;
}

QStringList withConfigText(QCommandLineParser& parser, const QStringList& args, const QString& path,
                           const std::string& bytes) {
    const QJsonObject o = parseObject(path, bytes);
    QStringList fromFile;
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QStringList opts = optionsOf(path, it.key(), it.value());
        // Each key alone through the command's own parser: an unknown key
        // (a typo) is named with the file, not as a "command line" problem.
        if (!opts.isEmpty() && !parser.parse(QStringList{args.first()} + opts)) {
            // true for an option that takes a value parses as the bare option.
            if (it.value().isBool() && parser.errorText().startsWith(QStringLiteral("Missing value")))
                throw configError(path, it.key().toStdString(),
                                  "this option takes a value (a number or text), not true or false");
            throw configError(path, it.key().toStdString(),
                              "not an option of this command (" +
                                  boundedText(parser.errorText().toStdString()) +
                                  "); keys are the command's long option names");
        }
        if (!opts.isEmpty() && !parser.positionalArguments().isEmpty())
            throw configError(path, it.key().toStdString(), "this option is a flag: give true or false");
        fromFile << opts;
    }
    QStringList out{args.first()};
    out << fromFile << args.mid(1);
    return out;
}

}  // namespace streamsynth::cli
