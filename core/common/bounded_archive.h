// A Boost binary input archive that refuses any stored size larger than the
// bytes left to read, before anything is allocated. Boost's own archive
// resizes a vector or a string to the count it reads and only then reads
// the elements, so a damaged (or hostile) session whose checksum was made
// right again could ask for terabytes, or for a few GB that the machine
// then zero-fills. Every element takes at least one byte of the archive,
// so a count above the bytes left is impossible in a sound file.
// Used by the session reader and the nested archives it holds (counters).
// Stored bools are checked too (0 or 1).
#pragma once

#include <boost/archive/binary_iarchive_impl.hpp>
#include <boost/archive/detail/register_archive.hpp>
#include <boost/serialization/collection_size_type.hpp>
#include <cstdint>
#include <istream>
#include <string>

namespace streamsynth {

class BoundedBinaryIArchive
    : public boost::archive::binary_iarchive_impl<BoundedBinaryIArchive, std::istream::char_type,
                                                  std::istream::traits_type> {
    using Base = boost::archive::binary_iarchive_impl<BoundedBinaryIArchive, std::istream::char_type,
                                                      std::istream::traits_type>;
    friend class boost::archive::detail::interface_iarchive<BoundedBinaryIArchive>;
    friend class boost::archive::basic_binary_iarchive<BoundedBinaryIArchive>;
    friend class boost::archive::basic_binary_iprimitive<BoundedBinaryIArchive, std::istream::char_type,
                                                         std::istream::traits_type>;
    friend class boost::archive::load_access;

public:
    // `bytes`: the length of the archive in `is`, from its current position.
    BoundedBinaryIArchive(std::istream& is, unsigned flags, std::uint64_t bytes);

    template <class T>
    void load_override(T& t) {
        Base::load_override(t);
    }
    // Collection sizes (vectors, maps, sets) and string lengths are checked;
    // too large: std::length_error("a stored size ... larger than the bytes left").
    void load_override(boost::serialization::collection_size_type& t);
    using Base::load;
    void load(std::string& s);
    // A stored bool must be 0 or 1: Boost copies the byte into the bool, and
    // any other value is undefined behaviour (UBSan, found by fuzz_session).
    // Other values: std::domain_error("a stored true/false value is N").
    void load(bool& b);

private:
    void check(std::uint64_t count) const;
    std::istream& in_;
    std::streamoff start_;
    std::uint64_t bytes_;
};

}  // namespace streamsynth

BOOST_SERIALIZATION_REGISTER_ARCHIVE(streamsynth::BoundedBinaryIArchive)
BOOST_SERIALIZATION_USE_ARRAY_OPTIMIZATION(streamsynth::BoundedBinaryIArchive)
