// The registry's writes kept outside it, and written back into an older copy
// taken as the registry (write_journal.h).
#include "core/registry/write_journal.h"

#include <QFileInfo>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <string_view>

#include "core/common/file_lock.h"
#include "core/registry/claim_watermark.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/output_file.h"

namespace streamsynth::registry {
namespace {

constexpr std::uint64_t kMaxJournalBytes = 1ULL << 30;

// A field with its separators escaped: a path may hold a tab or a newline.
std::string escaped(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (const char c : s) {
        if (c == '%')
            out += "%25";
        else if (c == '\t')
            out += "%09";
        else if (c == '\n')
            out += "%0A";
        else if (c == '\r')
            out += "%0D";
        else
            out += c;
    }
    return out;
}

std::string unescaped(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size()) {
            out += static_cast<char>(std::strtol(std::string(s.substr(i + 1, 2)).c_str(), nullptr, 16));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

std::string number(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);  // read back to the same double
    return buf;
}

std::string line(std::initializer_list<std::string> fields) {
    std::string out;
    for (const std::string& f : fields) {
        if (!out.empty()) out += '\t';
        out += escaped(f);
    }
    return out + '\n';
}

std::vector<std::string> fieldsOf(std::string_view text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        const std::size_t tab = text.find('\t', start);
        out.push_back(unescaped(text.substr(start, tab == std::string_view::npos ? tab : tab - start)));
        if (tab == std::string_view::npos) return out;
        start = tab + 1;
    }
}

// A number written by number(); nothing for a field cut short.
std::optional<double> parsed(const std::string& s) {
    if (s.empty()) return std::nullopt;
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size()) return std::nullopt;
    return v;
}

// Keys a registry draws or records for itself, never another copy's to take.
bool ownKey(const std::string& key) {
    return key == "id" || key == "fingerprint-key" || key.rfind("file:", 0) == 0 || key.rfind("gen:", 0) == 0;
}

bool appendTo(const std::string& path, const std::string& bytes) {
    try {
        makePrivateFolders(QFileInfo(QString::fromStdString(path)).absolutePath().toStdString());
        const io::FileLock lock(path + ".lock", "the registry's journal " + path, 10000);
        appendDurably(path, bytes, "the registry's journal");
        return true;
    } catch (const Error&) {
        return false;
    }
}

// What the store holds, read once a stream or dataset, kept up to date as records are written back.
class Restorer {
public:
    explicit Restorer(RegistryStore& store) : store_(store) {}
    void apply(const std::vector<std::string>& f);
    RestoredWrites done;

private:
    void claim(const std::vector<std::string>& f);
    void limit(const std::vector<std::string>& f);
    void member(const std::vector<std::string>& f);
    void datasetLimit(const std::vector<std::string>& f);

    RegistryStore& store_;
    std::map<std::string, std::vector<ReleaseRecord>> records_;
    std::optional<std::vector<DatasetMember>> members_;
};

void Restorer::apply(const std::vector<std::string>& f) {
    const std::string& kind = f.front();
    if (kind == "claim" && f.size() == 13)
        claim(f);
    else if (kind == "limit" && f.size() == 5)
        limit(f);
    else if (kind == "meta" && f.size() == 3 && !ownKey(f[1]) && store_.meta(f[1]).empty()) {
        store_.insertMeta(f[1], f[2]);
        ++done.others;
    } else if (kind == "member" && f.size() == 7)
        member(f);
    else if (kind == "dataset-limit" && f.size() == 6)
        datasetLimit(f);
}

void Restorer::claim(const std::vector<std::string>& f) {
    const std::optional<double> step = parsed(f[3]), budget = parsed(f[6]), spent = parsed(f[7]),
                                delta = parsed(f[8]);
    if (!step || !budget || !spent || !delta) return;
    const ReleaseRecord r{
        f[1], f[2], static_cast<int>(*step), f[4], f[5], *budget, *spent, *delta, f[9], f[10], f[11], f[12]};
    auto held = records_.find(r.stream);
    if (held == records_.end()) held = records_.emplace(r.stream, store_.records(r.stream)).first;
    for (const ReleaseRecord& x : held->second)
        if (x.series == r.series && x.step == r.step)
            return;  // held (the same release, or one written apart)
    store_.insert(r);
    held->second.push_back(r);
    ++done.claims;
}

