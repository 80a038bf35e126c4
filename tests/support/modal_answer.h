// Answers a modal dialog or message box the code under test opens (and
// waits for with exec()): from a timer, every 20 ms, it looks for the
// active modal widget with the given object name and runs `act` on it
// (e.g. clicks a named answer). The text of a message box is kept for the
// test to check. A question that never comes leaves answered() false, so
// the test fails rather than hanging: the timer stops after the timeout.
#pragma once

#include <QAbstractButton>
#include <QApplication>
#include <QDialog>
#include <QElapsedTimer>
#include <QMessageBox>
#include <QTimer>
#include <QWidget>
#include <functional>

namespace streamsynth::test {

class ModalAnswer : public QObject {
public:
    ModalAnswer(QString objectName, std::function<void(QWidget*)> act, int timeoutMs = 20000)
        : name_(std::move(objectName)), act_(std::move(act)), timeoutMs_(timeoutMs) {
        clock_.start();
        timer_.setInterval(20);
        QObject::connect(&timer_, &QTimer::timeout, this, [this] { poll(); });
        timer_.start();
    }

    bool answered() const { return answered_; }
    // The message box's text (rich text as given), or the dialog's title.
    QString text() const { return text_; }

private:
    void poll() {
        if (clock_.elapsed() > timeoutMs_) {
            timer_.stop();
            return;
        }
        QWidget* w = QApplication::activeModalWidget();
        if (!w) {
            // Window-modal boxes opened with open() need not be "active" offscreen: search the top levels
            // too.
            for (QWidget* top : QApplication::topLevelWidgets())
                if (top->isVisible() && top->objectName() == name_) w = top;
        }
        if (!w || w->objectName() != name_) return;
        timer_.stop();
        answered_ = true;
        if (auto* box = qobject_cast<QMessageBox*>(w))
            text_ = box->text();
        else
            text_ = w->windowTitle();
        act_(w);
    }

    QString name_;
    std::function<void(QWidget*)> act_;
    int timeoutMs_;
    QElapsedTimer clock_;
    QTimer timer_;
    bool answered_ = false;
    QString text_;
};

// Clicks the answer button askQuestion named "answer<index>".
inline void clickAnswer(QWidget* box, int index) {
    if (auto* b = box->findChild<QAbstractButton*>(QStringLiteral("answer%1").arg(index))) b->click();
}

// Rejects (closes) a dialog.
inline void rejectDialog(QWidget* w) {
    if (auto* d = qobject_cast<QDialog*>(w)) d->reject();
}

}  // namespace streamsynth::test
