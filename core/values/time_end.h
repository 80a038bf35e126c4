// How a continued time stream's public end is given (the
// CLI's `continue --end`, `--step-count` and `--confirm-end`, and what the
// GUI's continue dialog will offer). All empty: the session's saved end.
#pragma once

#include <string>

namespace streamsynth::api {

struct TimeEnd {
    std::string end;              // a date (or number for units): the last step is its period
    long long steps = 0;          // or: the stream has this many steps from its start
    bool confirmDataEnd = false;  // or: the data's last period is public
    bool given() const { return !end.empty() || steps != 0 || confirmDataEnd; }
};

}  // namespace streamsynth::api
