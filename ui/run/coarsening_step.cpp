// The coarsening proposal's settings and the accepted choice applied before a
// run (coarsening_step.h).
#include "ui/run/coarsening_step.h"

#include <QCoreApplication>

#include "core/api/privacy.h"
#include "core/api/workbench.h"

namespace streamsynth::ui {

// The context of this file's texts (translations/streamsynth_de.ts).
class CoarseningStep {
    Q_DECLARE_TR_FUNCTIONS(CoarseningStep)
};

QStringList applyCoarsening(api::Workbench& workbench, const AcceptedCoarsening& accepted,
                            stream::RunConfig& config) {
    api::checkCoarsenShare(accepted.request.share);
    const api::Coarsening c = workbench.coarsen(accepted.request, config);
    const QString unit = QString::fromUtf8(privacy::budgetName(config.privacy));
    QStringList lines;
    if (c.charge.amount > 0)
        lines << CoarseningStep::tr(
                     "Coarsening: kept labels chosen by DP (%1), %2 %3 charged once for the whole stream "
                     "before step 1 in every series' ledger")
                     .arg(QString::fromStdString(c.charge.mechanism), unit)
                     .arg(c.charge.amount, 0, 'g', 6);
    for (const api::CoarsenedAttribute& a : c.attributes) {
        QStringList kept;
        for (const std::string& label : a.kept) kept << QString::fromStdString(label);
        const QString text =
            a.parents ? CoarseningStep::tr(
                            "Coarsening: '%1' coarsened to its %2 parents of %3 labels (public hierarchy, no "
                            "budget spent): %4")
            : a.numeric
                ? CoarseningStep::tr(
                      "Coarsening: '%1' has its %3 bins merged into %2 (public edges, no budget spent): %4")
            : a.known
                ? CoarseningStep::tr(
                      "Coarsening: '%1' keeps %2 of %3 labels known to be public (no budget spent): %4 "
                      "(the rest are <other>)")
                : CoarseningStep::tr("Coarsening: '%1' keeps %2 of %3 labels: %4 (the rest are <other>)");
        lines << text.arg(QString::fromStdString(a.attribute))
                     .arg(a.kept.size())
                     .arg(a.labels)
                     .arg(kept.join(QStringLiteral(" | ")));
    }
    // Measured on movies by month: the coarsened columns are learnt through a
    // counter of their joint workload fed at every step (docs/history.md).
    const int pairCells = api::trackCoarsenedPairs(c, config);
    if (pairCells == 0) return lines;
    lines << CoarseningStep::tr(
                 "Coarsening: the coarsened attributes' joint workloads (%1 cells) are tracked as small "
                 "workloads (small cells %2, small share %3)")
                 .arg(pairCells)
                 .arg(config.accuracy.smallCells)
                 .arg(config.accuracy.smallShare);
    // Issue 52 item 1: with them in, the coarsened columns' pairs took half the rounds.
    if (config.accuracy.trackedInRounds == stream::TrackedInRounds::No)
        lines << CoarseningStep::tr(
            "Coarsening: the rounds leave the tracked workloads alone and measure the attributes the "
            "coarsening does not touch");
    return lines;
}

QString coarseningSummary(const AcceptedCoarsening& accepted) {
    QStringList parts;
    for (const api::CoarsenChoice& c : accepted.request.choices)
        parts << CoarseningStep::tr("%1 keeps %2").arg(QString::fromStdString(c.attribute)).arg(c.keep);
    for (const api::KnownLabels& k : accepted.request.known)
        parts << CoarseningStep::tr("%1 keeps %2 public labels")
                     .arg(QString::fromStdString(k.attribute))
                     .arg(k.labels.size());
    for (const api::LabelParents& p : accepted.request.parents)
        parts << CoarseningStep::tr("%1 to the parents of a public hierarchy")
                     .arg(QString::fromStdString(p.attribute));
    for (const api::CoarsenChoice& m : accepted.request.merges)
        parts << CoarseningStep::tr("%1 into %2 bins").arg(QString::fromStdString(m.attribute)).arg(m.keep);
    if (accepted.request.choices.empty()) return parts.join(QStringLiteral(", "));
    return CoarseningStep::tr("%1 (share %2)")
        .arg(parts.join(QStringLiteral(", ")))
        .arg(accepted.request.share);
}

}  // namespace streamsynth::ui
