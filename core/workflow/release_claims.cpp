// The registry side of a release-mode run (see release_claims.h).
#include "core/workflow/release_claims.h"

#include <sys/stat.h>

#include <QFileInfo>
#include <algorithm>
#include <cstdlib>
#include <set>

#include "core/registry/known_registries.h"
#include "core/registry/sqlite_store.h"
#include "core/values/error.h"
#include "core/values/privacy_model.h"
#include "core/values/release_output.h"
#include "core/workflow/vocabulary.h"

namespace streamsynth::workflow {
namespace {

std::vector<std::string> splitIds(const std::string& text) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at <= text.size() && !text.empty()) {
        const std::size_t comma = text.find(',', at);
        out.push_back(text.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
        if (comma == std::string::npos) break;
        at = comma + 1;
    }
    return out;
}

// Paths as recorded: absolute, so a message names the place whatever the
// working folder of the run that reads it.
std::string absolute(const std::string& path) {
    return path.empty() ? path : QFileInfo(QString::fromStdString(path)).absoluteFilePath().toStdString();
}

// The same SQLite file under two names (a symbolic or hard link, `..`)?
bool sameFile(const std::string& a, const std::string& b) {
    if (a == b) return true;
    struct stat sa {
    }, sb{};
    return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

}  // namespace

bool ReleaseClaims::active() const {
    return state_->config.secureRandom;
}

void ReleaseClaims::setRegistry(const std::string& spec, bool createNew) {
    // A SQLite path is kept absolute (the default resolved now): `continue`
    // from another folder, or under another HOME, finds the same file.
    const std::string resolved = registry::resolvedRegistrySpec(spec);
    // A stream bound to a registry file that is still there is continued
    // through that file only: another path holding the same registry id is a
    // copy (the id check cannot tell it), and each copy would release the
    // next steps once. A file that is gone, or that now holds another
    // registry (a new default made after a move), may be named where the
    // stream's registry went.
    const std::string recorded = state_->setting(kRegistrySetting);
    const std::string recordedId = state_->setting(kRegistryIdSetting);
    if (!recordedId.empty() && !recorded.empty() && !registry::isPostgresRegistry(recorded) &&
        !registry::isPostgresRegistry(resolved) && !sameFile(recorded, resolved) &&
        QFileInfo::exists(QString::fromStdString(recorded)) &&
        registry::sqliteRegistryMayBe(recorded, recordedId))
        throw Error(ErrorKind::Privacy,
                    "stream " + state_->setting(kStreamId) + " is released through the release registry " +
                        recorded + ", which is still there; " + resolved +
                        " is another file, and a copy of the registry would let the stream's next steps be "
                        "released twice, once through each. Continue without --registry, or move the "
                        "stream first: `streamsynth-cli registry-move --session SESSION --to " +
                        resolved + "`.",
                    ErrorContext::forFile(resolved));
    registry_.reset();
    createNew_ = createNew;
    state_->setSetting(kRegistrySetting, resolved);
}

std::string ReleaseClaims::registrySpec() const {
    return state_->setting(kRegistrySetting);
}

// A new stream through the default registry when it is missing but this
// data folder shows it was used: refused unless made on purpose
// (--new-registry; the GUI asks in Run ▸ Release registry…).
void ReleaseClaims::refuseRecreatedDefault(bool bound, const std::string& spec) const {
    const std::string fallback = registry::resolvedRegistrySpec("");
    if (bound || createNew_ || !(spec.empty() || spec == fallback) ||
        QFileInfo::exists(QString::fromStdString(fallback)) || !registry::defaultRegistryUsedBefore())
        return;
    throw Error(ErrorKind::Privacy,
                "the default release registry " + fallback +
                    " is missing, but this data folder shows it was used (its list of registries, or the "
                    "count kept beside it). A new, empty registry would know nothing of the tables released "
                    "through it, so they could be released again under a fresh budget. Restore it from a "
                    "backup, or name the registry where it went (--registry PATH); to start a new default "
                    "registry on purpose, add --new-registry (the GUI asks in Run ▸ Release registry…)",
                ErrorContext::forFile(fallback));
}

registry::ReleaseRegistry& ReleaseClaims::registry() const {
    if (!registry_) {
        // A stream that has claimed steps (it recorded its registry's id)
        // never gets a fresh registry in place of a missing one.
        const bool bound = !state_->setting(kRegistryIdSetting).empty();
        // A new stream names a registry file that is not there: a typo or a
        // fresh start would both give a registry that knows nothing of what
        // was released through the steward's own, so only on purpose.
        const std::string spec = registrySpec();
        if (!bound && !createNew_ && !spec.empty() && !registry::isPostgresRegistry(spec) &&
            spec != registry::resolvedRegistrySpec("") && !QFileInfo::exists(QString::fromStdString(spec)))
            throw settingError("registry", "there is no release registry at " + spec +
                                               ". A new registry knows nothing of the steps released "
                                               "through others (the default one is " +
                                               registry::resolvedRegistrySpec("") +
                                               "), so a table released there could be released again. "
                                               "To start one on purpose for a new stream, add --new-registry "
                                               "to `run` (the GUI asks in Run "
                                               "▸ Release registry…).");
        refuseRecreatedDefault(bound, spec);
        registry_ = registry::openRegistry(spec, /*create=*/!bound);
        if (state_->setting(kRegistrySetting).empty())
            state_->setSetting(kRegistrySetting, registry::resolvedRegistrySpec(""));
    }
    return *registry_;
}

void ReleaseClaims::setPublishable(const std::vector<std::string>& seriesIds) {
    if (seriesIds.empty()) throw settingError("--publish", "name at least one series to publish");
    std::set<std::string> seen;
    std::string text;
    for (const std::string& id : seriesIds) {
        const auto& all = state_->config.series;
        if (std::none_of(all.begin(), all.end(), [&](const stream::SeriesConfig& s) { return s.id == id; }))
            throw settingError("--publish", "the run has no series '" + id + "'");
        if (!seen.insert(id).second) throw settingError("--publish", "series '" + id + "' is named twice");
        text += (text.empty() ? "" : ",") + id;
    }
    state_->setSetting(kPublishSetting, text);
}

std::vector<std::string> ReleaseClaims::publishable() const {
    if (!active() || state_->config.series.empty()) return {};
    const std::string chosen = state_->setting(kPublishSetting);
    if (!chosen.empty()) return splitIds(chosen);
    std::vector<std::string> out;
    const bool olderRelease = !state_->stepDigests.empty();  // released before series could be chosen
    for (const stream::SeriesConfig& s : state_->config.series) {
        out.push_back(s.id);
        if (!olderRelease) break;
    }
    return out;
}

bool ReleaseClaims::isPublishable(const std::string& seriesId) const {
    const std::vector<std::string> p = publishable();
    return std::find(p.begin(), p.end(), seriesId) != p.end();
}

std::vector<registry::ReleaseRecord> ReleaseClaims::planned() const {
    std::vector<registry::ReleaseRecord> out;
    const stream::RunConfig& c = state_->config;
    for (const std::string& id : publishable())
        for (const stream::SeriesConfig& s : c.series)
            if (s.id == id) {
                registry::ReleaseRecord r;
                r.stream = state_->setting(kStreamId);
                r.series = id;
                r.model = privacy::privacyModelName(c.privacy);
                r.budget = s.budget.amount();
                r.delta = c.privacy == privacy::PrivacyModel::ZCdp ? (c.delta > 0 ? c.delta : 1e-6) : 0;
                out.push_back(r);
            }
    return out;
}

void ReleaseClaims::check(int firstStep) {
    if (!active()) return;
    requireBinding(static_cast<int>(state_->stepDigests.size()),
                   std::atoi(state_->setting("pending-release-step", "0").c_str()));
    joinDataset();
    registry().check(planned(), firstStep);
}

void ReleaseClaims::claim(int step, const DigestOf& digest, const SpentOf& spent, const std::string& out,
                          const std::string& sessionPath) {
    if (!active()) return;
    std::vector<registry::ReleaseRecord> records = planned();
    for (registry::ReleaseRecord& r : records) {
        r.step = step;
        r.digest = registry::digestText(digest(r.series));
        r.spent = spent(r.series, step);
        r.out = absolute(out);
        r.session = absolute(sessionPath);
    }
    registry().claim(std::move(records));
}

void ReleaseClaims::requireClaimed(const std::vector<std::pair<std::string, int>>& releases) {
    if (!active() || releases.empty()) return;
    const std::string stream = state_->setting(kStreamId);
    const std::vector<registry::ReleaseRecord> records = registry().releases(stream);
    for (const auto& release : releases) {
        // Named copies, not structured bindings: clang 14 (the sanitizer
        // build) cannot capture those in a lambda.
        const std::string& series = release.first;
        const int step = release.second;
        const bool claimed = std::any_of(
            records.begin(), records.end(),
            [&](const registry::ReleaseRecord& r) { return r.series == series && r.step == step; });
        if (!claimed)
            throw Error(ErrorKind::Privacy,
                        "step " + std::to_string(step) + " of series " + series + " of stream " + stream +
                            " is not recorded as released in the release registry " + registry().location() +
                            ", so it cannot be exported as publishable",
                        ErrorContext::forFile(registry().location()));
    }
}

}  // namespace streamsynth::workflow
