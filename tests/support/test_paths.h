// Where the suites find the repository and the command-line program: read
// at run time (CTest sets STREAMSYNTH_SOURCE_DIR and STREAMSYNTH_CLI_PATH,
// tests/CMakeLists.txt; run by hand, the file test-paths.txt that CMake
// writes next to the executables gives them), never compiled in, so the
// objects do not depend on where the checkout lies (docs/build-time.md).
#pragma once

#include <QString>

namespace streamsynth::test {

// The repository's top folder; stops the suite naming what is missing.
QString sourceDirectory();

// The streamsynth-cli executable of this build; stops the suite naming what is missing.
QString cliPath();
// streamsynth-cli-faults (tests/cli/cli_with_faults.cpp): the CLI that stops where STREAMSYNTH_FAULT says.
QString cliWithFaultsPath();

}  // namespace streamsynth::test
