// streamsynth-cli: the headless face of StreamSynth (the dispatcher and the
// sub-commands live in app/cli/).
#include "cli/command.h"

int main(int argc, char** argv) {
    return streamsynth::cli::runCommandLine(argc, argv);
}
