// ε in plain words in the four places it is chosen (issue 47): the
// experiment panel, the import dialog, the target-accuracy dialog and the
// release confirmation. Each shows the summary and the details, with the
// figures the run and the planner use: e^ε, the noisy marginals' 95%
// half-width from the counter's theoretical variance, the planner's share
// figure, and the split of the budget.
#include <QCheckBox>
#include <QFile>
#include <QLineEdit>
#include <QSpinBox>
#include <QToolButton>
#include <QtTest>
#include <cmath>

#include "core/api/run.h"
#include "core/api/workbench.h"
#include "core/values/schema.h"
#include "support/test_data.h"
#include "ui/experiment/coarsening_text.h"
#include "ui/experiment/experiment_panel.h"
#include "ui/experiment/privacy_words.h"
#include "ui/experiment/target_accuracy_dialog.h"
#include "ui/import/import_dialog.h"
#include "ui/session/release_guard.h"
#include "ui/window/main_window.h"

using namespace streamsynth;

class TestPrivacyWords : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The words: whom, how strongly (with a warning when weak), each figure labelled exact or model.
    void wordsLabelEachFigure() {
        api::PlainPrivacyRequest r;
        stream::setFixedOneWayShare(r.plan.accuracy, 0);
        r.plan.accuracy.smallShare = 0;
        r.plan.steps = 10;
        r.published = {{"proposed-simple", true, 7.64}};
        const api::PlainPrivacy p = api::describePrivacy(r);
        const QString summary = ui::privacySummaryText(p);
        QVERIFY2(summary.contains("7.6") && summary.contains("2,100") && summary.contains("very weak"),
                 qPrintable(summary));
        const QString details = ui::privacyDetailsHtml(p, "month");
        QVERIFY2(details.contains("each row of the table") && details.contains("Not each person"),
                 qPrintable(details));
        QVERIFY(details.contains("A weak bound"));
        QVERIFY(details.contains("(exact)") && details.contains("for each number separately"));
        QVERIFY2(details.contains(" is split into ") &&
                     details.contains(" for choosing which workloads to measure") &&
                     details.contains(" for measuring them"),
                 qPrintable(details));
    }

    // "At most" never understates (review 2026-12-01): the factor is rounded up, and taken at
    // the ε as printed when that is rounded up (1.66 shows as 1.7: e^1.7 = 5.47).
    void atMostNeverUnderstates() {
        api::PlainPrivacyRequest r;
        stream::setFixedOneWayShare(r.plan.accuracy, 0);
        r.plan.accuracy.smallShare = 0;
        r.plan.steps = 10;
        const QList<QPair<double, QString>> cases = {
            {1.0, "ε = 1 in total: a conclusion about one row becomes at most 2.8 times"},
            {1.66, "ε = 1.7 in total: a conclusion about one row becomes at most 5.5 times"},
            {16.6, "ε = 17 in total: a conclusion about one row becomes at most 25 million times"},
            {50, "at most 10^22 times"}};
        for (const auto& [epsilon, words] : cases) {
            r.published = {{"proposed-simple", true, epsilon}};
            const QString summary = ui::privacySummaryText(api::describePrivacy(r));
            QVERIFY2(summary.contains(words), qPrintable(summary));
        }
    }

    // Two of three series published: their total, not "one published series"
    // (a GUI review of 2026-12-01 read "ε = 2 for one published series").
    void somePublishedSayTheirTotal() {
        api::PlainPrivacyRequest r;
        stream::setFixedOneWayShare(r.plan.accuracy, 0);
        r.plan.accuracy.smallShare = 0;
        r.plan.steps = 10;
        r.published = {{"baseline", false, 1}, {"proposed-simple", true, 1}};
        r.others = {{"proposed-hybrid", true, 1}};
        const QString two = ui::privacySummaryText(api::describePrivacy(r));
        QVERIFY2(two.startsWith("ε = 2 in total for the 2 published series") &&
                     two.contains("each other series published would add its ε"),
                 qPrintable(two));
        r.published.pop_back();
        const QString one = ui::privacySummaryText(api::describePrivacy(r));
        QVERIFY2(one.startsWith("ε = 1 for one published series"), qPrintable(one));
    }

    // The experiment panel: ε = 1 on the bundled Adult (batches of 1,000: the share figure too).
    void experimentPanelSaysWhatEpsilonMeans() {
        ui::MainWindow window;
        QVERIFY(window.openBundledAdult());
        ui::ExperimentPanel* panel = window.experimentPanel();
        panel->selectSeries({"baseline", "simple"});
        panel->epsilonEdit()->setText("1");
        panel->roundsSpin()->setValue(5);
        ui::PrivacyWords* words = panel->privacyWords();
        // One series described; the other would add its ε if published.
        QVERIFY2(words->summary().contains("ε = 1 for one published series"), qPrintable(words->summary()));
        QVERIFY2(words->details().contains("Publishing all 2 series of the run would give ε = 2"),
                 qPrintable(words->details()));
        QVERIFY(words);
        QVERIFY2(words->summary().contains("ε = ") && words->summary().contains("times more or less likely"),
                 qPrintable(words->summary()));
        const api::PlainPrivacy p = api::describePrivacy(panel->privacyRequest());
        QVERIFY(p.hasShareFigure);  // the batch size is public
        QVERIFY2(
            words->details().contains("rows ±" + ui::roundedForPeople(1.96 * p.marginalSeOnce) + " rows"),
            qPrintable(words->details()));
        QVERIFY(words->details().contains("±" + ui::roundedForPeople(p.shareErrorPoints) + " points"));
        QVERIFY(!words->expanded());
        words->setExpanded(true);
        QVERIFY(words->expanded());
        QVERIFY(words->findChild<QToolButton*>()->text() == "Hide");
    }

    // The import dialog: the budget from the experiment panel, said in words beside the noise.
    void importDialogSaysWhatEpsilonMeans() {
        api::Workbench workbench;
        ui::ImportDialog dialog(workbench, test::dataFile("movies.csv"));
        dialog.setNoiseSettings(privacy::PrivacyModel::Pure, {2.0}, 4);
        QVERIFY(dialog.privacyWords());
        QVERIFY2(dialog.privacyWords()->summary().contains("ε = 2 in total"),
                 qPrintable(dialog.privacyWords()->summary()));
        api::PlainPrivacyRequest same;
        same.plan.rounds = 4;
        same.published = {{"proposed", true, 2.0}};
        const api::PlainPrivacy p = api::describePrivacy(same);
        QVERIFY2(dialog.privacyWords()->details().contains(
                     "±" + ui::roundedForPeople(1.96 * p.marginalSeOnce) + " rows"),
                 qPrintable(dialog.privacyWords()->details()));
    }

    // The target-accuracy dialog: what the proposed budget means.
    void targetAccuracyDialogSaysWhatTheProposalMeans() {
        ui::MainWindow window;
        QVERIFY(window.openBundledAdult());
        ui::PlanContext context = window.experimentPanel()->planContext();
        context.request.steps = 5;  // a short stream: the planner answers in a moment
        ui::TargetAccuracyDialog dialog(context);
        dialog.boundEdit()->setText(QStringLiteral("5"));
        dialog.probabilityEdit()->setText(QStringLiteral("0.95"));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTRY_VERIFY_WITH_TIMEOUT(dialog.proposedBudget() > 0, 60000);
        const QString summary = dialog.privacyWords()->summary();
        QVERIFY2(summary.contains("ε = " + ui::roundedForPeople(dialog.proposedBudget())),
                 qPrintable(summary));
    }

    // The release confirmation: the words follow the ticked series (their budgets add up).
    void releaseConfirmationFollowsTheTicks() {
        stream::RunConfig config;
        stream::SeriesConfig a;
        a.id = "proposed-simple";
        a.streamer = stream::StreamerKind::Proposed;
        a.budget = privacy::Budget::of(privacy::PrivacyModel::Pure, 1);
        stream::SeriesConfig b = a;
        b.id = "baseline";
        b.streamer = stream::StreamerKind::Baseline;
        config.series = {a, b};
        api::StreamBudget budget;
        ui::ReleaseConfirmDialog dialog(config, 1, 5, "t.csv", "/tmp/out", false, budget, "registry");
        dialog.setPrivacyWords(
            [&](const std::vector<std::string>& ids) {
                api::PlainPrivacyRequest r;
                for (const stream::SeriesConfig& s : config.series)
                    if (std::find(ids.begin(), ids.end(), s.id) != ids.end())
                        r.published.push_back({s.id, s.streamer == stream::StreamerKind::Proposed, 1.0});
                return r;
            },
            "batch");
        QVERIFY(dialog.privacyWords()->summary().contains("Tick a series"));
        dialog.publishCheck("proposed-simple")->setChecked(true);
        QVERIFY2(dialog.privacyWords()->summary().contains("ε = 1 in total"),
                 qPrintable(dialog.privacyWords()->summary()));
        dialog.publishCheck("baseline")->setChecked(true);
        QVERIFY(dialog.privacyWords()->summary().contains("ε = 2 in total"));
        QVERIFY(dialog.privacyWords()->details().contains("they add up"));
    }

    // The guide's worked example (Help ▸ Guide, "What ε means") is the panel's: Adult in batches of
    // 1,000, 49 steps, ε = 1, k = 5, the proposed streamer with its default shares.
    void guideWorkedExampleIsThePanels() {
        api::PlainPrivacyRequest r;
        r.plan.domain = data::readSchema(test::dataPath("adult-domain.json")).domain();
        r.plan.rounds = 5;
        r.plan.steps = 49;
        r.plan.rowsPerStep = 1000;
        r.plan.rowsArePublic = true;
        r.published = {{"proposed-simple", true, 1.0}};
        const api::PlainPrivacy p = api::describePrivacy(r);
        const QStringList figures{
            ui::roundedForPeople(p.likelihood), ui::roundedForPeople(1.96 * p.marginalSeOnce),
            ui::roundedForPeople(1.96 * p.marginalSeAll), ui::roundedForPeople(p.shareErrorPoints)};
        for (const char* resource : {":/guide/guide_en.html", ":/guide/guide_de.html"}) {
            QFile file(resource);
            QVERIFY2(file.open(QIODevice::ReadOnly), resource);
            const QString guide = QString::fromUtf8(file.readAll());
            const int at = guide.indexOf("id=\"plain\"");
            QVERIFY2(at >= 0, resource);
            const QString section = guide.mid(at, guide.indexOf("<h2", at) - at);
            for (QString f : figures) {
                if (QString(resource).contains("_de")) {  // German separators: 2.100 and 2,7
                    f.replace(',', '#').replace('.', ',').replace('#', '.');
                }
                QVERIFY2(section.contains(f), qPrintable(QString("%1 lacks %2").arg(resource, f)));
            }
        }
    }
};

QTEST_MAIN(TestPrivacyWords)
#include "test_privacy_words.moc"
