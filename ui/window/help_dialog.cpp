// HelpDialog (see help_dialog.h).
#include "ui/window/help_dialog.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

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
    resize(760, 680);
}

void HelpDialog::showSection(const QString& anchor) {
    browser_->scrollToAnchor(anchor);
}

}  // namespace streamsynth::ui
