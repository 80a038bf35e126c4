// Sparse columns the 1-way noise test rejects (splitSpikes and the
// tracker's `james-stein-spikes`, the default): pure noise rarely shows a
// spike, a spike well above the threshold is always found, a capital-gain
// like column is recovered where the gate gives nothing, and the tracker
// gives such a column to the fit only from its counter's kSpikeMinFeeds-th
// feed, never with `james-stein`. Statistical checks with fixed seeds.
#include <QtTest>
#include <cmath>
#include <cstdint>
#include <optional>

#include "core/privacy/rng.h"
#include "core/stream/one_way_tracker.h"
#include "core/stream/tracker_rig.h"

using namespace streamsynth;
using test::laplaceDraw;

namespace {

// Total-variation distance between two histograms' shares.
double spikeTv(const std::vector<double>& a, const std::vector<double>& b) {
    double sa = 0, sb = 0, d = 0;
    for (std::size_t c = 0; c < a.size(); ++c) sa += a[c], sb += b[c];
    for (std::size_t c = 0; c < a.size(); ++c) d += std::fabs(a[c] / sa - b[c] / sb);
    return d / 2;
}

}  // namespace

class TestSpikeSplit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Pure Laplace noise on a flat column of 100 cells: a spike shows with
    // probability at most α/2 = 0.0015 by the threshold's construction
    // (one-sided tail of each cell, union over the cells). 4,000 trials
    // expect at most 6; the bound allows the mean plus 3 sd of a binomial.
    // The rate of a single draw's crossing is also checked from below: the
    // threshold is not so high that nothing could ever cross it.
    void pureNoiseRarelyShowsASpike() {
        auto rng = privacy::makeSeededRng(71, "spike-rate");
        const int trials = 4000;
        const std::size_t n = 100;
        const double b = 30, variance = 2 * b * b;
        int withSpike = 0;
        for (int t = 0; t < trials; ++t) {
            std::vector<double> c(n);
            for (double& v : c) v = 500 + laplaceDraw(*rng, b);
            if (stream::splitSpikes(c, variance).spikes > 0) ++withSpike;
        }
        const double mean = stream::kSpikeFalseAlarm / 2 * trials;
        QVERIFY2(withSpike <= mean + 3 * std::sqrt(mean),
                 qPrintable(QString("%1 of %2").arg(withSpike).arg(trials)));
        // At a false-alarm level of 0.3 instead of 0.003 the same noise
        // shows spikes often (about 30 of 200): the statistic is alive.
        int loose = 0;
        for (int t = 0; t < 200; ++t) {
            std::vector<double> c(n);
            for (double& v : c) v = 500 + laplaceDraw(*rng, b);
            if (stream::splitSpikes(c, variance, 0.3).spikes > 0) ++loose;
        }
        QVERIFY2(loose >= 5, qPrintable(QString::number(loose)));
    }

    // A cell 15 sd above the rest (the threshold at n = 100 is 7.4 sd) is found
    // in every trial, alone, and keeps its count; the other cells keep their
    // total (shrinkTowardFlat of their own).
    void clearSpikeIsFoundAndKept() {
        auto rng = privacy::makeSeededRng(72, "spike-found");
        const std::size_t n = 100;
        const double b = 30, sigma = std::sqrt(2.0) * b;
        for (int t = 0; t < 500; ++t) {
            std::vector<double> c(n);
            for (double& v : c) v = 500 + laplaceDraw(*rng, b);
            c[7] += 15 * sigma;
            const stream::SpikeSplit s = stream::splitSpikes(c, 2 * b * b);
            QCOMPARE(s.spikes, std::size_t{1});
            QCOMPARE(s.values[7], c[7]);
            double restIn = 0, restOut = 0;
            for (std::size_t i = 0; i < n; ++i)
                if (i != 7) restIn += c[i], restOut += s.values[i];
            QVERIFY(std::fabs(restIn - restOut) < 1e-6 * std::fabs(restIn));
        }
    }

    // A sparse column like Adult's capital-gain (100 codes, 92% of 48,842
    // rows in code 0, a few hundred in five others) under a simple counter's
    // noise after ~1,000 feeds (σ = 3,400 a cell): the L1 gate rejects it
    // (the noise's L1 is ~270,000 against the column's 90,000 from flat), the
    // spike split finds code 0 and lands far closer than flat (TV 0.92).
    void sparseColumnIsRecovered() {
        auto rng = privacy::makeSeededRng(73, "spike-sparse");
        std::vector<double> truth(100, 20.0);
        truth[0] = 45000;
        for (int c : {3, 11, 40, 41, 77}) truth[static_cast<std::size_t>(c)] = 300;
        const double sigma = 3400, b = sigma / std::sqrt(2.0);
        const std::vector<double> flat(100, 1.0);
        int rejected = 0;
        double meanTv = 0;
        const int trials = 200;
        for (int t = 0; t < trials; ++t) {
            std::vector<double> c = truth;
            for (double& v : c) v += laplaceDraw(*rng, b);
            if (!stream::oneWayInformative(c, sigma * sigma)) ++rejected;
            const stream::SpikeSplit s = stream::splitSpikes(c, sigma * sigma);
            QCOMPARE(s.spikes, std::size_t{1});
            QCOMPARE(s.values[0], c[0]);  // kept as counted: within 6 sd of 45,000 (e^{-8.5}/2 a trial)
            QVERIFY(std::fabs(s.values[0] - truth[0]) < 6 * sigma);
            std::vector<double> est = s.values;
            for (double& v : est) v = std::max(v, 0.0);  // TV needs shares
            meanTv += spikeTv(est, truth) / trials;
        }
        // What is left is the other 99 cells' noisy total (sd √99·σ = 33,800
        // rows, E|·| ≈ 27,000 against the true 3,500): its shares, about
        // 27,000 / (45,000 + 27,000) ≈ 0.37 of the mass where it is positive
        // and none where it is negative (clamped), give a mean TV near 0.25.
        // The bound 0.3 leaves 0.05 above that, far below flat's 0.92.
        QVERIFY2(meanTv < 0.3, qPrintable(QString::number(meanTv)));
        QVERIFY2(spikeTv(flat, truth) > 0.9, "flat is far from the truth");
        QVERIFY2(rejected >= trials * 9 / 10,
                 qPrintable(QString("the gate rejected %1 of %2").arg(rejected).arg(trials)));
    }

    // The tracker: X (100 codes) gets 50 rows a step, all in code 0, with a
    // 1-way share small enough that the gate rejects C_X(t) for the first
    // steps while code 0 stands out. With james-stein-spikes the fit gets
    // nothing for X before the 10th feed and the spike split of C_X(t) from
    // it on (when it finds a spike and the gate still rejects); with
    // james-stein never anything while the gate rejects.
    void trackerFitsSpikesFromTheTenthFeed() {
        const data::Domain domain({{"X", 100}, {"Y", 2}});
        const marginals::WorkloadSet ws(domain, {marginals::Workload{{0, 1}}});
        auto run = [&](stream::OneWayShrink shrink) {
            test::TrackerRig rig(ws, 0.5, 74, "spike-tracker");
            rig.env.settings.accuracy.oneWayShare = 0.2;
            rig.env.settings.accuracy.smallShare = 0;
            rig.env.settings.accuracy.oneWayShrink = shrink;
            stream::OneWayTracker tracker = rig.tracker();
            marginals::Marginal xy(200, 0.0);
            xy[0] = 50;               // (X = 0, Y = 0)
            std::vector<int> fitted;  // the steps X reached the fit at
            std::vector<std::optional<fit::Measurement>> ofX;
            for (int t = 1; t <= 30; ++t) {
                std::optional<fit::Measurement> x;
                for (const auto& m : tracker.feed({xy}, {marginals::Marginal(200, 0.0)}, t))
                    if (m.attrs == std::vector<int>{0}) x = m;
                if (x) fitted.push_back(t);
                ofX.push_back(x);
            }
            return std::make_pair(fitted, ofX);
        };
        const auto [spikes, spikeValues] = run(stream::OneWayShrink::JamesSteinSpikes);
        const auto [plain, plainValues] = run(stream::OneWayShrink::JamesStein);
        QVERIFY2(!spikes.empty(), "the spike split reaches the fit");
        QVERIFY2(spikes.front() >= static_cast<int>(stream::kSpikeMinFeeds),
                 qPrintable(QString::number(spikes.front())));
        // Where james-stein gives X nothing, the gate rejected C_X(t); there
        // james-stein-spikes gives code 0 as counted and a far smaller rest.
        int onlySpikes = 0;
        for (int t : spikes) {
            if (plainValues[static_cast<std::size_t>(t - 1)]) continue;
            ++onlySpikes;
            const auto& v = spikeValues[static_cast<std::size_t>(t - 1)]->values;
            double rest = 0;
            for (std::size_t c = 1; c < v.size(); ++c) rest = std::max(rest, v[c]);
            QVERIFY2(v[0] > 0.5 * 50 * t && v[0] > rest,
                     qPrintable(QString("step %1: code 0 %2, largest other %3").arg(t).arg(v[0]).arg(rest)));
        }
        QVERIFY2(onlySpikes > 0, "some step's counter was rejected by the gate but had a spike");
        // Before the 10th feed both give the same (nothing, or the gate's own).
        for (std::size_t t = 0; t + 1 < static_cast<std::size_t>(stream::kSpikeMinFeeds); ++t)
            QCOMPARE(static_cast<bool>(spikeValues[t]), static_cast<bool>(plainValues[t]));
    }
};

QTEST_APPLESS_MAIN(TestSpikeSplit)
#include "test_spike_split.moc"
