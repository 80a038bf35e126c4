// Removing the temporary files a killed writer left (see output_file.h,
// removeLeftoverTemporaries): replaceAtomically writes ".NAME.XXXXXX" beside
// NAME and renames it; a kill -9 in between leaves it, empty or partial.
#include <cctype>
#include <filesystem>
#include <string_view>
#include <system_error>

#include "core/values/output_file.h"

namespace streamsynth {
namespace {

bool endsWith(std::string_view s, std::string_view end) {
    return s.size() >= end.size() && s.substr(s.size() - end.size()) == end;
}

// ".step-0005.csv.gz.1VhOax", ".metrics.csv.probe.Ab12Cd": mkostemp's six
// letters or digits after a file name StreamSynth writes into an output folder.
bool isLeftoverTemporary(std::string_view name) {
    constexpr std::size_t kLetters = 6;
    if (name.size() < 2 + kLetters + 1 || name.front() != '.') return false;
    const std::string_view letters = name.substr(name.size() - kLetters);
    for (char c : letters)
        if (!std::isalnum(static_cast<unsigned char>(c))) return false;
    std::string_view target = name.substr(1, name.size() - 1 - kLetters);
    if (!endsWith(target, ".")) return false;
    target.remove_suffix(1);
    if (endsWith(target, ".probe")) target.remove_suffix(6);
    for (std::string_view ending : {".csv", ".csv.gz", ".json", ".journal"})
        if (endsWith(target, ending) && target.size() > ending.size()) return true;
    return false;
}

}  // namespace

int removeLeftoverTemporaries(const std::string& folder) {
    namespace fs = std::filesystem;
    constexpr int kDepth = 3;  // out/releases/<series>/<budget>/
    std::error_code ec;
    int removed = 0;
    fs::recursive_directory_iterator it(folder, fs::directory_options::none, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        if (it.depth() >= kDepth) it.disable_recursion_pending();
        std::error_code kind;
        if (!it->is_regular_file(kind) || it->is_symlink(kind)) continue;
        if (!isLeftoverTemporary(it->path().filename().native())) continue;
        std::error_code gone;
        if (fs::remove(it->path(), gone)) ++removed;
    }
    return removed;
}

}  // namespace streamsynth
