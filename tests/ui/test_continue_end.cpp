// The public end of a continued time stream (ui/session/continue_end_dialog.h):
// the end typed for a stream is offered again the next time (a refused
// continuation, the new rows alone, made a GUI walkthrough of 2026-12-01
// type it twice); a stream with another end starts from its own.
#include <QLineEdit>
#include <QtTest>

#include "support/modal_answer.h"
#include "ui/session/continue_end_dialog.h"

using namespace streamsynth;

namespace {

// Answers the dialog: what it showed, then `text` typed and OK.
QString answer(const data::StreamSettings& s, const QString& text, api::TimeEnd* end) {
    QString shown;
    test::ModalAnswer dialog("continueEndDialog", [&](QWidget* w) {
        auto* d = qobject_cast<ui::ContinueEndDialog*>(w);
        shown = d->endEdit()->text();
        d->endEdit()->setText(text);
        d->accept();
    });
    if (!ui::askContinueEnd(nullptr, s, end)) return QStringLiteral("(cancelled)");
    return shown;
}

}  // namespace

class TestContinueEnd : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theTypedEndIsOfferedAgain() {
        data::StreamSettings s;
        s.time = data::TimeSettings{};
        s.time->column = "Release Date";
        s.time->end = "2010-12-31";
        api::TimeEnd end;
        QCOMPARE(answer(s, "2011-08-31", &end), QString("2010-12-31"));  // the session's own end at first
        QCOMPARE(end.end, std::string("2011-08-31"));
        QCOMPARE(answer(s, "2011-08-31", &end), QString("2011-08-31"));  // offered again
        data::StreamSettings other = s;
        other.time->end = "2005-12-31";
        QCOMPARE(answer(other, "2006-12-31", &end), QString("2005-12-31"));  // another stream: its own
    }
};

QTEST_MAIN(TestContinueEnd)
#include "test_continue_end.moc"
