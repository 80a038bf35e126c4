// The names of the settings a session keeps beside the run's record
// (stream::RunRecord::settings): one list, so the run machinery
// (core/workflow), the facade (core/api) and the front ends read the same key.
#pragma once

namespace streamsynth::api {

// Session setting: the step whose release files were due when the session
// was saved (0: none pending).
inline constexpr const char* kPendingReleaseStep = "pending-release-step";
// Session setting: the stream's id in the release journals (io/release_journal.h).
inline constexpr const char* kStreamId = "stream-id";
// The session setting naming the kind of step digests (core/steps/step_digest.h);
// absent = "rows" (sessions from files, including older ones).
inline constexpr const char* kDigestSetting = "digest";
// The label of a hash-order segment; its rowsBegin/rowsEnd hold a key range
// [begin, end) instead of file rows (core/steps/step_hash_order.h).
inline constexpr const char* kHashSegment = "hash";
// The run record's setting that keeps the whole-stream charge
// (mechanism, workload and exact amount), so a continued session's engine
// charges it again in each series' ledger without selecting again.
inline constexpr const char* kStreamChargeSetting = "whole-stream-charge";
// Session settings: the registry a stream was released through (a path or a
// URI without password; "" = the default) and its publishable series (ids, comma-separated).
inline constexpr const char* kRegistrySetting = "registry";
inline constexpr const char* kPublishSetting = "publish";
// The run record's settings of a recovery stream: the lost stream's id, the
// steps it claimed, and how many of this stream's steps are the lost
// stream's (a time stream skips them; a batched stream of new rows skips none).
inline constexpr const char* kRecoveredFromSetting = "recovered-from";
inline constexpr const char* kRecoveredClaimedSetting = "recovered-claimed";
inline constexpr const char* kRecoveredSkippedSetting = "recovered-skipped";

}  // namespace streamsynth::api
