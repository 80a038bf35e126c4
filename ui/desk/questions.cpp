// askQuestion / showNoticeLater (see questions.h).
#include "ui/desk/questions.h"

#include <QAbstractButton>
#include <QPushButton>

namespace streamsynth::ui {

int askQuestion(QWidget* parent, const QString& objectName, QMessageBox::Icon icon, const QString& title,
                const QString& text, const QStringList& answers, int defaultAnswer, int escape) {
    QMessageBox box(icon, title, text, QMessageBox::NoButton, parent);
    box.setObjectName(objectName);
    box.setTextFormat(Qt::RichText);
    QList<QPushButton*> buttons;
    for (int i = 0; i < answers.size(); ++i) {
        // Roles only order the buttons the platform's way; the answer is the index.
        QPushButton* b =
            box.addButton(answers[i], i == escape ? QMessageBox::RejectRole : QMessageBox::AcceptRole);
        b->setObjectName(QStringLiteral("answer%1").arg(i));
        buttons << b;
    }
    if (defaultAnswer >= 0 && defaultAnswer < buttons.size()) box.setDefaultButton(buttons[defaultAnswer]);
    if (escape >= 0 && escape < buttons.size()) box.setEscapeButton(buttons[escape]);
    box.exec();
    const int chosen = static_cast<int>(buttons.indexOf(qobject_cast<QPushButton*>(box.clickedButton())));
    return chosen >= 0 ? chosen : escape;
}

QMessageBox* showNoticeLater(QWidget* parent, const QString& objectName, const QString& title,
                             const QString& text) {
    auto* box = new QMessageBox(QMessageBox::Information, title, text, QMessageBox::Ok, parent);
    box->setObjectName(objectName);
    box->setTextFormat(Qt::RichText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return box;
}

}  // namespace streamsynth::ui
