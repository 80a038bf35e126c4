// The one way StreamSynth reads a file it is given (the table, schemas,
// config files, sessions, workload files, releases to evaluate): only a
// regular file is read. A folder, a FIFO, a device or a socket is refused at
// once, before any read (a FIFO would block forever, /dev/zero would fill
// the memory), and a file larger than its format's limit is refused before
// it is loaded.
//
// The files a command reads are also remembered (device and inode, not
// names) once a command scope is active, so that writeOutputFile
// (output_file.h) never writes over an input of the same command, whatever
// name or link leads to it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace streamsynth {

// What an input is to the command: named in refusals, and the one role an
// output may replace (a session that `continue` updates).
enum class InputRole { Table, Schema, Config, Session, Workloads, Release, Labels, Journal, Measurements };

// "the table", "the schema file", ...
std::string inputRoleText(InputRole role);

struct InputFileSpec {
    InputRole role = InputRole::Table;
    // 0: no limit (tables: their rows are bounded by the line and field limits).
    std::uint64_t maxBytes = 0;
    // Remembered as an input of the command (see above); false for files the
    // command itself writes afterwards (its journals).
    bool remember = true;
};

// Size limits of the formats that allow one (docs/bad-inputs.md).
inline constexpr std::uint64_t kMaxSchemaBytes = std::uint64_t{64} << 20;    // 64 MiB of JSON
inline constexpr std::uint64_t kMaxConfigBytes = std::uint64_t{1} << 20;     // 1 MiB of JSON
inline constexpr std::uint64_t kMaxWorkloadBytes = std::uint64_t{16} << 20;  // 16 MiB of names
inline constexpr std::uint64_t kMaxSessionBytes = std::uint64_t{4}
                                                  << 30;  // 4 GiB (true marginals of big domains)
inline constexpr std::uint64_t kMaxMeasurementBytes = std::uint64_t{1} << 30;  // 1 GiB of CSV
inline constexpr std::uint64_t kMaxManifestBytes = std::uint64_t{16} << 20;    // 16 MiB of JSON

// The whole file, after the checks above. Error(Io) naming the file
// otherwise ("this is a FIFO (named pipe), not a regular file", the OS's
// words for a missing or unreadable file, the size against the limit).
std::string readInputFile(const std::string& path, const InputFileSpec& spec);

// A file StreamSynth wrote and reads back where a missing one counts as
// absent (a release's manifest): nothing when there is no such file; its
// bytes when it is a regular file of at most maxBytes; else Error(Io) as
// readInputFile gives (a FIFO, a device, too large, unreadable: never taken
// for absent). Never blocks on a FIFO, never remembered as an input.
std::optional<std::string> readIfRegularFile(const std::string& path, std::uint64_t maxBytes);

// The same checks without reading: throws as readInputFile would, and
// remembers the file as an input. For readers that stream the file
// themselves after this call.
void checkInputFile(const std::string& path, const InputFileSpec& spec);

// Starts remembering inputs for the rest of the process (the CLI's command,
// the GUI's session). Off by default, so unit tests that write and read the
// same file are not affected.
void guardInputsOfThisProcess();

// When a remembered input other than `allowed` has the device and inode
// (dev, ino): its path and role text, for the refusal; else empty.
struct InputMatch {
    std::string path;
    std::string role;
};
bool findInput(std::uint64_t dev, std::uint64_t ino, int allowedRole, InputMatch* match);

}  // namespace streamsynth
