// A spin box with its range and value set: the one helper the experiment
// panel and the series chooser share for their integer settings.
#pragma once

#include <QSpinBox>

namespace streamsynth::ui {

inline QSpinBox* makeSpin(QWidget* parent, int lo, int hi, int value) {
    auto* spin = new QSpinBox(parent);
    spin->setRange(lo, hi);
    spin->setValue(value);
    return spin;
}

}  // namespace streamsynth::ui
