// The mirror-descent step schedules (core/pgm/step_schedule.h): v0's
// doubling every iteration, and the patient rule's waits, growth,
// backtracking and its jump back to twice its base, step by step.
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
    void held_growth_halves_patience();
    void doubling_always_halves_after_a_rejection();
    void patient_jumps_back_to_twice_its_base();
    void patient_halves_near_its_base_and_after_the_first_trial();
};

void TestStepSchedule::doubling_always_doubles() {
    StepSchedule s(StepRule::Doubling);
    for (int trials : {1, 3, 2, 25, 1}) {
        QCOMPARE(s.firstTrial(0.5), 1.0);
        s.record(trials, 1.0);
    }
}

void TestStepSchedule::patient_keeps_growing_while_growth_holds() {
    StepSchedule s(StepRule::Patient);
    double step = 1;
    for (int t = 0; t < 5; ++t) {
        step = s.firstTrial(step);
        s.record(1, 1.0);
    }
    QCOMPARE(step, 32.0);  // as v0 while every doubled trial is accepted
}

void TestStepSchedule::patient_waits_after_a_backtrack() {
    StepSchedule s(StepRule::Patient);
    QCOMPARE(s.firstTrial(1), 2.0);
    s.record(2, 1.0);                // backtracked: wait for one first-trial accept
    QCOMPARE(s.firstTrial(1), 1.0);  // the accepted step again
    s.record(1, 1.0);
    QCOMPARE(s.firstTrial(1), 2.0);  // then grow
}

void TestStepSchedule::patience_doubles_up_to_its_cap() {
    StepSchedule s(StepRule::Patient);
    int expectedWait = 1;
    for (int round = 0; round < 7; ++round) {
        QCOMPARE(s.firstTrial(1), 2.0);  // a growth...
        s.record(3, 1.0);                // ...that fails
        for (int w = 0; w < expectedWait; ++w) {
            QCOMPARE(s.firstTrial(1), 1.0);
            s.record(1, 1.0);
        }
        expectedWait = std::min(2 * expectedWait, StepSchedule::kMaxPatience);
    }
    QCOMPARE(expectedWait, StepSchedule::kMaxPatience);
}

void TestStepSchedule::held_growth_resets_patience() {
    StepSchedule s(StepRule::Patient);
    s.firstTrial(1);
    s.record(2, 1.0);  // wait 1, patience 2
    s.firstTrial(1);
    s.record(1, 1.0);
    QCOMPARE(s.firstTrial(1), 2.0);
    s.record(1, 1.0);  // the growth held: patience back to 1
    QCOMPARE(s.firstTrial(2), 4.0);
    s.record(2, 1.0);  // backtrack: wait 1 only
    QCOMPARE(s.firstTrial(2), 2.0);
    s.record(1, 1.0);
    QCOMPARE(s.firstTrial(2), 4.0);
}

void TestStepSchedule::held_growth_halves_patience() {
    StepSchedule s(StepRule::Patient);
    int wait = 1;
    for (int backtracks = 0; backtracks < 4; ++backtracks) {  // patience 1, 2, 4, 8, then 16
        QCOMPARE(s.firstTrial(1), 2.0);
        s.record(2, 1.0);
        for (int w = 0; w < wait; ++w) {
            QCOMPARE(s.firstTrial(1), 1.0);
            s.record(1, 1.0);
        }
        wait *= 2;
    }
    QCOMPARE(s.firstTrial(1), 2.0);
    s.record(1, 2.0);  // held: patience 16 → 8
    QCOMPARE(s.firstTrial(2), 4.0);
    s.record(2, 2.0);  // backtrack: wait 8
    for (int w = 0; w < 8; ++w) {
        QCOMPARE(s.firstTrial(2), 2.0);
        s.record(1, 2.0);
    }
    QCOMPARE(s.firstTrial(2), 4.0);
}

void TestStepSchedule::doubling_always_halves_after_a_rejection() {
    StepSchedule s(StepRule::Doubling);
    s.record(3, 0.25);  // a base would be 0.25, but v0 has none
    QCOMPARE(s.afterRejection(64, 1), 32.0);
    QCOMPARE(s.afterRejection(32, 2), 16.0);
}

void TestStepSchedule::patient_jumps_back_to_twice_its_base() {
    StepSchedule s(StepRule::Patient);
    QCOMPARE(s.afterRejection(64, 1), 32.0);  // no backtracking yet: no base
    s.record(3, 0.25);                        // backtracked to 0.25: the base
    QCOMPARE(s.afterRejection(64, 1), 0.5);   // a failed long first trial: twice the base
    s.record(1, 0.25);                        // a first-trial accept keeps the base
    QCOMPARE(s.afterRejection(4, 1), 0.5);
    s.record(2, 1.0);  // a new backtracking iteration sets a new base
    QCOMPARE(s.afterRejection(4, 1), 2.0);
    QCOMPARE(s.afterRejection(16, 1), 2.0);
}

void TestStepSchedule::patient_halves_near_its_base_and_after_the_first_trial() {
    StepSchedule s(StepRule::Patient);
    s.record(2, 1.0);
    QCOMPARE(s.afterRejection(4, 1), 2.0);    // twice the base is the half: halve
    QCOMPARE(s.afterRejection(3, 1), 1.5);    // the half is below twice the base
    QCOMPARE(s.afterRejection(64, 2), 32.0);  // only the first trial jumps
    s.record(25, 0.0);                        // nothing accepted: the base stays
    QCOMPARE(s.afterRejection(64, 1), 2.0);
}

QTEST_APPLESS_MAIN(TestStepSchedule)
#include "test_step_schedule.moc"
