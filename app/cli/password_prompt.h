// Asking for a database password on the terminal (never echoed, never
// stored): used when the server wants one that neither the connection
// string, PGPASSWORD nor the password file (PGPASSFILE, ~/.pgpass) gives.
#pragma once

#include "core/api/stream_input.h"

namespace streamsynth::cli {

// Reads from /dev/tty; without a terminal (scripts, CI) gives up, so the
// connection fails with the server's message and a hint at PGPASSFILE.
api::PasswordPrompt terminalPasswordPrompt();

}  // namespace streamsynth::cli
