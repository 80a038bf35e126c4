// How streamsynth-cli finds its sub-commands: each app/cli/cmd_*.cpp file
// registers one command with a static RegisterCommand object, so adding a
// command never touches a central list.
#pragma once

#include <QStringList>
#include <functional>
#include <string>
#include <vector>

namespace streamsynth::cli {

// Exit codes of streamsynth-cli (docs/usage.md "Exit codes").
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;   // unexpected internal failure
inline constexpr int kExitUsage = 2;     // bad command line or setting
inline constexpr int kExitBadInput = 3;  // bad data/schema/session file
inline constexpr int kExitPrivacy = 4;   // a privacy rule refused the request
// Stopped by Ctrl+C or SIGTERM after a step, everything up to it saved (128 + SIGINT, as shells report it).
inline constexpr int kExitStopped = 130;

struct Command {
    std::string name;
    std::string summary;
    // args[0] is "streamsynth-cli <name>"; returns an exit code. May throw
    // streamsynth::Error, which runCommandLine turns into a message and exit code.
    std::function<int(const QStringList& args)> run;
};

const std::vector<Command>& commands();

struct RegisterCommand {
    explicit RegisterCommand(Command command);
};

// The whole command line: creates the QCoreApplication, runs the command
// named by argv[1] and returns the process's exit code (app/cli/dispatch.cpp).
int runCommandLine(int argc, char** argv);

}  // namespace streamsynth::cli
