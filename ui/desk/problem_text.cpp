// A data problem in a data steward's words (see problem_text.h).
#include "ui/desk/problem_text.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

namespace streamsynth::ui {

QString problemMessage(const data::Problem& p, ProblemPlace place, const QString& lastPeriod) {
    const bool dialog = place == ProblemPlace::ImportDialog;
    if (p.kind == "time-span-from-data")
        return dialog ? QCoreApplication::translate("ProblemText",
                                                    "The stream starts at the earliest date in the data, "
                                                    "which is private: type a public "
                                                    "start above unless that date is public knowledge.")
                      : QCoreApplication::translate(
                            "ProblemText",
                            "The stream starts at the earliest date in the data, which is private: type a "
                            "public "
                            "start in Import settings unless that date is public knowledge.");
    if (p.kind == "time-end-from-data") {
        // ", 2046-12 (month)": the label has parentheses of its own.
        const QString period = lastPeriod.isEmpty() ? QString() : QStringLiteral(", %1").arg(lastPeriod);
        return (dialog
                    ? QCoreApplication::translate("ProblemText",
                                                  "The stream would end with the latest period in the "
                                                  "data%1, which is private: type a "
                                                  "public end above, or tick that this period is public.")
                    : QCoreApplication::translate(
                          "ProblemText",
                          "The stream would end with the latest period in the data%1, which is private: type "
                          "a "
                          "public end in Import settings, or tick there that this period is public. Runs are "
                          "refused until then."))
            .arg(period);
    }
    const QString message = QString::fromStdString(p.message);
    return p.column.empty() ? message
                            : QCoreApplication::translate("ProblemText", "%1: %2")
                                  .arg(QString::fromStdString(p.column), message);
}

QString problemCount(const data::Problem& p, bool withExamples) {
    if (p.count <= 0) return {};
    QStringList examples;
    if (withExamples)
        for (const std::string& e : p.examples) examples << QString::fromStdString(e);
    // "(666 rows; e.g. …)" after a sentence that already says "666 rows" repeated it (seen under Xvfb): the
    // count only when the sentence does not give it; singular and plural as two strings (no English plural
    // file).
    const QString number = QLocale().toString(p.count);
    const bool stated =
        QString::fromStdString(p.message).contains(QString::number(p.count) + QStringLiteral(" row"));
    const QString count = stated         ? QString()
                          : p.count == 1 ? QCoreApplication::translate("ProblemText", "1 row")
                                         : QCoreApplication::translate("ProblemText", "%1 rows").arg(number);
    if (examples.isEmpty()) return count.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(count);
    const QString list =
        QCoreApplication::translate("ProblemText", "e.g. %1").arg(examples.join(QStringLiteral("; ")));
    return count.isEmpty() ? QStringLiteral(" (%1)").arg(list) : QStringLiteral(" (%1; %2)").arg(count, list);
}

}  // namespace streamsynth::ui
