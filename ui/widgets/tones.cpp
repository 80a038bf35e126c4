// Text tones against the palette (tones.h). The light-theme tones are the
// ones the window always used (#b00020, #8a5300: 4.5:1 or better on white);
// the dark-theme ones keep that contrast on a dark window colour.
#include "ui/widgets/tones.h"

#include <QGuiApplication>
#include <QPalette>
#include <QWidget>

namespace streamsynth::ui {

namespace {
bool darkWindow(const QWidget* widget) {
    const QPalette palette = widget ? widget->palette() : QGuiApplication::palette();
    return palette.color(QPalette::Window).lightness() < 128;
}
}  // namespace

QColor toneColor(Tone tone, const QWidget* widget) {
    const bool dark = darkWindow(widget);
    switch (tone) {
        case Tone::Problem:
            return dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x00, 0x20);
        case Tone::Caution:
            return dark ? QColor(0xff, 0xcc, 0x80) : QColor(0x8a, 0x53, 0x00);
    }
    return widget ? widget->palette().color(QPalette::WindowText) : QColor(Qt::black);
}

QString toneStyle(Tone tone, const QWidget* widget, bool bold) {
    QString style = QStringLiteral("color: %1;").arg(toneColor(tone, widget).name());
    if (bold) style += QStringLiteral(" font-weight: bold;");
    return style;
}

QString noticeBoxStyle(const QString& objectName, const QWidget* widget) {
    const bool dark = darkWindow(widget);
    const QString background = dark ? QStringLiteral("#3d3000") : QStringLiteral("#fff4ce");
    const QString border = dark ? QStringLiteral("#8a7000") : QStringLiteral("#d9b100");
    const QString text = dark ? QStringLiteral("#fff4ce") : QStringLiteral("#3d3000");
    return QStringLiteral("#%1 { background: %2; border: 1px solid %3; } #%1 QLabel { color: %4; }")
        .arg(objectName, background, border, text);
}

}  // namespace streamsynth::ui
