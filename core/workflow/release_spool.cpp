// api::ReleaseSpool over io::ReleaseSpool (see release_spool.h).
#include "core/values/release_spool.h"

#include "core/workflow/release_spool_impl.h"

namespace streamsynth::api {

ReleaseSpool::ReleaseSpool(const std::string& dir, const data::Schema& schema)
    : impl_(new Impl{io::ReleaseSpool(dir, schema.domain())}) {}

ReleaseSpool::~ReleaseSpool() = default;

void ReleaseSpool::append(const std::string& seriesId, int step, const std::string& period,
                          const data::Table& release) {
    impl_->spool.append(seriesId, step, period, release);
}

bool ReleaseSpool::contains(const std::string& seriesId, int step) const {
    return impl_->spool.contains(seriesId, step);
}

data::Table ReleaseSpool::read(const std::string& seriesId, int step) const {
    return impl_->spool.read(seriesId, step);
}

std::vector<KeptRelease> ReleaseSpool::entries() const {
    std::vector<KeptRelease> out;
    for (const io::SpoolEntry& e : impl_->spool.entries())
        out.push_back({e.series, e.step, e.period, e.rows});
    return out;
}

std::uint64_t ReleaseSpool::bytesOnDisk() const {
    return impl_->spool.bytesOnDisk();
}

const std::string& ReleaseSpool::directory() const {
    return impl_->spool.directory();
}

}  // namespace streamsynth::api
