// The dispatcher of streamsynth-cli: finds the registered sub-command,
// runs it, and turns every streamsynth::Error into a plain message on stderr
// and a documented exit code. Shared by app/cli_main.cpp and the crash tests'
// executable (tests/cli/cli_with_faults.cpp).
#include <QCoreApplication>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>

#include "cli/cli_common.h"
#include "cli/command.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/message_text.h"
#include "core/values/process_memory.h"

namespace streamsynth::cli {

namespace {
std::vector<Command>& registry() {
    static std::vector<Command> all;
    return all;
}

void printUsage(std::FILE* out) {
    std::fprintf(out, "StreamSynth %s: differentially private synthetic tabular streams.\n\n",
                 STREAMSYNTH_VERSION);
    std::fprintf(
        out,
        "usage: streamsynth-cli <command> [options]   (streamsynth-cli <command> --help)\n\ncommands:\n");
    // One column as wide as the longest name and two spaces: help2man reads a
    // single space as running text (the man page ran registry-move into run).
    int width = 0;
    for (const Command& c : commands()) width = std::max(width, static_cast<int>(c.name.size()));
    for (const Command& c : commands())
        std::fprintf(out, "  %-*s  %s\n", width, c.name.c_str(), c.summary.c_str());
    std::fprintf(
        out,
        "\nevery command also takes --verbose-errors: error messages and notes then quote the values of "
        "the data they are about\n(by default they never show a value of the data: docs/messages.md)\n");
}

int exitCodeFor(const Error& e) {
    switch (e.kind()) {
        case ErrorKind::Setting:
            return kExitUsage;
        case ErrorKind::Privacy:
            return kExitPrivacy;
        case ErrorKind::Input:
        case ErrorKind::Session:
        case ErrorKind::Io:
            return kExitBadInput;
    }
    return kExitFailure;
}
// What went to stdout through printf and friends reached it: a full disk
// behind stdout is exit 3 with the OS's words, never a silent 0
// (writeStandardOutput checks its own writes; this catches the rest). A pipe
// closed by its reader ends the process with SIGPIPE, as for any tool.
int checkedStdout(int code) {
    errno = 0;
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return code;
    const int err = errno;
    std::fprintf(stderr, "streamsynth-cli: cannot write to the standard output: %s%s\n",
                 err ? std::strerror(err) : "write error",
                 code == kExitOk ? " (the command itself finished: what it writes to files is written)" : "");
    return code == kExitOk ? kExitBadInput : code;
}

}  // namespace

const std::vector<Command>& commands() {
    return registry();
}

RegisterCommand::RegisterCommand(Command command) {
    auto& all = registry();
    auto pos = all.begin();
    while (pos != all.end() && pos->name < command.name) ++pos;
    all.insert(pos, std::move(command));
}

// A QCoreApplication, then the command named by argv[1].
int runCommandLine(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("streamsynth-cli");
    QCoreApplication::setApplicationVersion(STREAMSYNTH_VERSION);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 2 || args[1] == "--help" || args[1] == "-h" || args[1] == "help") {
        printUsage(args.size() < 2 ? stderr : stdout);
        return checkedStdout(args.size() < 2 ? kExitUsage : kExitOk);
    }
    if (args[1] == "--version") {
        std::printf("streamsynth-cli %s\n", STREAMSYNTH_VERSION);
        return checkedStdout(kExitOk);
    }
    const std::string name = args[1].toStdString();
    for (const Command& c : commands()) {
        if (c.name != name) continue;
        // --verbose-errors is global: taken out before the command parses.
        QStringList sub = args.mid(2);
        setVerboseErrors(sub.removeAll(QStringLiteral("--verbose-errors")) > 0);
        sub.prepend(QString("streamsynth-cli ") + args[1]);
        try {
            guardInputsOfThisProcess();  // no output of the command may replace one of its inputs
            keepFreedMemoryForReuse();
            return checkedStdout(c.run(sub));
        } catch (const Error& e) {
            std::fprintf(stderr, "streamsynth-cli %s: %s\n", name.c_str(),
                         e.describe(verboseErrors()).c_str());
            return exitCodeFor(e);
        } catch (const std::bad_alloc&) {
            std::fprintf(stderr, "streamsynth-cli %s: out of memory\n", name.c_str());
            return kExitFailure;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "streamsynth-cli %s: internal error: %s\n", name.c_str(),
                         boundedText(e.what(), kMaxMessageChars).c_str());
            return kExitFailure;
        }
    }
    std::fprintf(stderr, "streamsynth-cli: unknown command %s\n\n", quotedText(name).c_str());
    printUsage(stderr);
    return kExitUsage;
}

}  // namespace streamsynth::cli
