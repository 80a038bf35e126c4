// Session files: a fixed header (magic "STRMSYNS", format version, payload
// length, FNV-1a-64 checksum of the payload) followed by a Boost binary
// archive of SessionData. Written atomically and durably (temp file in the
// same folder, fsync, rename, fsync of the folder); loaded with a clear
// Error(Session) naming the file for every kind of damage.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/io/session_data.h"

namespace streamsynth::io {

// 2: privacy model + δ; 3: accuracy options, 1-way distances; 4: release recipes;
// 5: the fit's work bound (RunConfig::fitWork; older sessions continue without one); 6: the 1-way target;
// 7: the small workloads' counters; 8: the 1-way split's power (older sessions: by √codes);
// 9: the counters' shrinkage (older sessions: none); 10: the baseline's 1-way share (older: none);
// 11: the 1-way share's rule (older sessions: their stored share, fixed);
// 12: whether the rounds may select tracked workloads (older sessions: yes)
// 15: the layout of 14 with the header's checksum over 8-byte words (fnv1a64Words)
inline constexpr std::uint32_t kSessionFormatVersion = 16;

// Throws Error(Io) naming the path when the file cannot be written; the
// previous file at `path` is then untouched.
void saveSession(const std::string& path, const SessionData& data);
// Throws Error(Session) naming the file: not a session (wrong magic), made
// by a newer StreamSynth (version), truncated, damaged (checksum) or
// inconsistent payload; Error(Io) when it cannot be read.
SessionData loadSession(const std::string& path);
// True when the file is a regular file that starts with the session magic
// ("STRMSYNS"); never blocks (a FIFO or a device is not a session).
bool isSessionFile(const std::string& path);

// The whole file's bytes for `data` in format `version` (a version the
// loader table knows); saveSession writes encodeSession(data, current).
std::string encodeSession(const SessionData& data, std::uint32_t version = kSessionFormatVersion);
// Decodes a whole file's bytes; `file` names it in errors.
SessionData decodeSession(const std::string& bytes, const std::string& file);

// Error(Session) "FILE is not a readable session: PART: PROBLEM", the one
// form of every refusal of a damaged session (also for parts found
// inconsistent after decoding: the schema, the workloads, the engine state).
Error sessionDamage(const std::string& file, const std::string& part, const std::string& problem);
// The header's checksum of a payload in format `version`: fnv1a64 up to 14,
// fnv1a64Words from 15 (session_data.h). For tools and tests that change a
// file's payload on purpose and must make its header right again.
std::uint64_t sessionPayloadChecksum(std::uint32_t version, const char* payload, std::size_t length);

// Format versions this build reads (each older one is upgraded to the
// current SessionData on load).
std::vector<std::uint32_t> readableSessionVersions();

namespace detail {
// Test hook: called after the temp file is written and synced, before the
// rename; a throw from it must leave the old file in place.
void setBeforeRenameHookForTests(std::function<void()> hook);
}  // namespace detail

}  // namespace streamsynth::io
