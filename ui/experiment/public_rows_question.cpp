// The public rows per step question (public_rows_question.h).
#include "ui/experiment/public_rows_question.h"

#include <QCoreApplication>
#include <QInputDialog>
#include <cmath>

namespace streamsynth::ui {

namespace {
struct PublicRowsText {
    Q_DECLARE_TR_FUNCTIONS(PublicRowsText)
};
constexpr int kOffered = 100;  // a round figure, not read from the data
}  // namespace

double askPublicRowsPerStep(QWidget* parent, const QString& stepWord, double previous) {
    QInputDialog dialog(parent);
    dialog.setObjectName(QStringLiteral("publicRowsQuestion"));
    dialog.setWindowTitle(PublicRowsText::tr("Large attributes: rows per %1").arg(stepWord));
    dialog.setLabelText(
        PublicRowsText::tr(
            "In release mode, which labels a release keeps must not depend on how many rows each "
            "%1 of your table holds: those counts are private.\n\n"
            "How many rows do you expect per %1, as public knowledge (for example from a "
            "published count)? The proposal's figures are computed from this number.")
            .arg(stepWord));
    dialog.setInputMode(QInputDialog::IntInput);
    dialog.setIntRange(1, 1000000000);
    dialog.setIntValue(previous >= 1 && previous <= 1e9 ? static_cast<int>(std::lround(previous)) : kOffered);
    dialog.setOkButtonText(PublicRowsText::tr("Propose"));
    if (dialog.exec() != QDialog::Accepted) return 0.0;
    return static_cast<double>(dialog.intValue());
}

}  // namespace streamsynth::ui
