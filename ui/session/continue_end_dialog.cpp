// The public end of a continued time stream (see continue_end_dialog.h).
#include "ui/session/continue_end_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>
#include <algorithm>

namespace streamsynth::ui {

ContinueEndDialog::ContinueEndDialog(const data::TimeSettings& current, QWidget* parent)
    : QDialog(parent), current_(QString::fromStdString(current.end)) {
    setObjectName(QStringLiteral("continueEndDialog"));
    setWindowTitle(tr("Public end of the grown stream"));
    auto* layout = new QVBoxLayout(this);
    QString text;
    if (!current_.isEmpty())
        text =
            tr("The session's stream ends with the period containing %1. Rows after the end are left out: to "
               "release new periods, give a later public end.")
                .arg(current_);
    else if (current.steps > 0)
        text =
            tr("The session's stream ends after %n step(s). Rows after the end are left out: to release new "
               "periods, give a later public end.",
               nullptr, static_cast<int>(std::min<long long>(current.steps, 1 << 30)));
    else
        text =
            tr("The session's stream has no public end of its own. Rows after the end are left out: give the "
               "grown table's public end.");
    auto* note = new QLabel(text, this);
    note->setWordWrap(true);
    layout->addWidget(note);
    auto* form = new QFormLayout();
    end_ = new QLineEdit(current_, this);
    end_->setPlaceholderText(tr("e.g. 2011-06-30"));
    end_->setToolTip(tr("The public end of the grown stream: the last step is the period containing it."));
    form->addRow(tr("Public end:"), end_);
    dataEnd_ = new QCheckBox(tr("or: the latest period in the grown data is public"), this);
    dataEnd_->setToolTip(
        tr("The grown table's latest date is private: tick only if its period is public "
           "knowledge."));
    form->addRow(QString(), dataEnd_);
    layout->addLayout(form);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(end_, &QLineEdit::textChanged, this, &ContinueEndDialog::updateState);
    connect(dataEnd_, &QCheckBox::toggled, this, &ContinueEndDialog::updateState);
    updateState();
}

void ContinueEndDialog::updateState() {
    // The tick stands for an empty end field only: one way to give the end.
    dataEnd_->setEnabled(end_->text().trimmed().isEmpty());
    end_->setEnabled(!dataEnd_->isChecked());
}

api::TimeEnd ContinueEndDialog::timeEnd() const {
    api::TimeEnd e;
    const QString typed = end_->text().trimmed();
    if (dataEnd_->isChecked() && typed.isEmpty())
        e.confirmDataEnd = true;
    else if (!typed.isEmpty() && typed != current_)
        e.end = typed.toStdString();
    return e;
}

bool askContinueEnd(QWidget* parent, const data::StreamSettings& settings, api::TimeEnd* end) {
    *end = {};
    if (!settings.time) return true;
    // The end typed last for a stream with this end, offered again: a refused continuation
    // (the new rows alone) made the steward type it twice (a GUI walkthrough of 2026-12-01).
    static QHash<QString, QString> typed;
    const QString key = QString::fromStdString(settings.time->column + '\n' + settings.time->end);
    ContinueEndDialog dialog(*settings.time, parent);
    if (const QString last = typed.value(key); !last.isEmpty()) dialog.endEdit()->setText(last);
    if (dialog.exec() != QDialog::Accepted) return false;
    *end = dialog.timeEnd();
    typed.insert(key, dialog.endEdit()->text().trimmed());
    return true;
}

}  // namespace streamsynth::ui
