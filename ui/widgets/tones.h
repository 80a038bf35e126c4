// The few colours the window uses to mark text: a problem (red), a caution
// (amber) and a notice box, in one place and chosen against the palette, so
// that a dark desktop theme gets light tones instead of dark red on dark grey.
#pragma once

#include <QColor>
#include <QString>

class QWidget;

namespace streamsynth::ui {

enum class Tone { Problem, Caution };

// The colour of tone on widget's palette (its window colour light or dark; the
// application's palette without a widget).
QColor toneColor(Tone tone, const QWidget* widget);
// "color: #rrggbb;" for a style sheet; with bold, "font-weight: bold;" too.
QString toneStyle(Tone tone, const QWidget* widget, bool bold = false);
// The notice box's style sheet for the object named objectName (background,
// border and text colours against the palette).
QString noticeBoxStyle(const QString& objectName, const QWidget* widget);

}  // namespace streamsynth::ui
