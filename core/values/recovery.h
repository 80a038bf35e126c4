// A recovery stream for a lost session (issue 44; docs/privacy-models.md,
// "A lost session"). The counters' noise state lived only in the session, so
// a stream whose session is lost cannot be continued; the sound way on is a
// new stream of the same dataset, charged to it, that starts from the lost
// stream's last published release (public) and reads only rows of steps the
// lost stream never released. Every step the registry holds a claim of
// counts as released, with or without files. What is read here is public:
// the releases' manifests and files, and the registry's claims.
#pragma once

#include <string>
#include <vector>

#include "core/values/session_settings.h"

namespace streamsynth::api {

struct RecoveryRequest {
    std::string releasesDir;  // the lost stream's output folder (--out of its run)
    // A batched stream: the steward confirms the table holds only rows the
    // lost stream never read (its batch order died with its session).
    bool onlyNewRows = false;
};

// One published series' last release in the lost stream's folder.
struct LostRelease {
    std::string series;     // the manifest's series id
    std::string folder;     // releases/<series>/eps<E>
    int step = 0;           // its last step with a manifest and a file
    std::string period;     // that step's period label
    long long rows = 0;     // |g_step|
    long long newRows = 0;  // |∇g_step| (the step before's manifest; else rows / step)
};

struct LostStream {
    std::string id;
    bool batched = false;  // its periods are "batch N"
    std::vector<LostRelease> releases;
};

// What a recovery stream started from, for the steward.
struct Recovery {
    std::string lostStream;
    std::string dataset;
    int claimedSteps = 0;              // the lost stream's last claimed step
    int skippedSteps = 0;              // this stream's first steps that are the lost stream's
    std::vector<LostRelease> started;  // series started from their last release
    std::vector<std::string> fresh;    // series of this run the lost stream did not publish
};

// The recovery in words: a few lines, each ending in a newline.
std::string recoveryText(const Recovery& recovery);

}  // namespace streamsynth::api
