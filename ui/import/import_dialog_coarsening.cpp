// ImportDialog's Large attributes hand-off (import_coarsening.h): the support check's lines below the
// findings, the coarsening dialog run over this one, and the note of the choice set up for the next run.
#include <QLabel>
#include <QListWidget>
#include <QPushButton>

#include "ui/import/import_dialog.h"
#include "ui/widgets/tones.h"

namespace streamsynth::ui {

// The support check per large attribute, below the data's problems.
void ImportDialog::showUnsupported() {
    if (!coarsening_.unsupported) return;
    if (!coarseningNote_->isHidden()) {  // a choice is set up: the full domain's figures no longer apply
        showProblem(
            tr("Large attributes set up for the next run (see below); their kept labels are drawn "
               "when it starts."));
        return;
    }
    const QStringList lines = coarsening_.unsupported();
    for (const QString& line : lines) {
        auto* item = new QListWidgetItem(line, problems_);
        item->setForeground(toneColor(Tone::Caution, this));
    }
    if (!lines.isEmpty())
        showProblem(
            tr("Use Large attributes… to coarsen them here, so that the stream can support its domain."));
}

void ImportDialog::setCoarsening(Coarsening coarsening) {
    coarsening_ = std::move(coarsening);
    largeAttributes_->setEnabled(static_cast<bool>(coarsening_.choose));
}

void ImportDialog::chooseLargeAttributes() {
    if (!coarsening_.choose || !checkSettings()) return;
    const QString summary = coarsening_.choose(this);
    if (summary.isEmpty()) return;
    coarseningNote_->setText(tr("Large attributes: %1. The kept labels chosen by DP are drawn when the run "
                                "starts, after its confirmation.")
                                 .arg(summary));
    coarseningNote_->show();
}

QString ImportDialog::coarseningNoteText() const {
    return coarseningNote_->isVisible() ? coarseningNote_->text() : QString();
}

}  // namespace streamsynth::ui
