// Names of the accuracy options (settings, sessions, summaries); see accuracy_options.h.
#include "core/values/accuracy_options.h"

namespace streamsynth::stream {

std::string toString(BaselineInit init) {
    return init == BaselineInit::Previous ? "previous" : "uniform";
}

std::string toString(OneWayTarget target) {
    return target == OneWayTarget::Whole ? "whole" : "increment";
}

std::string toString(OneWayShrink shrink) {
    switch (shrink) {
        case OneWayShrink::JamesStein:
            return "james-stein";
        case OneWayShrink::JamesSteinAll:
            return "james-stein-all";
        case OneWayShrink::JamesSteinSpikes:
            return "james-stein-spikes";
        case OneWayShrink::None:
            break;
    }
    return "none";
}

std::string toString(OneWayShareRule rule) {
    return rule == OneWayShareRule::Auto ? "auto" : "fixed";
}

std::string toString(TrackedInRounds rule) {
    switch (rule) {
        case TrackedInRounds::Yes:
            return "yes";
        case TrackedInRounds::No:
            return "no";
        case TrackedInRounds::Auto:
            break;
    }
    return "auto";
}

void setFixedOneWayShare(AccuracyOptions& options, double share) {
    options.oneWayShareRule = OneWayShareRule::Fixed;
    options.oneWayShare = share;
}

}  // namespace streamsynth::stream
