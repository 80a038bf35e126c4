// One error describer for every dialog and controller: a streamsynth::Error in
// the words of its describe() (which never quotes a value of the data unless
// asked), any other exception by its what().
#pragma once

#include <QString>
#include <exception>

namespace streamsynth::ui {

QString describeError(const std::exception& e);

}  // namespace streamsynth::ui
