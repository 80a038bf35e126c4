// Replays files through a fuzz target's LLVMFuzzerTestOneInput without
// libFuzzer (the normal build, any compiler): every file of every folder
// given is one input. CTest runs it over the checked-in seed corpus and the
// regression inputs (tests/fuzz/corpus, tests/fuzz/regressions), so each
// finding stays fixed. Exit 1 names a folder that is missing or empty.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
    namespace fs = std::filesystem;
    int inputs = 0;
    for (int i = 1; i < argc; ++i) {
        std::error_code ec;
        if (!fs::is_directory(argv[i], ec)) {
            std::fprintf(stderr, "replay: %s is not a folder of inputs\n", argv[i]);
            return 1;
        }
        for (const fs::directory_entry& e : fs::recursive_directory_iterator(argv[i])) {
            if (!e.is_regular_file() || e.path().filename().string().front() == '.') continue;
            std::ifstream in(e.path(), std::ios::binary);
            const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                          std::istreambuf_iterator<char>());
            std::printf("replay: %s (%zu bytes)\n", e.path().c_str(), bytes.size());
            std::fflush(stdout);
            LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
            ++inputs;
        }
    }
    if (inputs == 0) {
        std::fprintf(stderr, "replay: no input files found\n");
        return 1;
    }
    std::printf("replay: %d inputs, no crash\n", inputs);
    return 0;
}
