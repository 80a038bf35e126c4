// The main of every test folder's executable (support/suite_main.h): runs the
// suite named by the first argument with the remaining arguments.
#include "support/suite_main.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace streamsynth::test {
namespace {

std::map<std::string, SuiteRun>& suites() {
    static std::map<std::string, SuiteRun> registered;
    return registered;
}

}  // namespace

bool registerSuite(const char* file, SuiteRun run) {
    const std::string name = std::filesystem::path(file).stem().string();
    if (!suites().emplace(name, run).second) {
        std::fprintf(stderr, "two suites named %s in one test executable\n", name.c_str());
        std::exit(2);
    }
    return true;
}

}  // namespace streamsynth::test

int main(int argc, char** argv) {
    const auto& suites = streamsynth::test::suites();
    const auto found = argc > 1 ? suites.find(argv[1]) : suites.end();
    if (found == suites.end()) {
        std::fprintf(stderr, "usage: %s SUITE [Qt Test options]\n%s; the suites here:", argv[0],
                     argc > 1 ? "no such suite" : "no suite named");
        for (const auto& [name, run] : suites) std::fprintf(stderr, " %s", name.c_str());
        std::fprintf(stderr, "\n");
        return 2;
    }
    // Qt Test sees the options without the suite's name, and a program name
    // as if the suite were its own executable (<prefix>_tests test_x ->
    // <prefix>_test_x): QCoreApplication::applicationName() and with it the
    // suite's QSettings file and temporary folders stay its own, so suites
    // that CTest runs at the same time never share them.
    std::string program = argv[0];
    const std::string suffix = "_tests";
    if (program.size() > suffix.size() &&
        program.compare(program.size() - suffix.size(), suffix.size(), suffix) == 0)
        program.resize(program.size() - suffix.size());
    program += "_" + found->first;
    std::vector<char*> args{program.data()};
    args.insert(args.end(), argv + 2, argv + argc);
    args.push_back(nullptr);
    return found->second(argc - 1, args.data());
}
