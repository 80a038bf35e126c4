// Implementation of the CLI helpers.
#include "cli/cli_common.h"

#include <cmath>
#include <cstdio>

#include "core/values/error.h"
#include "core/values/message_text.h"
#include "core/values/output_file.h"

namespace streamsynth::cli {

namespace {
bool gVerboseErrors = false;  // set once by main before a command runs
}  // namespace

void setVerboseErrors(bool on) {
    gVerboseErrors = on;
}
bool verboseErrors() {
    return gVerboseErrors;
}

bool parseOrHelp(QCommandLineParser& parser, const QStringList& args, const QString& description) {
    parser.setApplicationDescription(description);
    const QCommandLineOption help(QStringList{"h", "help"}, "Show this help.");
    parser.addOption(help);
    if (!parser.parse(args)) throw settingError("command line", parser.errorText().toStdString());
    if (parser.isSet(help)) {
        // Qt names the program by the path it was started with ("./streamsynth-cli"); the
        // usage line says the command instead (args' first item: "streamsynth-cli run").
        QString text = parser.helpText();
        const qsizetype end = text.indexOf(QLatin1Char('\n'));
        if (text.startsWith(QLatin1String("Usage: ")) && end > 0 && !args.isEmpty())
            text.replace(0, end, QStringLiteral("Usage: ") + args.first() + QStringLiteral(" [options]"));
        writeStandardOutput(text.toStdString());
        return false;
    }
    if (!parser.positionalArguments().isEmpty())
        throw settingError("command line", "unexpected argument '" +
                                               parser.positionalArguments().first().toStdString() + "'");
    return true;
}

QString requireOption(const QCommandLineParser& parser, const QString& name) {
    if (!parser.isSet(name)) throw settingError("--" + name.toStdString(), "this option is required");
    return parser.value(name);
}

std::vector<std::string> splitOptionList(const QString& text, const QString& option) {
    std::vector<std::string> out;
    for (const QString& part : text.split(',')) {
        const QString item = part.trimmed();
        if (item.isEmpty())
            throw settingError(
                "--" + option.toStdString(),
                quotedText(text.toStdString()) + " has an empty item; separate values by single commas");
        out.push_back(item.toStdString());
    }
    return out;
}

double parseDouble(const QString& text, const QString& option) {
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || !std::isfinite(v))
        throw settingError("--" + option.toStdString(),
                           quotedText(text.toStdString()) + " is not a finite number");
    return v;
}

void readOneWayShare(const QCommandLineParser& parser, stream::OneWayShareRule& rule, double& share) {
    if (!parser.isSet("one-way-share")) return;
    const QString text = parser.value("one-way-share").trimmed();
    if (text == QStringLiteral("auto")) {
        rule = stream::OneWayShareRule::Auto;
        return;
    }
    share = parseDouble(text, "one-way-share");
    rule = stream::OneWayShareRule::Fixed;
}

void readTrackedBlocks(const QCommandLineParser& parser, double& blocks) {
    if (!parser.isSet("tracked-blocks")) return;
    const QString text = parser.value("tracked-blocks").trimmed();
    blocks = text == QStringLiteral("off") ? 0.0 : parseDouble(text, "tracked-blocks");
    if (!(blocks >= 0 && blocks <= 1e6))
        throw settingError("--tracked-blocks",
                           "the tracked counters' block rule must be between 0 (every step) and 1000000");
}

QString oneWayShareHelp() {
    return QStringLiteral(
        "Proposed: share of each step's budget for continual 1-way marginals of every attribute: auto "
        "(default: 0.5 when the batch size times the per-step epsilon is between 50 and 200, else 0.2; "
        "0.2 on time steps, whose rows per step are private) or a fixed share F (0 = the paper's "
        "streamer; at most 0.5).");
}

long long parseInteger(const QString& text, const QString& option, long long min, long long max) {
    bool ok = false;
    const long long v = text.toLongLong(&ok);
    if (!ok)
        throw settingError("--" + option.toStdString(),
                           quotedText(text.toStdString()) + " is not a whole number");
    if (v < min || v > max)
        throw settingError("--" + option.toStdString(), "must be between " + std::to_string(min) + " and " +
                                                            std::to_string(max) + ", got " +
                                                            std::to_string(v));
    return v;
}

std::uint64_t parseSeed(const QString& text, const QString& option) {
    bool ok = false;
    const qulonglong v = text.toULongLong(&ok);
    if (!ok)
        throw settingError("--" + option.toStdString(),
                           quotedText(text.toStdString()) + " is not a seed (a whole number >= 0)");
    return v;
}

void writeOutput(const QString& path, const std::string& text, FileAccess access) {
    if (path.isEmpty() || path == "-") return writeStandardOutput(text);
    WriteOptions options;
    options.access = access;
    writeOutputFile(path.toStdString(), text, options);
}

}  // namespace streamsynth::cli
