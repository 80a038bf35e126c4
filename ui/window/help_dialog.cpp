// HelpDialog (see help_dialog.h).
#include "ui/window/help_dialog.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QGuiApplication>
#include <QScreen>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>
#include <algorithm>

namespace streamsynth::ui {

QString guideResource(const QString& language) {
    const QString localised = QStringLiteral(":/guide/guide_%1.html").arg(language);
    return !language.isEmpty() && QFile::exists(localised) ? localised
                                                           : QStringLiteral(":/guide/guide_en.html");
}

HelpDialog::HelpDialog(const QString& language, QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("helpGuide"));
    setWindowTitle(tr("StreamSynth guide"));
    auto* layout = new QVBoxLayout(this);
    browser_ = new QTextBrowser(this);
    browser_->setOpenExternalLinks(true);
    browser_->setSource(QUrl(QStringLiteral("qrc") + guideResource(language)));
    layout->addWidget(browser_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    // Within the screen, frame included (a 1024x700 one too).
    const QScreen* screen = parent ? parent->screen() : QGuiApplication::primaryScreen();
    const QRect room = screen ? screen->availableGeometry() : QRect(0, 0, 1024, 700);
    resize(std::min(760, room.width() - 24), std::min(680, room.height() - 60));
}

void HelpDialog::showSection(const QString& anchor) {
    browser_->scrollToAnchor(anchor);
}

}  // namespace streamsynth::ui
