// The Large attributes preview for people (coarsening_text.h).
#include "ui/experiment/coarsening_text.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace streamsynth::ui {

namespace {

class CoarseningText {
    Q_DECLARE_TR_FUNCTIONS(CoarseningText)
};

}  // namespace

// Two significant digits, digit groups, plain notation: 0.14, 3.5, 1,200, 21,000.
QString roundedForPeople(double v) {
    if (!(v > 0) || !std::isfinite(v)) return QStringLiteral("0");
    const double scale = std::pow(10.0, std::floor(std::log10(v)) - 1);
    const double rounded = std::round(v / scale) * scale;
    const int decimals = std::max(0, 1 - static_cast<int>(std::floor(std::log10(v))));
    QString text = QLocale().toString(rounded, 'f', decimals);
    const QChar point = QLocale().decimalPoint().front();
    if (text.contains(point)) {  // 0.05, 5 (not 0.050, 5.0)
        while (text.endsWith(QLatin1Char('0'))) text.chop(1);
        if (text.endsWith(point)) text.chop(1);
    }
    return text;
}

namespace {

QString people(double v) {
    return roundedForPeople(v);
}

QString optionName(const api::CoarseningOption& o, bool numeric) {
    if (o.keep == 0) return CoarseningText::tr("full domain (%1 codes)").arg(o.codes);
    if (numeric) return CoarseningText::tr("%1 merged bins").arg(o.keep);
    if (o.parents) return CoarseningText::tr("%1 parents").arg(o.keep);
    if (o.known) return CoarseningText::tr("%1 public labels + <other>").arg(o.keep);
    return CoarseningText::tr("keep %1 + <other>").arg(o.keep);
}

QString optionLine(const api::CoarseningOption& o, bool numeric, bool proposed, const QString& step) {
    // The cell is that of the measurement that shows the attribute soonest: its own counts, or its
    // smallest table with another attribute (so the figures need not grow with fewer labels; a review
    // of 2026-12-01 read "rows per code" of a pair's cells).
    const QString shows =
        o.stepsNeeded < 1 ? CoarseningText::tr("it shows from the first %1").arg(step)
                          : CoarseningText::tr("it shows after about %1 steps").arg(people(o.stepsNeeded));
    const QString figures =
        CoarseningText::tr(
            "about %1 rows per cell of its best measurement each %3 against noise of about ±%2 rows at "
            "this ε; %4")
            .arg(people(o.rowsPerCell), people(o.noisePerCell), step, shows);
    // The proposal when no option is supported is the one closest to it: still better than the full domain.
    const QString verdict = o.supported ? CoarseningText::tr("supported")
                            : proposed  ? CoarseningText::tr(
                                              "not supported on this stream, but the closest (the "
                                               "proposal)")
                                       : CoarseningText::tr("not supported on this stream");
    return QStringLiteral("%1%2: %3: %4")
        .arg(proposed ? QStringLiteral("  ▸ ") : QStringLiteral("     "), optionName(o, numeric), figures,
             verdict);
}

QString headerLine(const api::AttributeCoarsening& a) {
    const QString name = QStringLiteral("'%1'").arg(QString::fromStdString(a.attribute));
    if (a.numeric) {
        bool helps = false;
        for (const api::CoarseningOption& o : a.options) helps = helps || (o.keep > 0 && o.supported);
        return helps ? CoarseningText::tr(
                           "%1 (%2 bins): merging adjacent public bins makes it supported (no "
                           "budget spent)")
                           .arg(name)
                           .arg(a.labels)
                     : CoarseningText::tr(
                           "%1 (%2 bins): not supported even with its bins merged (merged only "
                           "when ticked)")
                           .arg(name)
                           .arg(a.labels);
    }
    if (a.parents)
        return CoarseningText::tr(
                   "%1 (%2 labels): coarsened to its %3 parents (public hierarchy: no budget spent)")
            .arg(name)
            .arg(a.labels)
            .arg(a.proposedKeep);
    if (a.known)
        return CoarseningText::tr("%1 (%2 labels): keeps %3 public labels + <other> (no budget spent)")
            .arg(name)
            .arg(a.labels)
            .arg(a.proposedKeep);
    return CoarseningText::tr("%1 (%2 labels): proposed keep %3 + <other>")
        .arg(name)
        .arg(a.labels)
        .arg(a.proposedKeep);
}

}  // namespace

QStringList coarseningPreviewText(const std::vector<api::AttributeCoarsening>& proposal,
                                  const QString& stepWord) {
    const QString step = stepWord.isEmpty() ? CoarseningText::tr("step") : stepWord;
    QStringList lines;
    for (const api::AttributeCoarsening& a : proposal) {
        lines << headerLine(a);
        for (const api::CoarseningOption& o : a.options)
            lines << optionLine(o, a.numeric, o.keep == a.proposedKeep, step);
    }
    return lines;
}

QString stepWordOf(const data::StreamSettings& settings) {
    if (settings.batch) return CoarseningText::tr("batch");
    if (!settings.time || settings.time->count != 1) return CoarseningText::tr("step");
    switch (settings.time->unit) {
        case data::PeriodUnit::Day:
            return CoarseningText::tr("day");
        case data::PeriodUnit::Week:
            return CoarseningText::tr("week");
        case data::PeriodUnit::TwoWeeks:
            return CoarseningText::tr("fortnight");
        case data::PeriodUnit::Month:
            return CoarseningText::tr("month");
        case data::PeriodUnit::Quarter:
            return CoarseningText::tr("quarter");
        case data::PeriodUnit::Year:
            return CoarseningText::tr("year");
        case data::PeriodUnit::Units:
            break;
    }
    return CoarseningText::tr("step");
}

}  // namespace streamsynth::ui
