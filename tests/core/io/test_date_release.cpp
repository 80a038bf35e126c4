// A date attribute in a release: intervals of ISO dates, or with uniform
// values a day drawn among the bin's days (the last bin's upper date
// included, no other day outside the bin), and either form read back into
// the same codes.
#include <QtTest>
#include <map>

#include "core/data/csv_reader.h"
#include "core/data/release_reader.h"
#include "core/io/release_writer.h"
#include "core/privacy/rng.h"
#include "core/values/schema.h"

using namespace streamsynth;

namespace {

// Bins [2000-01-01, 2000-01-04) and [2000-01-04, 2000-01-06]; rows alternate 0, 1.
data::Schema dateSchema() {
    return data::parseSchemaJson(
        R"({"attributes": [{"name": "Opened", "kind": "date", "edges": ["2000-01-01", "2000-01-04", "2000-01-06"]}]})",
        "s.json");
}

}  // namespace

class TestDateRelease : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void intervalsAndDaysReadBack() {
        const data::Schema s = dateSchema();
        data::Table rows(s.domain(), 600);
        for (std::size_t r = 0; r < rows.rowCount(); ++r) rows.set(r, 0, static_cast<int>(r % 2));
        const std::string intervals = io::releaseCsv(rows, s, io::BinOutput::Interval);
        QVERIFY(intervals.rfind("Opened\n\"[2000-01-01, 2000-01-04)\"\n\"[2000-01-04, 2000-01-06]\"\n", 0) ==
                0);
        auto rng = privacy::makeSeededRng(11, "date-release");
        const std::string days = io::releaseCsv(rows, s, io::BinOutput::UniformValue, rng.get());
        // 300 draws per bin: a day of a bin is missed with probability 3·(2/3)^300.
        std::map<std::string, int> seen[2];
        const QStringList lines = QString::fromStdString(days).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 601);
        for (int r = 1; r < lines.size(); ++r) seen[(r - 1) % 2][lines[r].toStdString()]++;
        QCOMPARE(seen[0].size(), std::size_t{3});
        QCOMPARE(seen[1].size(), std::size_t{3});
        for (const char* d : {"2000-01-01", "2000-01-02", "2000-01-03"}) QVERIFY(seen[0].count(d));
        for (const char* d : {"2000-01-04", "2000-01-05", "2000-01-06"}) QVERIFY(seen[1].count(d));
        for (const std::string& text : {intervals, days}) {
            const data::Table back = data::decodeRelease(data::parseCsv(text, "r.csv"), s);
            for (std::size_t r = 0; r < rows.rowCount(); ++r) QCOMPARE(back.at(r, 0), rows.at(r, 0));
        }
    }
};

QTEST_GUILESS_MAIN(TestDateRelease)
#include "test_date_release.moc"
