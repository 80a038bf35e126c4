// Operating-system entropy through getrandom(2), buffered. For real
// releases: no seed can reproduce it, which is the point.
#include <sys/random.h>

#include <array>
#include <cerrno>
#include <cstring>

#include "core/privacy/rng.h"
#include "core/values/error.h"

namespace streamsynth::privacy {
namespace {

class SecureRng final : public Rng {
public:
    std::uint64_t nextU64() override {
        if (pos_ == buffer_.size()) refill();
        return buffer_[pos_++];
    }
    bool isSecure() const noexcept override { return true; }
    std::string saveState() const override { return "os-entropy"; }
    void loadState(const std::string&) override {}
    std::string describe() const override { return "operating-system entropy (getrandom)"; }

private:
    void refill() {
        auto* bytes = reinterpret_cast<unsigned char*>(buffer_.data());
        std::size_t want = buffer_.size() * sizeof(std::uint64_t);
        std::size_t got = 0;
        while (got < want) {
            const ssize_t n = getrandom(bytes + got, want - got, 0);
            if (n < 0) {
                if (errno == EINTR) continue;
                throw Error(ErrorKind::Io, std::string("the operating system refused random bytes: ") +
                                               std::strerror(errno));
            }
            got += static_cast<std::size_t>(n);
        }
        pos_ = 0;
    }

    std::array<std::uint64_t, 64> buffer_{};
    std::size_t pos_ = buffer_.size();
};

}  // namespace

std::unique_ptr<Rng> makeSecureRng() {
    return std::make_unique<SecureRng>();
}

}  // namespace streamsynth::privacy
