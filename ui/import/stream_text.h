// The stream's description as a person reads it, in the interface's
// language: the core's "batches of 1000, random order" becomes "batches of
// 1,000, random order" (German: "Stapel zu 1.000, zufällige Reihenfolge").
// A time stream's description ("monthly on Release Date") is shown as given.
#pragma once

#include <QString>
#include <string>

namespace streamsynth::ui {

QString streamText(const std::string& coreDescription);

}  // namespace streamsynth::ui
