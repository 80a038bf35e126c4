// A std::streambuf whose put area is the inside of a std::string: a Boost
// archive (or any ostream) writes straight into the string that becomes the
// file, instead of into an ostringstream whose text is then copied out and
// appended (three copies of a session's payload per save; issue 50's
// release-mode profile, docs/pgm.md "Release mode's own costs").
#pragma once

#include <algorithm>
#include <cstring>
#include <limits>
#include <streambuf>
#include <string>

namespace streamsynth::io {

class StringPutArea : public std::streambuf {
public:
    // Writes after the first `start` bytes of out (kept as they are); out's
    // capacity is reused, so a buffer kept between saves is not faulted in again.
    StringPutArea(std::string& out, std::size_t start) : out_(out) {
        out_.resize(std::max(out_.capacity(), start + kMinimum));
        place(start);
    }
    // Cuts the string to what was written; the streambuf is done after it.
    void finish() { out_.resize(written()); }
    std::size_t written() const { return static_cast<std::size_t>(pptr() - out_.data()); }

protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        grow(1);
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
        return c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        if (n <= 0) return 0;
        const auto count = static_cast<std::size_t>(n);
        if (static_cast<std::size_t>(epptr() - pptr()) < count) grow(count);
        std::memcpy(pptr(), s, count);
        advance(count);
        return n;
    }

private:
    static constexpr std::size_t kMinimum = 4096;
    void grow(std::size_t need) {
        const std::size_t used = written();
        out_.resize(std::max(out_.size() * 2, used + need));
        place(used);
    }
    void place(std::size_t used) {
        setp(out_.data(), out_.data() + out_.size());
        advance(used);
    }
    void advance(std::size_t count) {  // pbump takes an int
        while (count > 0) {
            const std::size_t step = std::min<std::size_t>(count, std::numeric_limits<int>::max());
            pbump(static_cast<int>(step));
            count -= step;
        }
    }
    std::string& out_;
};

}  // namespace streamsynth::io
