// The masked password dialog; see password_prompt.h.
#include "ui/import/password_prompt.h"

#include <QCoreApplication>
#include <QInputDialog>
#include <QLineEdit>
#include <QPointer>
#include <QWidget>

namespace streamsynth::ui {

api::PasswordPrompt passwordPrompt(QWidget* owner) {
    QPointer<QWidget> guarded = owner;
    return [guarded](const std::string& display) -> std::optional<std::string> {
        bool ok = false;
        const QString pw = QInputDialog::getText(
            guarded, QCoreApplication::translate("streamsynth::ui::DatabaseDialog", "Database password"),
            QCoreApplication::translate("streamsynth::ui::DatabaseDialog", "Password for %1:")
                .arg(QString::fromStdString(display)),
            QLineEdit::Password, QString(), &ok);
        if (!ok) return std::nullopt;
        return pw.toStdString();
    };
}

}  // namespace streamsynth::ui
