// Where the main window opens (issue 46, item 1): inside the screen's
// available geometry (without panels and docks), title bar and frame
// included, on any screen from 1024x700 up. A saved geometry is restored
// only where it still fits the screen the window opens on; otherwise, and
// on a first start, the window takes its preferred size shrunk to the
// screen and is centred. Pure functions of rectangles, so they are tested
// without a screen; the main window calls them before it is shown (frame
// margins estimated) and once shown (the window manager's real frame).
#pragma once

#include <QMargins>
#include <QRect>
#include <QSize>

class QWidget;

namespace streamsynth::ui {

// The size the window prefers on a large screen (client area).
QSize preferredWindowSize();
// A title bar and borders as most window managers draw them, until the real
// frame is known.
QMargins estimatedFrameMargins();
// The client geometry for a frame that fits `available`: `preferred` shrunk
// to the room left by `frame`, centred; never below `minimum`.
QRect placedGeometry(const QRect& available, QSize preferred, QSize minimum, const QMargins& frame);
// True when the frame (client geometry grown by `frame`) lies inside `available`.
bool frameFits(const QRect& client, const QMargins& frame, const QRect& available);
// Shrinks and moves `window` (shown, top level) so its frame lies inside
// its screen's available geometry; false when it already did.
bool keepOnScreen(QWidget* window);

}  // namespace streamsynth::ui
