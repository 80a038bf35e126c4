// The rounds' candidates beside the tracked workloads; see tracked_in_rounds.h.
#include "core/stream/tracked_in_rounds.h"

#include "core/stream/one_way_share.h"

namespace streamsynth::stream {

TrackedInRounds trackedInRoundsFor(const AccuracyOptions& options, privacy::PrivacyModel model,
                                   double budgetPerStep) {
    if (options.trackedInRounds != TrackedInRounds::Auto) return options.trackedInRounds;
    return noiseEquivalentEpsilon(model, budgetPerStep) >= kTrackedOutOfRoundsEpsilon ? TrackedInRounds::No
                                                                                      : TrackedInRounds::Yes;
}

}  // namespace streamsynth::stream