void Restorer::limit(const std::vector<std::string>& f) {
    const std::optional<double> max = parsed(f[2]);
    if (!max) return;
    const StreamPolicy p{*max, f[3], f[4]};
    for (const StreamPolicy& x : store_.policies(f[1]))
        if (x.maxTotalEpsilon == p.maxTotalEpsilon && x.setAt == p.setAt && x.host == p.host) return;
    store_.insertPolicy(f[1], p);
    ++done.others;
}

void Restorer::member(const std::vector<std::string>& f) {
    if (!members_) members_ = store_.members();
    for (const DatasetMember& m : *members_)
        if (m.stream == f[2]) return;  // a stream belongs to one dataset for ever
    const DatasetMember m{f[1], f[2], f[3], f[4], f[5], f[6]};
    store_.insertMember(m);
    members_->push_back(m);
    ++done.others;
}

void Restorer::datasetLimit(const std::vector<std::string>& f) {
    const std::optional<double> max = parsed(f[2]), delta = parsed(f[3]);
    if (!max || !delta) return;
    const DatasetPolicy p{*max, *delta, f[4], f[5]};
    for (const DatasetPolicy& x : store_.datasetPolicies(f[1]))
        if (x.maxTotalEpsilon == p.maxTotalEpsilon && x.delta == p.delta && x.setAt == p.setAt &&
            x.host == p.host)
            return;
    store_.insertDatasetPolicy(f[1], p);
    ++done.others;
}

}  // namespace

void WriteJournal::claim(const ReleaseRecord& r) {
    pending_.push_back(
        line({"claim", r.stream, r.series, std::to_string(r.step), r.digest, r.model, number(r.budget),
              number(r.spent), number(r.delta), r.host, r.out, r.session, r.releasedAt}));
}

void WriteJournal::limit(const std::string& stream, const StreamPolicy& p) {
    pending_.push_back(line({"limit", stream, number(p.maxTotalEpsilon), p.setAt, p.host}));
}

void WriteJournal::meta(const std::string& key, const std::string& value) {
    if (!ownKey(key)) pending_.push_back(line({"meta", key, value}));
}

void WriteJournal::member(const DatasetMember& m) {
    pending_.push_back(line({"member", m.dataset, m.stream, m.source, m.fingerprint, m.addedAt, m.host}));
}

void WriteJournal::datasetLimit(const std::string& dataset, const DatasetPolicy& p) {
    pending_.push_back(
        line({"dataset-limit", dataset, number(p.maxTotalEpsilon), number(p.delta), p.setAt, p.host}));
}

bool WriteJournal::committed(const std::string& registryId) noexcept {
    try {
        std::string bytes;
        for (const std::string& l : pending_) bytes += l;
        pending_.clear();
        if (bytes.empty()) return true;
        bool all = true;
        for (const std::string& place : placesOutside(registryId, ".writes"))
            all = appendTo(place, bytes) && all;
        return all;
    } catch (...) {  // out of memory, a Qt path error: the commit it follows stands
        pending_.clear();
        return false;
    }
}

RestoredWrites restoreJournaledWrites(const std::string& registryId, RegistryStore& store) {
    Restorer restorer(store);
    for (const std::string& place : placesOutside(registryId, ".writes")) {
        std::optional<std::string> text;
        try {
            text = readIfRegularFile(place, kMaxJournalBytes);
        } catch (const Error&) {  // unreadable: nothing known there
        }
        if (!text) continue;
        std::size_t start = 0;
        while (start < text->size()) {
            const std::size_t end = text->find('\n', start);
            if (end == std::string::npos) break;  // a line cut by a crash
            restorer.apply(fieldsOf(std::string_view(*text).substr(start, end - start)));
            start = end + 1;
        }
    }
    return restorer.done;
}

}  // namespace streamsynth::registry
