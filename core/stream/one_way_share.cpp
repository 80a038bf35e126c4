// The 1-way share chosen from public inputs; see one_way_share.h.
#include "core/stream/one_way_share.h"

#include <algorithm>
#include <cmath>

namespace streamsynth::stream {

double noiseEquivalentEpsilon(privacy::PrivacyModel model, double budget) {
    return model == privacy::PrivacyModel::ZCdp ? std::sqrt(2.0 * budget) : budget;
}

namespace {

double ruleShare(const AccuracyOptions& options, double epsilonPerStep, double publicRowsPerStep) {
    if (options.oneWayShareRule == OneWayShareRule::Fixed) return options.oneWayShare;
    if (!(publicRowsPerStep > 0)) return kOneWayShareOutsideBand;
    const double rowsTimesEpsilon = publicRowsPerStep * epsilonPerStep;
    return rowsTimesEpsilon >= kOneWayBandLow && rowsTimesEpsilon <= kOneWayBandHigh
               ? kOneWayShareInBand
               : kOneWayShareOutsideBand;
}

}  // namespace

double oneWayShareFor(const AccuracyOptions& options, double epsilonPerStep, double publicRowsPerStep) {
    const double share = ruleShare(options, epsilonPerStep, publicRowsPerStep);
    return options.smallFromOneWay > 0 ? std::max(0.0, share - options.smallFromOneWay) : share;
}

double oneWayShareFor(const AccuracyOptions& options, privacy::PrivacyModel model, double budgetPerStep,
                      double publicRowsPerStep) {
    return oneWayShareFor(options, noiseEquivalentEpsilon(model, budgetPerStep), publicRowsPerStep);
}

std::vector<double> oneWayShareBreaks(const AccuracyOptions& options, privacy::PrivacyModel model,
                                      double publicRowsPerStep) {
    if (options.oneWayShareRule == OneWayShareRule::Fixed || !(publicRowsPerStep > 0)) return {};
    std::vector<double> out;
    for (double edge : {kOneWayBandLow, kOneWayBandHigh}) {
        const double epsilon = edge / publicRowsPerStep;
        out.push_back(model == privacy::PrivacyModel::ZCdp ? epsilon * epsilon / 2.0 : epsilon);
    }
    return out;
}

}  // namespace streamsynth::stream
