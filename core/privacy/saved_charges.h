// What PrivacyLedger::save wrote for the charges it has seen: a ledger only
// grows, and a release-mode run saves it with its session before every step,
// so each save encodes only the charges recorded since the last one instead
// of all of them (a cost quadratic in the stream; docs/pgm.md "Release mode's
// own costs"). Copied with its ledger; a lock keeps concurrent saves safe.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <utility>

namespace streamsynth::privacy {

class SavedCharges {
public:
    SavedCharges() = default;
    SavedCharges(const SavedCharges& other) {
        const std::lock_guard lock(other.mutex_);
        bytes_ = other.bytes_;
        count_ = other.count_;
    }
    SavedCharges& operator=(const SavedCharges& other) {
        if (this != &other) {
            const std::scoped_lock lock(mutex_, other.mutex_);
            bytes_ = other.bytes_;
            count_ = other.count_;
        }
        return *this;
    }

    // A moved-from ledger has no charges left: its cache goes with them.
    SavedCharges(SavedCharges&& other) noexcept {
        const std::lock_guard lock(other.mutex_);
        bytes_ = std::move(other.bytes_);
        count_ = std::exchange(other.count_, 0);
        other.bytes_.clear();
    }
    SavedCharges& operator=(SavedCharges&& other) noexcept {
        if (this != &other) {
            const std::scoped_lock lock(mutex_, other.mutex_);
            bytes_ = std::move(other.bytes_);
            count_ = std::exchange(other.count_, 0);
            other.bytes_.clear();
        }
        return *this;
    }
    ~SavedCharges() = default;

    // Calls encode(bytes, from) to append the bytes of charges [from, count)
    // to the kept bytes, then hands all of them to use, under the lock.
    template <class Encode, class Use>
    void update(std::size_t count, Encode&& encode, Use&& use) const {
        const std::lock_guard lock(mutex_);
        if (count < count_) {  // never: a ledger only grows; start again if it did
            bytes_.clear();
            count_ = 0;
        }
        if (count > count_) {
            encode(bytes_, count_);
            count_ = count;
        }
        use(bytes_);
    }

private:
    mutable std::mutex mutex_;
    mutable std::string bytes_;
    mutable std::size_t count_ = 0;
};

}  // namespace streamsynth::privacy
