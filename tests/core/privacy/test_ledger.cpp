// Privacy ledger: refuses overspending per series and step, accepts exact
// spending despite floating-point rounding, sums, views, serialisation,
// per-series budgets in a combined ledger.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/string.hpp>
#include <cmath>
#include <sstream>

#include "core/privacy/ledger.h"
#include "core/values/error.h"

using namespace streamsynth;
using namespace streamsynth::privacy;

class TestLedger : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void acceptsRoundedExactSpending() {
        // 10 × 0.1 sums to 0.9999999999999999 or 1.0000000000000002 depending on
        // order; either must pass. So must the proposed split ε/(2k) × 2k for k = 3, 7.
        PrivacyLedger ledger(1.0);
        for (int i = 0; i < 10; ++i)
            ledger.charge({"baseline", ChargeKind::Measurement, "measurement", 0.1, 1, i + 1, "AB"});
        QVERIFY(std::abs(ledger.spent("baseline", 1) - 1.0) < 1e-12);
        for (int k : {3, 7}) {
            PrivacyLedger l(0.3);
            for (int r = 1; r <= k; ++r) {
                l.charge({"proposed", ChargeKind::Selection, "selection", 0.3 / (2 * k), 5, r, ""});
                l.charge({"proposed", ChargeKind::Measurement, "measurement", 0.3 / (2 * k), 5, r,
                          "w" + std::to_string(r)});
            }
            QVERIFY(std::abs(l.maxStepSpent("proposed") - 0.3) < 1e-12);
        }
    }
    void refusesOverspendingAndRecordsNothing() {
        PrivacyLedger ledger(1.0);
        ledger.charge({"proposed", ChargeKind::Selection, "selection", 0.5, 3, 1, ""});
        ledger.charge({"proposed", ChargeKind::Measurement, "measurement", 0.5, 3, 1, "AB"});
        try {
            ledger.charge({"proposed", ChargeKind::Selection, "selection", 1e-6, 3, 2, ""});
            QFAIL("overspent");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Privacy);
            QVERIFY(e.message().find("proposed") != std::string::npos);
            QVERIFY(e.message().find("step 3") != std::string::npos);
        }
        QCOMPARE(ledger.charges().size(), std::size_t{2});
        QVERIFY(!ledger.canCharge({"proposed", ChargeKind::Selection, "selection", 1e-6, 3, 2, ""}));
        // Other steps and other series have their own budget.
        ledger.charge({"proposed", ChargeKind::Selection, "selection", 1.0, 4, 1, ""});
        ledger.charge({"baseline", ChargeKind::Selection, "selection", 1.0, 3, 1, ""});
        QVERIFY_THROWS_EXCEPTION(
            Error, ledger.charge({"baseline", ChargeKind::Measurement, "measurement", 1.01, 9, 1, ""}));
    }
    void badEpsilonIsASettingError() {
        PrivacyLedger ledger(1.0);
        for (double bad : {0.0, -0.1, double(NAN), double(INFINITY)}) {
            try {
                ledger.charge({"s", ChargeKind::Selection, "selection", bad, 1, 1, ""});
                QFAIL("accepted a bad charge");
            } catch (const Error& e) {
                QCOMPARE(e.kind(), ErrorKind::Setting);
            }
        }
        QVERIFY_THROWS_EXCEPTION(Error, PrivacyLedger(0.0));
    }
    void sums() {
        PrivacyLedger ledger(2.0);
        ledger.charge({"a", ChargeKind::Selection, "selection", 0.5, 1, 1, ""});
        ledger.charge({"a", ChargeKind::Measurement, "measurement", 1.5, 1, 1, "X"});
        ledger.charge({"a", ChargeKind::Selection, "selection", 0.25, 2, 1, ""});
        ledger.charge({"b", ChargeKind::Selection, "selection", 0.75, 2, 1, ""});
        QCOMPARE(ledger.spent("a", 1), 2.0);
        QCOMPARE(ledger.spent("a", 2), 0.25);
        QCOMPARE(ledger.spent("a", 3), 0.0);
        QCOMPARE(ledger.remaining("a", 2), 1.75);
        QCOMPARE(ledger.totalSpent("a"), 2.25);
        QCOMPARE(ledger.maxStepSpent("a"), 2.0);
        QCOMPARE(ledger.totalSpent("b"), 0.75);
        QCOMPARE(ledger.series(), (std::vector<std::string>{"a", "b"}));
    }
    void stepSumsFollowRecordOrder() {
        // Amounts whose sum depends on the order of the additions, interleaved
        // over two series and three steps: spent() is each step's charges added
        // in record order, bit for bit, in the ledger that recorded them, in a
        // combined view that absorbed it and in one loaded from its save().
        PrivacyLedger ledger(1.0);
        const double amounts[] = {0.1, 0.2, 0.3, 1e-17, 0.05, 0.15, 0.07};
        int n = 0;
        for (int round = 1; round <= 4; ++round)
            for (const char* series : {"a", "b"})
                for (int step = 1; step <= 3; ++step)
                    ledger.charge({series, ChargeKind::Measurement, "measurement", amounts[n++ % 7], step,
                                   round, "w" + std::to_string(n)});
        PrivacyLedger combined(1.0);
        combined.absorb("a", ledger);
        combined.absorb("b", ledger);
        const PrivacyLedger loaded = PrivacyLedger::load(ledger.save());
        for (const char* series : {"a", "b"})
            for (int step = 1; step <= 3; ++step) {
                double inOrder = 0.0;
                for (const Charge& c : ledger.charges())
                    if (c.series == series && c.step == step) inOrder += c.amount;
                for (const PrivacyLedger* l :
                     std::initializer_list<const PrivacyLedger*>{&ledger, &combined, &loaded})
                    QVERIFY2(l->spent(series, step) == inOrder, series);  // exactly, not within a tolerance
            }
    }
    // save() keeps the bytes of the charges it has seen and encodes only new
    // ones: whatever the saves between the charges, and in a copy extended on
    // its own, the bytes are one archive of every field as written in full.
    void savedBytesAreOneArchiveOfEverything() {
        const auto inFull = [](const PrivacyLedger& l) {
            std::ostringstream out;
            {
                boost::archive::binary_oarchive ar(out);
                int version = 2;
                int model = static_cast<int>(l.model());
                double budget = l.budgetPerStep(), delta = l.conversionDelta();
                std::size_t n = l.charges().size();
                ar << version << model << budget << delta << n;
                for (const Charge& c : l.charges()) {
                    int kind = static_cast<int>(c.kind);
                    ar << c.series << kind << c.mechanism << c.amount << c.step << c.round << c.workload;
                }
            }
            return out.str();
        };
        PrivacyLedger ledger(1.0);
        QCOMPARE(ledger.save(), inFull(ledger));  // no charge yet
        for (int step = 1; step <= 6; ++step) {
            ledger.charge({"a", ChargeKind::Selection, "selection", 0.125, step, 1, ""});
            if (step % 2 == 0) QCOMPARE(ledger.save(), inFull(ledger));
            ledger.charge(
                {"a", ChargeKind::Measurement, "measurement", 0.25, step, 1, "age,w" + std::to_string(step)});
        }
        QCOMPARE(ledger.save(), inFull(ledger));
        QCOMPARE(ledger.save(), inFull(ledger));  // a save with nothing new
        PrivacyLedger copy = ledger;
        copy.charge({"a", ChargeKind::Selection, "selection", 0.5, 7, 1, ""});
        ledger.charge({"b", ChargeKind::Measurement, "measurement", 0.75, 7, 2, "sex"});
        QCOMPARE(copy.save(), inFull(copy));
        QCOMPARE(ledger.save(), inFull(ledger));
        QVERIFY(copy.save() != ledger.save());
        QCOMPARE(PrivacyLedger::load(ledger.save()).toJson(), ledger.toJson());
        // Moved: the new owner keeps the bytes; the emptied ledger, charged
        // again, saves its own charges only (its cache went with the others).
        PrivacyLedger moved = std::move(copy);
        QCOMPARE(moved.save(), inFull(moved));
        QVERIFY(copy.charges().empty());  // NOLINT(bugprone-use-after-move): what a move leaves
        for (int i = 0; i < 20; ++i)
            copy.charge({"c", ChargeKind::Selection, "selection", 0.01, i + 1, 1, ""});
        QCOMPARE(copy.save(), inFull(copy));
    }
    void viewsAndRoundTrip() {
        PrivacyLedger ledger(1.0);
        ledger.charge({"proposed", ChargeKind::Selection, "selection", 0.25, 1, 1, ""});
        ledger.charge({"proposed", ChargeKind::Measurement, "measurement", 0.25, 1, 1, "age,sex"});
        const std::string table = ledger.toTable();
        QVERIFY(table.find("age,sex") != std::string::npos);
        QVERIFY(table.find("max per step 0.5") != std::string::npos);
        const std::string json = ledger.toJson();
        QVERIFY(json.find("\"workload\":\"age,sex\"") != std::string::npos);
        QVERIFY(json.find("\"max_step_spent\":0.5") != std::string::npos);
        const PrivacyLedger back = PrivacyLedger::load(ledger.save());
        QCOMPARE(back.charges().size(), std::size_t{2});
        QCOMPARE(back.charges()[1].workload, std::string("age,sex"));
        QCOMPARE(back.budgetPerStep(), 1.0);
        QCOMPARE(back.toJson(), json);
        try {
            PrivacyLedger::load("not a ledger");
            QFAIL("loaded garbage");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Session);
        }
    }
    void jsonReadsBackExactly() {
        // Names that need escaping and amounts without a short decimal form:
        // the JSON is valid and every number reads back bit for bit.
        PrivacyLedger ledger(1.0);
        const std::string series = "s \"1\" \\ \n\x01";
        ledger.charge({series, ChargeKind::Selection, "exponential", 1.0 / 3, 1, 1, "a,b\t"});
        ledger.charge({series, ChargeKind::Measurement, "laplace", 0.1 + 0.2, 1, 1, ""});
        ledger.charge({series, ChargeKind::Measurement, "laplace", 1e-300, kWholeStreamStep, 1, ""});
        QJsonParseError error;
        const QJsonObject o =
            QJsonDocument::fromJson(QByteArray::fromStdString(ledger.toJson()), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(o["privacy_model"].toString(), QString("pure"));
        QCOMPARE(o["budget_unit"].toString(), QString("epsilon"));
        QCOMPARE(o["budget_per_step"].toDouble(), 1.0);
        QVERIFY(!o.contains("conversion_delta"));
        const QJsonArray charges = o["charges"].toArray();
        QCOMPARE(charges.size(), 3);
        for (qsizetype i = 0; i < charges.size(); ++i) {
            const Charge& c = ledger.charges()[static_cast<std::size_t>(i)];
            const QJsonObject j = charges[i].toObject();
            QCOMPARE(j["series"].toString().toStdString(), c.series);
            QCOMPARE(j["kind"].toString(), QString(chargeKindName(c.kind)));
            QCOMPARE(j["mechanism"].toString().toStdString(), c.mechanism);
            QCOMPARE(j["epsilon"].toDouble(), c.amount);  // exactly
            QCOMPARE(j["step"].toInt(), c.step);
            QCOMPARE(j["round"].toInt(), c.round);
            QCOMPARE(j["workload"].toString().toStdString(), c.workload);
        }
        const QJsonArray all = o["series"].toArray();
        QCOMPARE(all.size(), 1);
        const QJsonObject s = all[0].toObject();
        QCOMPARE(s["name"].toString().toStdString(), series);
        QCOMPARE(s["max_step_spent"].toDouble(), ledger.maxStepSpent(series));
        QCOMPARE(s["sum_over_steps_bookkeeping"].toDouble(), ledger.totalSpent(series));
        QCOMPARE(s["steps"].toInt(), 1);  // step 0 is not a time step
        QVERIFY(s["guarantee"].toString().startsWith("epsilon = 1 for the whole stream"));
    }
    void seriesBudgets() {
        // A combined ledger of series with different ε: each series is held
        // to its own budget, and the JSON says which budget each had.
        PrivacyLedger ledger(1.0);
        ledger.setSeriesBudget("eps0.5", 0.5);
        ledger.charge({"eps0.5", ChargeKind::Selection, "selection", 0.25, 1, 1, ""});
        ledger.charge({"eps0.5", ChargeKind::Measurement, "measurement", 0.25, 1, 1, "A"});
        QVERIFY(!ledger.canCharge({"eps0.5", ChargeKind::Selection, "selection", 0.01, 1, 2, ""}));
        QVERIFY_THROWS_EXCEPTION(
            Error, ledger.charge({"eps0.5", ChargeKind::Selection, "selection", 0.01, 1, 2, ""}));
        QCOMPARE(ledger.remaining("eps0.5", 1), 0.0);
        ledger.charge({"eps1", ChargeKind::Selection, "selection", 1.0, 1, 1,
                       ""});  // the others keep the ledger's budget
        QCOMPARE(ledger.budgetPerStep("eps0.5"), 0.5);
        QCOMPARE(ledger.budgetPerStep("eps1"), 1.0);
        const QJsonArray series =
            QJsonDocument::fromJson(QByteArray::fromStdString(ledger.toJson())).object()["series"].toArray();
        QCOMPARE(series.size(), 2);
        QCOMPARE(series[0]["name"].toString(), QString("eps0.5"));
        QCOMPARE(series[0]["budget_per_step"].toDouble(), 0.5);
        QCOMPARE(series[1]["name"].toString(), QString("eps1"));
        QCOMPARE(series[1]["budget_per_step"].toDouble(), 1.0);
        QVERIFY(ledger.toTable().find("eps0.5: max per step 0.5 of budget 0.5") != std::string::npos);
        // A series' budget cannot exceed the ledger's, nor fall below what
        // the series already spent at one step.
        QVERIFY_THROWS_EXCEPTION(Error, ledger.setSeriesBudget("x", 2.0));
        QVERIFY_THROWS_EXCEPTION(Error, ledger.setSeriesBudget("eps1", 0.5));
        QCOMPARE(ledger.budgetPerStep("eps1"), 1.0);
    }
};

QTEST_APPLESS_MAIN(TestLedger)
#include "test_ledger.moc"
