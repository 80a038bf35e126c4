// Support findings in words (see support_text.h).
#include "ui/experiment/support_text.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

#include "ui/experiment/coarsening_text.h"

namespace streamsynth::ui {
namespace {

class SupportText {
    Q_DECLARE_TR_FUNCTIONS(SupportText)
};

QString name(const api::SupportFinding& f) {
    return QStringLiteral("'%1'").arg(QString::fromStdString(f.attribute));
}

QString figures(const api::SupportFinding& f, const QString& step) {
    // A counter fed in blocks (batched streams only): its noise is one block's.
    if (f.blockSteps > 1)
        return SupportText::tr(
                   "about %1 rows per cell each %2 against noise of about ±%3 per cell (%4 cells, counted "
                   "once every %5 batches)")
            .arg(roundedForPeople(f.rowsPerCell), step, roundedForPeople(f.noisePerCell))
            .arg(static_cast<long long>(f.cells))
            .arg(f.blockSteps);
    return SupportText::tr("about %1 rows per cell each %2 against noise of about ±%3 per cell (%4 cells)")
        .arg(roundedForPeople(f.rowsPerCell), step, roundedForPeople(f.noisePerCell))
        .arg(static_cast<long long>(f.cells));
}

QString streamLine(const api::SupportFinding& f, const QString& step) {
    const QString steps = std::isfinite(f.stepsNeeded) ? roundedForPeople(std::ceil(f.stepsNeeded))
                                                       : SupportText::tr("endless");
    if (f.overStream)
        return SupportText::tr("%1: %2; it shows only after about %3 of the stream's %4 steps")
            .arg(name(f), figures(f, step), steps)
            .arg(f.steps);
    return SupportText::tr(
               "%1 cannot be learnt on this stream: %2; it would take about %3 steps and the stream has "
               "%4, so expect it close to uniform in the releases")
        .arg(name(f), figures(f, step), steps)
        .arg(f.steps);
}

// One line for a baseline that fits each step from its own rows only.
QString perStepLine(const std::string& series, const std::vector<const api::SupportFinding*>& fs,
                    const QString& step) {
    QStringList items;
    for (const api::SupportFinding* f : fs)
        items << SupportText::tr("%1 (about %2 rows per cell against ±%3)")
                     .arg(name(*f), roundedForPeople(f->rowsPerCell), roundedForPeople(f->noisePerCell));
    return SupportText::tr(
               "%1: each %2 is fitted from its own rows only, so no %2 can show %n attribute(s), which will "
               "look close to uniform, or like noise, in its releases: %3",
               nullptr, static_cast<int>(fs.size()))
        .arg(QString::fromStdString(series), step, items.join(QStringLiteral(", ")));
}

}  // namespace

QStringList supportText(const std::vector<api::SupportFinding>& findings, const QString& stepWord) {
    const QString step = stepWord.isEmpty() ? SupportText::tr("step") : stepWord;
    bool baselines = false;
    for (const api::SupportFinding& f : findings) baselines = baselines || !f.series.empty();
    QStringList lines;
    std::vector<std::string> grouped;  // baselines fitted per step, in order
    for (const api::SupportFinding& f : findings) {
        if (f.fittedPerStep) {
            if (std::find(grouped.begin(), grouped.end(), f.series) == grouped.end())
                grouped.push_back(f.series);
            continue;
        }
        const QString who =
            f.series.empty() ? SupportText::tr("proposed streamer") : QString::fromStdString(f.series);
        lines << (baselines ? who + QStringLiteral(": ") : QString()) + streamLine(f, step);
    }
    for (const std::string& series : grouped) {
        std::vector<const api::SupportFinding*> fs;
        for (const api::SupportFinding& f : findings)
            if (f.fittedPerStep && f.series == series) fs.push_back(&f);
        lines << perStepLine(series, fs, step);
    }
    return lines;
}

}  // namespace streamsynth::ui
