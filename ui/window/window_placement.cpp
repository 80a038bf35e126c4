// The main window's placement on the screen (window_placement.h).
#include "ui/window/window_placement.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>
#include <algorithm>

namespace streamsynth::ui {

QSize preferredWindowSize() {
    return {1360, 860};
}

QMargins estimatedFrameMargins() {
    return {4, 32, 4, 4};
}

QRect placedGeometry(const QRect& available, QSize preferred, QSize minimum, const QMargins& frame) {
    const QSize room(available.width() - frame.left() - frame.right(),
                     available.height() - frame.top() - frame.bottom());
    const QSize size = preferred.boundedTo(room).expandedTo(minimum);
    QRect client(QPoint(0, 0), size);
    const QRect framed = client.marginsAdded(frame);
    // Centred; the top left of the frame stays on screen if the window is larger than the room.
    const int x = available.left() + std::max(0, (available.width() - framed.width()) / 2);
    const int y = available.top() + std::max(0, (available.height() - framed.height()) / 2);
    client.moveTopLeft(QPoint(x + frame.left(), y + frame.top()));
    return client;
}

bool frameFits(const QRect& client, const QMargins& frame, const QRect& available) {
    return available.contains(client.marginsAdded(frame));
}

bool keepOnScreen(QWidget* window) {
    QScreen* screen = window->screen();
    if (!screen || window->isMaximized() || window->isFullScreen()) return false;
    const QRect available = screen->availableGeometry();
    const QRect client = window->geometry();
    const QRect framed = window->frameGeometry();
    const QMargins frame(client.left() - framed.left(), client.top() - framed.top(),
                         framed.right() - client.right(), framed.bottom() - client.bottom());
    if (frameFits(client, frame, available)) return false;
    window->setGeometry(placedGeometry(available, client.size(), window->minimumSizeHint(), frame));
    return true;
}

}  // namespace streamsynth::ui
