// The bounded archive (core/common/bounded_archive.h): a sound archive reads
// as Boost's own; any stored size (a vector's count, a string's length)
// larger than the bytes left is refused before it is allocated, wherever it
// sits in the archive.
#include <QtTest>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <sstream>
#include <stdexcept>

#include "core/common/bounded_archive.h"

using streamsynth::BoundedBinaryIArchive;

namespace {
struct Sample {
    int a = 0;
    std::vector<double> v;
    std::string s;
    std::vector<std::vector<int>> w;
    template <class A>
    void serialize(A& ar, const unsigned) {
        ar& a& v& s& w;
    }
};

std::string written(const Sample& sample) {
    std::ostringstream out;
    {
        boost::archive::binary_oarchive ar(out, boost::archive::no_header);
        Sample copy = sample;
        ar& copy;
    }
    return out.str();
}

Sample read(const std::string& bytes) {
    std::istringstream in(bytes);
    BoundedBinaryIArchive ar(in, boost::archive::no_header, bytes.size());
    Sample s;
    ar& s;
    return s;
}
}  // namespace

class TestBoundedArchive : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void soundArchiveReads() {
        const Sample s = read(written({3, {1, 2, 3}, "hello", {{1}, {2, 3}}}));
        QCOMPARE(s.a, 3);
        QCOMPARE(s.v.size(), std::size_t{3});
        QCOMPARE(QString::fromStdString(s.s), QString("hello"));
        QCOMPARE(s.w[1][1], 3);
    }

    // Every 8-byte window set to 0x7f...: a count or a length of about 9e18
    // there is refused with the bounded archive's words; no allocation.
    void hugeSizesAreRefusedEverywhere() {
        const std::string good = written({3, {1, 2, 3}, "hello", {{1}, {2, 3}}});
        int refusedInWords = 0;
        for (std::size_t at = 0; at + 8 <= good.size(); ++at) {
            std::string bad = good;
            for (std::size_t k = 0; k < 8; ++k) bad[at + k] = '\x7f';
            try {
                (void)read(bad);
            } catch (const std::length_error& e) {
                QVERIFY2(std::string(e.what()).rfind("a stored size", 0) == 0, e.what());
                ++refusedInWords;
            } catch (const std::exception&) {  // an archive error further on: refused too, not allocated
            }
        }
        QVERIFY(refusedInWords >= 4);  // the vector, the string, the outer and an inner list
    }

    // A bool byte other than 0 or 1 is refused (it was undefined behaviour).
    void invalidBoolIsRefused() {
        std::ostringstream out;
        {
            boost::archive::binary_oarchive ar(out, boost::archive::no_header);
            bool flag = true;
            ar& flag;
        }
        std::string bytes = out.str();
        QCOMPARE(bytes.size(), std::size_t{1});
        bytes[0] = 34;
        std::istringstream in(bytes);
        BoundedBinaryIArchive ar(in, boost::archive::no_header, bytes.size());
        bool flag = false;
        QVERIFY_THROWS_EXCEPTION(std::domain_error, ar & flag);
    }
};

QTEST_APPLESS_MAIN(TestBoundedArchive)
#include "test_bounded_archive.moc"
