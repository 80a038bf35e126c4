// Included before every Qt Test suite (it is the test folders' precompiled
// header, tests/CMakeLists.txt): the suites of one folder share one
// executable, which saves a link, a moc pass and a main per suite. Here
// QTEST_MAIN and its variants register the suite's class under the suite's
// file name instead of defining main(); the shared main (suite_main.cpp) runs
// the suite named by its first argument, so CTest still runs each suite on
// its own, in its own process:
//   tests/core_io_tests test_release_spool [Qt Test options]
#pragma once

#include <QtCore>
#include <QtTest>

namespace streamsynth::test {

using SuiteRun = int (*)(int argc, char** argv);

// Registers run under file's base name (test_release_spool for
// .../test_release_spool.cpp); a name registered twice stops the program.
bool registerSuite(const char* file, SuiteRun run);

}  // namespace streamsynth::test

// As Qt's QTEST_MAIN_WRAPPER (qtest.h), without QTEST_SET_MAIN_SOURCE_PATH:
// the suites find their files through support/test_paths.h, so no absolute
// path of the checkout reaches the compiled code (docs/build-time.md). The
// names carry the suite's class, so that the suites of one folder can be
// compiled as one unity source (docs/build-time.md, "Unity builds").
#define STREAMSYNTH_REGISTER_SUITE(TestObject, ...)                                   \
    namespace {                                                                       \
    int streamsynthRunSuite_##TestObject(int argc, char** argv) {                     \
        QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();            \
        __VA_ARGS__                                                                   \
        TestObject tc;                                                                \
        return QTest::qExec(&tc, argc, argv);                                         \
    }                                                                                 \
    [[maybe_unused]] const bool streamsynthSuiteRegistered_##TestObject =             \
        streamsynth::test::registerSuite(__FILE__, streamsynthRunSuite_##TestObject); \
    }

#undef QTEST_APPLESS_MAIN
#undef QTEST_GUILESS_MAIN
#undef QTEST_MAIN
#define QTEST_APPLESS_MAIN(TestObject) STREAMSYNTH_REGISTER_SUITE(TestObject)
#define QTEST_GUILESS_MAIN(TestObject) \
    STREAMSYNTH_REGISTER_SUITE(TestObject, QTEST_QAPP_SETUP(QCoreApplication))
#define QTEST_MAIN(TestObject) STREAMSYNTH_REGISTER_SUITE(TestObject, QTEST_MAIN_SETUP())
