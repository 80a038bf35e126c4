// Help ▸ Guide: the bundled HTML guide (resources/guide,
// English and German) in a QTextBrowser, in the language the interface
// uses; internal links jump to sections, outside links open in the browser.
#pragma once

#include <QDialog>

class QTextBrowser;

namespace streamsynth::ui {

// ":/guide/guide_de.html" for "de", else the English guide.
QString guideResource(const QString& language);

class HelpDialog : public QDialog {
    Q_OBJECT
public:
    // language: "de", "en", … (the translation installed; empty: English).
    explicit HelpDialog(const QString& language, QWidget* parent = nullptr);
    QTextBrowser* browser() const { return browser_; }
    // Scrolls to a section ("epsilon", "metrics", "modes", …).
    void showSection(const QString& anchor);

private:
    QTextBrowser* browser_ = nullptr;
};

}  // namespace streamsynth::ui
