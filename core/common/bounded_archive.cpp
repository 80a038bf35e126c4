// The bounded binary input archive; see bounded_archive.h. The explicit
// instantiations are those Boost makes for its own binary_iarchive.
#include "core/common/bounded_archive.h"

#include <boost/archive/impl/archive_serializer_map.ipp>
#include <boost/archive/impl/basic_binary_iarchive.ipp>
#include <boost/archive/impl/basic_binary_iprimitive.ipp>
#include <stdexcept>

namespace boost::archive {
template class detail::archive_serializer_map<streamsynth::BoundedBinaryIArchive>;
template class basic_binary_iprimitive<streamsynth::BoundedBinaryIArchive, std::istream::char_type,
                                       std::istream::traits_type>;
template class basic_binary_iarchive<streamsynth::BoundedBinaryIArchive>;
template class binary_iarchive_impl<streamsynth::BoundedBinaryIArchive, std::istream::char_type,
                                    std::istream::traits_type>;
}  // namespace boost::archive

namespace streamsynth {

BoundedBinaryIArchive::BoundedBinaryIArchive(std::istream& is, unsigned flags, std::uint64_t bytes)
    : Base(is, flags), in_(is), start_(is.tellg()), bytes_(bytes) {
    init(flags);
}

void BoundedBinaryIArchive::check(std::uint64_t count) const {
    const std::streamoff at = in_.tellg();
    const std::uint64_t used = at < start_ ? bytes_ : static_cast<std::uint64_t>(at - start_);
    const std::uint64_t left = used > bytes_ ? 0 : bytes_ - used;
    if (count > left)
        throw std::length_error("a stored size (" + std::to_string(count) + ") is larger than the " +
                                std::to_string(left) + " bytes left");
}

void BoundedBinaryIArchive::load_override(boost::serialization::collection_size_type& t) {
    Base::load_override(t);
    check(static_cast<std::uint64_t>(t));
}

void BoundedBinaryIArchive::load(std::string& s) {
    std::size_t length = 0;
    Base::load(length);
    check(length);
    s.resize(length);
    if (length > 0) load_binary(s.data(), length);
}

void BoundedBinaryIArchive::load(bool& b) {
    unsigned char byte = 0;
    load_binary(&byte, 1);
    if (byte > 1) throw std::domain_error("a stored true/false value is " + std::to_string(byte));
    b = byte == 1;
}

}  // namespace streamsynth
