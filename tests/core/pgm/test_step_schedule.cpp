// The mirror-descent step schedules (core/pgm/step_schedule.h): v0's
// doubling every iteration, and the patient rule's waits, growth and
// backtracking, step by step.
#include <QtTest>

#include "core/pgm/step_schedule.h"

using namespace streamsynth::pgm;

class TestStepSchedule : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void doubling_always_doubles();
    void patient_keeps_growing_while_growth_holds();
    void patient_waits_after_a_backtrack();
    void patience_doubles_up_to_its_cap();
    void held_growth_resets_patience();
};

void TestStepSchedule::doubling_always_doubles() {
    StepSchedule s(StepRule::Doubling);
    for (int trials : {1, 3, 2, 25, 1}) {
        QCOMPARE(s.firstTrial(0.5), 1.0);
        s.record(trials);
    }
}

void TestStepSchedule::patient_keeps_growing_while_growth_holds() {
    StepSchedule s(StepRule::Patient);
    double step = 1;
    for (int t = 0; t < 5; ++t) {
        step = s.firstTrial(step);
        s.record(1);
    }
    QCOMPARE(step, 32.0);  // as v0 while every doubled trial is accepted
}

void TestStepSchedule::patient_waits_after_a_backtrack() {
    StepSchedule s(StepRule::Patient);
    QCOMPARE(s.firstTrial(1), 2.0);
    s.record(2);                     // backtracked: wait for one first-trial accept
    QCOMPARE(s.firstTrial(1), 1.0);  // the accepted step again
    s.record(1);
    QCOMPARE(s.firstTrial(1), 2.0);  // then grow
}

void TestStepSchedule::patience_doubles_up_to_its_cap() {
    StepSchedule s(StepRule::Patient);
    int expectedWait = 1;
    for (int round = 0; round < 7; ++round) {
        QCOMPARE(s.firstTrial(1), 2.0);  // a growth...
        s.record(3);                     // ...that fails
        for (int w = 0; w < expectedWait; ++w) {
            QCOMPARE(s.firstTrial(1), 1.0);
            s.record(1);
        }
        expectedWait = std::min(2 * expectedWait, StepSchedule::kMaxPatience);
    }
    QCOMPARE(expectedWait, StepSchedule::kMaxPatience);
}

void TestStepSchedule::held_growth_resets_patience() {
    StepSchedule s(StepRule::Patient);
    s.firstTrial(1);
    s.record(2);  // wait 1, patience 2
    s.firstTrial(1);
    s.record(1);
    QCOMPARE(s.firstTrial(1), 2.0);
    s.record(1);  // the growth held: patience back to 1
    QCOMPARE(s.firstTrial(2), 4.0);
    s.record(2);  // backtrack: wait 1 only
    QCOMPARE(s.firstTrial(2), 2.0);
    s.record(1);
    QCOMPARE(s.firstTrial(2), 4.0);
}

QTEST_APPLESS_MAIN(TestStepSchedule)
#include "test_step_schedule.moc"
