// The PostgreSQL step source against the CSV path on a real server (CTest's
// pg_server fixture, scripts/pg-test-server.sh): the same tables loaded into
// PostgreSQL give, step by step, the same periods, row counts and workload
// answers (bit for bit) as the file through loadStream + TableStepSource,
// for batches in hash order, calendar periods on date and timestamp
// columns, unit periods, a public start, NULL times, categorical <other> and
// <missing>, numeric bins on their edges, integer codes in a float column,
// and date bins on date and timestamp columns; chunked reading and the
// snapshot; a table whose rows live on two other databases (postgres_fdw
// partitions: the scale-out of docs/scale.md as far as one machine allows);
// and every refusal the CSV path makes, without quoting a value.
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "core/common/time_parser.h"
#include "core/data/csv_reader.h"
#include "core/data/domain_proposal.h"
#include "core/db/db_domain_proposal.h"
#include "core/db/db_step_source.h"
#include "core/db/pg_connection.h"
#include "core/steps/step_digest.h"
#include "core/steps/step_pipeline.h"
#include "core/steps/step_source.h"
#include "core/values/error.h"
#include "support/test_data.h"
#include "support/test_pg.h"

using namespace streamsynth;

namespace {

// Writes rows (header first) as a CSV file; cells holding a comma or quote are quoted.
QString writeCsv(const QTemporaryDir& dir, const QString& name,
                 const std::vector<std::vector<std::string>>& rows) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return {};
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t i = 0; i < row.size(); ++i) {
            const std::string& v = row[i];
            if (i) line += ',';
            if (v.find_first_of(",\"") != std::string::npos) {
                line += '"';
                for (char ch : v) line += ch == '"' ? std::string("\"\"") : std::string(1, ch);
                line += '"';
            } else {
                line += v;
            }
        }
        line += '\n';
        f.write(line.data(), static_cast<qint64>(line.size()));
    }
    return path;
}

// Every fourth row of adult.csv (12,211 rows: every setting below is still
// compared cell by cell over many steps, at a quarter of the time of all
// 48,842 rows) as rows of text plus an `id` column
// (1..N of the whole file) and a `day` column spread over eight years from
// 2000-01-01 (every 97th row of the file without a day).
std::vector<std::vector<std::string>> adultWithIdAndDay() {
    const data::RawTable raw = data::readCsv(test::dataPath("adult.csv"));
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> header = raw.header;
    header.push_back("id");
    header.push_back("day");
    header.push_back("tick");
    rows.push_back(header);
    const long long day0 = stream::daysFromCivil(2000, 1, 1);
    for (std::size_t r = 0; r < raw.rowCount(); r += 4) {
        std::vector<std::string> row;
        for (const auto& col : raw.columns) row.push_back(col[r]);
        row.push_back(std::to_string(r + 1));
        row.push_back(r % 97 == 5 ? std::string()
                                  : stream::isoDate(day0 + static_cast<long long>((r * 7919) % 2922)));
        row.push_back(std::to_string((r * 31) % 1000));
        rows.push_back(std::move(row));
    }
    return rows;
}

std::vector<test::PgColumn> adultColumns(const std::string& dayType) {
    std::vector<test::PgColumn> cols;
    for (const std::string& n : data::readCsv(test::dataPath("adult.csv")).header)
        cols.push_back({n, "integer"});
    cols.push_back({"id", "bigint"});
    cols.push_back({"day", dayType});
    cols.push_back({"tick", "integer"});
    return cols;
}

stream::StreamRequest request(const QString& csv, const std::string& schema) {
    stream::StreamRequest r;
    r.dataPath = csv.toStdString();
    r.schemaPath = schema;
    return r;
}

}  // namespace

class TestDbStepSource : public QObject {
    Q_OBJECT

    std::string uri_;
    std::unique_ptr<db::PgConnection> c_;
    QTemporaryDir dir_;
    QString adultCsv_;

    db::DbSourceSpec spec(const std::string& table) const { return {uri_, table, {}}; }

    // Loads the CSV with the request's settings, then the same settings over
    // `table`, and compares every step.
    void compareWithCsv(const stream::StreamRequest& r, const std::string& table,
                        std::size_t chunkBytes = 32u << 20, double maxSetCells = db::kDefaultMaxSetCells,
                        db::QueryForm form = db::QueryForm::GroupingSets) {
        const stream::LoadedStream ls = stream::loadStream(r);
        const marginals::WorkloadSet ws = marginals::WorkloadSet::allKWay(ls.schema.domain(), 2);
        const stream::TableStepSource csv(ls.encoded.table, ls.plan, ws);
        if (ls.plan.startFromData) {
            // The start read from the data (before the user confirmed it): the same day.
            data::Schema unconfirmed = ls.schema;
            unconfirmed.stream.time->start.clear();
            const db::OpenedDbStream probe = db::openDbStream(spec(table), unconfirmed, r.seed);
            QVERIFY(probe.plan.startFromData);
            QCOMPARE(stream::parseTime(probe.plan.derivedStart)->day,
                     stream::parseTime(ls.plan.derivedStart)->day);
        }
        db::OpenedDbStream opened = db::openDbStream(spec(table), ls.schema, r.seed);
        QVERIFY(!opened.plan.startFromData);
        std::vector<data::Problem> dbProblems = opened.plan.problems;
        const db::DbStepSource pg(std::move(opened), ws, chunkBytes, maxSetCells, form);
        QCOMPARE(pg.stepCount(), csv.stepCount());
        QVERIFY(pg.stepCount() > 1);
        for (int t = 1; t <= csv.stepCount(); ++t) {
            QCOMPARE(pg.period(t), csv.period(t));
            QCOMPARE(pg.stepRows(t), csv.stepRows(t));
            const stream::StepMarginals a = csv.step(t), b = pg.step(t);
            QCOMPARE(b.rows, a.rows);
            QVERIFY2(a.answers == b.answers, ("step " + std::to_string(t) + " differs").c_str());
            QCOMPARE(pg.digest(t), stream::marginalsDigest(a));
        }
        // The same exclusions and <other> notes, by kind and count.
        for (const data::Problem& p : ls.problems) {
            if (p.kind != "unparsable-time" && p.kind != "before-start" && p.kind != "after-end" &&
                p.kind != "other")
                continue;
            bool found = false;
            for (const data::Problem& q : dbProblems)
                found = found || (q.kind == p.kind && q.column == p.column && q.count == p.count);
            QVERIFY2(found, ("no database note '" + p.kind + "' on " + p.column).c_str());
        }
    }

private Q_SLOTS:
    void initTestCase() {
        uri_ = test::testPgUri();
        QVERIFY2(!uri_.empty(), test::testPgMissing());
        c_ = db::PgConnection::open(uri_);
        QVERIFY(dir_.isValid());
        const auto rows = adultWithIdAndDay();
        adultCsv_ = writeCsv(dir_, "adult-id-day.csv", rows);
        const data::RawTable raw = data::readCsv(adultCsv_.toStdString());
        test::loadTable(*c_, "adult_date", adultColumns("date"), raw);
        // The same days at a time of day, as timestamps and in UTC.
        test::loadTable(*c_, "adult_ts", adultColumns("timestamp"), raw,
                        [](const std::string& col, const std::string& v) {
                            return col == "day" && !v.empty() ? v + " 13:45:00" : v;
                        });
        test::loadTable(*c_, "adult_tstz", adultColumns("timestamptz"), raw,
                        [](const std::string& col, const std::string& v) {
                            return col == "day" && !v.empty() ? v + " 23:30:00+00" : v;
                        });
    }

    void hashBatchesMatchTheFile() {
        for (long long b : {50LL, 1000LL}) {
            stream::StreamRequest r = request(adultCsv_, test::dataPath("adult-domain.json"));
            data::BatchSettings batch;
            batch.size = b;
            batch.order = data::BatchOrder::Hash;
            batch.key = "id";
            r.batch = batch;
            r.seed = 17;
            compareWithCsv(r, "adult_date");
        }
    }

    void calendarPeriodsMatchTheFile() {
        struct Case {
            data::PeriodUnit unit;
            int count;
            std::string start;
            std::string table;
        };
        const std::vector<Case> cases{
            {data::PeriodUnit::Month, 1, "", "adult_date"},
            {data::PeriodUnit::Month, 1, "2000-03-15", "adult_date"},
            {data::PeriodUnit::Week, 1, "", "adult_ts"},
            {data::PeriodUnit::TwoWeeks, 1, "1999-12-20", "adult_date"},
            {data::PeriodUnit::Quarter, 1, "", "adult_tstz"},
            {data::PeriodUnit::Month, 3, "", "adult_ts"},
            {data::PeriodUnit::Day, 10, "2001-01-01", "adult_date"},
            {data::PeriodUnit::Year, 1, "", "adult_date"},
        };
        for (const Case& k : cases) {
            stream::StreamRequest r = request(adultCsv_, test::dataPath("adult-domain.json"));
            data::TimeSettings t;
            t.column = "day";
            t.unit = k.unit;
            t.count = k.count;
            t.start = k.start;
            r.time = t;
            r.confirmDomain = k.start.empty();  // the start is then read from the data
            r.confirmEnd = true;                // so is the end
            compareWithCsv(r, k.table);
        }
    }

    void unitPeriodsMatchTheFile() {
        stream::StreamRequest r = request(adultCsv_, test::dataPath("adult-domain.json"));
        data::TimeSettings t;
        t.column = "tick";
        t.unit = data::PeriodUnit::Units;
        t.count = 25;
        t.start = "-10";
        r.time = t;
        r.confirmEnd = true;
        compareWithCsv(r, "adult_date");
    }

    void smallChunksGiveTheSameAnswers() {
        stream::StreamRequest r = request(adultCsv_, test::dataPath("adult-domain.json"));
        data::TimeSettings t;
        t.column = "day";
        t.unit = data::PeriodUnit::Month;
        t.start = "2000-01-01";
        t.steps = 90;  // a public end: rows of the last months are excluded
        r.time = t;
        compareWithCsv(r, "adult_date", 1);                  // one step per query
        compareWithCsv(r, "adult_date", 32u << 20, 1);       // one grouping set per workload
        compareWithCsv(r, "adult_date", 32u << 20, 200000);  // large merged sets
        compareWithCsv(r, "adult_date", 32u << 20, db::kDefaultMaxSetCells, db::QueryForm::UnionAll);
    }

    // The same queries, unchanged, over a partitioned table whose two
    // partitions are foreign tables in two other databases ("shards",
    // postgres_fdw over loopback): both query forms give the file's steps.
    void shardedTableMatchesTheFile() {
        const db::PgResult who = c_->exec(
            "SELECT host(inet_server_addr()), inet_server_port(), current_user, current_database()", "who");
        const std::string host = who.text(0, 0), port = who.text(0, 1), user = who.text(0, 2),
                          here = who.text(0, 3);
        const char* passFile = std::getenv("PGPASSFILE");
        QVERIFY2(passFile != nullptr, "PGPASSFILE is not set (the pg_server fixture sets it)");
        QFile pass(QString::fromUtf8(passFile));
        QVERIFY(pass.open(QIODevice::ReadOnly));
        const QString password = QString::fromUtf8(pass.readLine()).trimmed().section(QLatin1Char(':'), 4);
        QVERIFY(!password.isEmpty());
        const data::RawTable raw = data::readCsv(adultCsv_.toStdString());
        for (int k = 0; k < 2; ++k) {
            const std::string shard = "streamsynth_shard_" + std::to_string(k);
            c_->exec("DROP DATABASE IF EXISTS " + shard, "dropping a shard");
            c_->exec("CREATE DATABASE " + shard, "creating a shard");
            const auto sc = db::PgConnection::open("host=" + host + " port=" + port + " user=" + user +
                                                   " dbname=" + shard);
            test::loadTable(*sc, "adult_part", adultColumns("date"), raw);
            sc->exec("DELETE FROM adult_part WHERE id % 2 <> " + std::to_string(k),
                     "keeping the shard's rows");
        }
        std::string sql =
            "SET client_min_messages = warning; CREATE EXTENSION IF NOT EXISTS postgres_fdw; "
            "DROP TABLE IF EXISTS adult_sharded CASCADE; ";
        std::string columns;
        for (const test::PgColumn& col : adultColumns("date"))
            columns += (columns.empty() ? "" : ", ") + c_->identifier(col.name) + " " + col.type;
        sql += "CREATE TABLE adult_sharded (" + columns + ") PARTITION BY LIST ((id % 2)); ";
        for (int k = 0; k < 2; ++k) {
            const std::string server = "streamsynth_shard_" + std::to_string(k);
            sql += "DROP SERVER IF EXISTS " + server + " CASCADE; CREATE SERVER " + server +
                   " FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '" + host + "', port '" + port +
                   "', dbname '" + server + "'); CREATE USER MAPPING FOR CURRENT_USER SERVER " + server +
                   " OPTIONS (user '" + user + "', password '" + password.toStdString() +
                   "'); CREATE FOREIGN TABLE adult_sharded_" + std::to_string(k) +
                   " PARTITION OF adult_sharded FOR VALUES IN (" + std::to_string(k) + ") SERVER " + server +
                   " OPTIONS (table_name 'adult_part'); ";
        }
        c_->exec(sql, "making the sharded table");
        QCOMPARE(c_->exec("SELECT count(*) FROM adult_sharded", "counting").integer(0, 0),
                 static_cast<long long>(raw.rowCount()));
        QVERIFY(here != "streamsynth_shard_0");
        stream::StreamRequest r = request(adultCsv_, test::dataPath("adult-domain.json"));
        r.batch = data::BatchSettings(2000, data::BatchOrder::Hash, "id");
        r.seed = 5;
        compareWithCsv(r, "adult_sharded");
        compareWithCsv(r, "adult_sharded", 32u << 20, db::kDefaultMaxSetCells, db::QueryForm::UnionAll);
        stream::StreamRequest m = request(adultCsv_, test::dataPath("adult-domain.json"));
        data::TimeSettings t;
        t.column = "day";
        t.unit = data::PeriodUnit::Quarter;
        t.start = "2000-01-01";
        t.steps = 32;
        m.time = t;
        compareWithCsv(m, "adult_sharded", 32u << 20, db::kDefaultMaxSetCells, db::QueryForm::UnionAll);
    }

    void categoriesBinsAndCodesMatchTheFile() {
        // Every edge case of the encoder in one table: categories with an
        // unlisted value (<other>) and empty cells (<missing>), numbers on
        // bin edges, at the upper bound and clamped, integer codes written as
        // decimals, and a numeric column stored as real.
        std::vector<std::vector<std::string>> rows{{"color", "size", "level", "ratio", "k"}};
        const std::vector<std::string> colors{"red", "green", "blue", "teal", "", "Red"};
        const std::vector<std::string> sizes{
            "0", "2", "3.3333333333333335", "9.999999999999998", "10", "-0", "", "7.5", "12", "-3"};
        const std::vector<std::string> levels{"0", "1.0", "2", "3", "4.000"};
        const std::vector<std::string> ratios{"0.1", "0.25", "0.3", "0.7", "1"};
        for (int i = 0; i < 600; ++i)
            rows.push_back({colors[static_cast<std::size_t>(i * 7 % 6)],
                            sizes[static_cast<std::size_t>(i * 3 % 10)],
                            levels[static_cast<std::size_t>(i * 11 % 5)],
                            ratios[static_cast<std::size_t>(i % 5)], std::to_string(1000 - i)});
        const QString csv = writeCsv(dir_, "mixed.csv", rows);
        const QString schema = dir_.filePath("mixed.json");
        QFile f(schema);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"version": 1, "attributes": [
            {"name": "color", "kind": "categorical", "labels": ["red", "green", "blue"], "other": true, "missing": true},
            {"name": "size", "kind": "numeric", "lower": 0, "upper": 10, "bins": 3, "clamp": true, "missing": true},
            {"name": "level", "kind": "integer", "size": 5},
            {"name": "ratio", "kind": "numeric", "edges": [0, 0.1, 0.3, 1]}]})");
        f.close();
        test::loadTable(*c_, "mixed",
                        {{"color", "text"},
                         {"size", "double precision"},
                         {"level", "numeric"},
                         {"ratio", "real"},
                         {"k", "integer"}},
                        data::readCsv(csv.toStdString()));
        stream::StreamRequest r = request(csv, schema.toStdString());
        data::BatchSettings batch;
        batch.size = 40;
        batch.order = data::BatchOrder::Hash;
        batch.key = "k";
        r.batch = batch;
        compareWithCsv(r, "mixed");
        compareWithCsv(r, "mixed", 32u << 20, db::kDefaultMaxSetCells, db::QueryForm::UnionAll);
    }

    void dateBinsMatchTheFile() {
        // A date attribute (quarters, clamped, <missing> for the days left
        // empty) over date, timestamp and timestamptz columns: the bins of
        // day numbers the CSV path gives.
        const QString schema = dir_.filePath("dates.json");
        QFile f(schema);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"version": 1, "attributes": [
            {"name": "day", "kind": "date", "lower": "2001-02-10", "upper": "2006-12-31", "period": "quarter",
             "clamp": true, "missing": true},
            {"name": "sex", "kind": "integer", "size": 2}],
            "batch": {"size": 1000, "order": "hash", "key": "id"}})");
        f.close();
        const stream::StreamRequest r = request(adultCsv_, schema.toStdString());
        for (const char* table : {"adult_date", "adult_ts", "adult_tstz"}) compareWithCsv(r, table);
    }

    // Only a date-typed column is proposed as a date attribute (the server bins those types), its
    // edges rounded out to whole years (months within one year); text that reads like dates stays
    // categorical.
    void datesProposedForDateColumnsOnly() {
        c_->exec(
            "SET client_min_messages = warning; DROP TABLE IF EXISTS dates_p; "
            "CREATE TABLE dates_p (d date, t text, ts timestamp); INSERT INTO dates_p VALUES "
            "('2001-03-04', '2001-03-04', '2003-01-02 10:00'), ('1999-12-31', '1999-12-31', NULL), "
            "(NULL, '2000-06-01', '2003-05-06 00:00')",
            "creating the dates table");
        db::DbSourceSpec spec;
        spec.connection = uri_;
        spec.table = "dates_p";
        const data::Proposal p = db::proposeDbSchema(*c_, db::describeRelation(*c_, spec), {});
        QCOMPARE(p.schema.attributes.size(), std::size_t{3});
        const data::AttributeSpec& d = p.schema.attributes[0];
        QVERIFY(d.date && d.missingCategory);
        QCOMPARE(d.label(0), std::string("[1999-01-01, 2000-01-01)"));
        QCOMPARE(d.label(2), std::string("[2001-01-01, 2001-12-31]"));
        QCOMPARE(p.schema.attributes[1].kind, data::AttributeKind::Categorical);
        QCOMPARE(p.schema.attributes[1].labels.size(), std::size_t{3});
        const data::AttributeSpec& ts = p.schema.attributes[2];
        QVERIFY(ts.date && ts.missingCategory);
        QCOMPARE(ts.regularSize(), 12);  // the months of 2003
    }

    void hierarchyMembersMatchTheFile() {
        // A public hierarchy in the schema ("members"): children, parents
        // named as themselves, unlisted values (<other>), empty cells and a
        // quote in a name are coded alike by SQL and by the file's encoder.
        std::vector<std::vector<std::string>> rows{{"animal", "n", "k"}};
        const std::vector<std::string> animals{"Gull",   "Hawk",  "Birds", "Deer",
                                               "O'Hare", "Trout", "",      "Mammals"};
        for (int i = 0; i < 400; ++i)
            rows.push_back({animals[static_cast<std::size_t>(i * 5 % 8)], std::to_string(i % 3),
                            std::to_string(400 - i)});
        const QString csv = writeCsv(dir_, "animals.csv", rows);
        const QString schema = dir_.filePath("animals.json");
        QFile f(schema);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            "{\"version\": 1, \"attributes\": [{\"name\": \"animal\", \"kind\": \"categorical\", "
            "\"labels\": [\"Birds\", \"Mammals\"], \"members\": {\"Birds\": [\"Gull\", \"Hawk\"], "
            "\"Mammals\": [\"Deer\", \"O'Hare\"]}, \"other\": true, \"missing\": true}, "
            "{\"name\": \"n\", \"kind\": \"integer\", \"size\": 3}]}");
        f.close();
        test::loadTable(*c_, "animals", {{"animal", "text"}, {"n", "integer"}, {"k", "integer"}},
                        data::readCsv(csv.toStdString()));
        stream::StreamRequest r = request(csv, schema.toStdString());
        data::BatchSettings batch;
        batch.size = 50;
        batch.order = data::BatchOrder::Hash;
        batch.key = "k";
        r.batch = batch;
        compareWithCsv(r, "animals");
        compareWithCsv(r, "animals", 32u << 20, db::kDefaultMaxSetCells, db::QueryForm::UnionAll);
    }

    void moviesWithAProposedDomainMatchTheFile() {
        // A real table: text dates converted to a date column, numbers with
        // gaps, categories with gaps; the domain proposed from the file.
        const std::string path = test::dataPath("movies.csv");
        const data::RawTable raw = data::readCsv(path);
        std::vector<test::PgColumn> cols;
        for (const std::string& n : raw.header) {
            std::string type = "text";
            if (n == "Release Date")
                type = "date";
            else if (n == "US Gross" || n == "Worldwide Gross" || n == "US DVD Sales" ||
                     n == "Production Budget" || n == "Running Time min" || n == "Rotten Tomatoes Rating" ||
                     n == "IMDB Rating" || n == "IMDB Votes")
                type = "double precision";
            cols.push_back({n, type});
        }
        test::loadTable(*c_, "movies", cols, raw, [](const std::string& col, const std::string& v) {
            if (col != "Release Date" || v.empty()) return v;
            const auto t = stream::parseTime(v);
            return t ? stream::isoDate(t->day) : std::string();
        });
        stream::StreamRequest r = request(QString::fromStdString(path), {});
        r.confirmDomain = true;
        data::TimeSettings t;
        t.column = "Release Date";
        t.unit = data::PeriodUnit::Year;
        t.start = "1980-01-01";
        t.end = "2009-12-31";
        r.time = t;
        r.proposal.exclude = {"Title"};
        const stream::LoadedStream ls = stream::loadStream(r);
        // The confirmed proposal becomes a schema file; the same for both sources.
        const QString schema = dir_.filePath("movies.json");
        data::writeSchema(ls.schema, schema.toStdString());
        stream::StreamRequest again = request(QString::fromStdString(path), schema.toStdString());
        compareWithCsv(again, "movies");
    }

    void snapshotHoldsWhileTheTableGrows() {
        c_->exec("DROP TABLE IF EXISTS growing; CREATE TABLE growing AS SELECT * FROM adult_date", "copy");
        stream::StreamRequest r = request(adultCsv_, test::dataPath("adult-domain.json"));
        data::TimeSettings t;
        t.column = "day";
        t.unit = data::PeriodUnit::Year;
        t.start = "2000-01-01";
        t.end = "2007-12-31";
        r.time = t;
        const stream::LoadedStream ls = stream::loadStream(r);
        const marginals::WorkloadSet ws = marginals::WorkloadSet::allKWay(ls.schema.domain(), 2);
        const db::DbStepSource pg(db::openDbStream(spec("growing"), ls.schema, 0), ws, 1);
        const stream::StepMarginals before = pg.step(1);
        c_->exec("INSERT INTO growing SELECT * FROM adult_date WHERE day < DATE '2002-01-01'", "grow");
        const stream::TableStepSource csv(ls.encoded.table, ls.plan, ws);
        for (int s = 1; s <= pg.stepCount(); ++s) QVERIFY(pg.step(s).answers == csv.step(s).answers);
        QVERIFY(pg.step(1).answers == before.answers);
    }

    void refusalsNameTheColumnNotTheValue() {
        c_->exec(
            "DROP TABLE IF EXISTS bad; CREATE TABLE bad (a integer, b text, k bigint, s text);"
            "INSERT INTO bad VALUES (0, 'x', 1, '5'), (7777, 'y', 2, '6'), (1, NULL, 3, '7'), (1, 'x', 3, "
            "'8')",
            "bad table");
        auto schemaWith = [](const std::string& json) { return data::parseSchemaJson(json, "test"); };
        const std::string batch = R"(, "batch": {"size": 2, "order": "hash", "key": "k"}})";
        auto fails = [&](const data::Schema& s, const std::string& table, ErrorKind kind,
                         const std::string& column, const std::string& words) {
            try {
                (void)db::openDbStream(spec(table), s, 0);
                QFAIL(("accepted: " + words).c_str());
            } catch (const Error& e) {
                QVERIFY2(e.kind() == kind, e.describe().c_str());
                QVERIFY2(e.describe().find(words) != std::string::npos, e.describe().c_str());
                if (!column.empty())
                    QVERIFY2(e.describe().find(column) != std::string::npos, e.describe().c_str());
                QVERIFY2(e.describe().find("7777") == std::string::npos, e.describe().c_str());
            }
        };
        // Integer code outside 0..9; the duplicate key of the last rows comes after.
        fails(schemaWith(R"({"version": 1, "attributes": [{"name": "a", "kind": "integer", "size": 10}])" +
                         batch),
              "bad", ErrorKind::Input, "a", "outside its domain");
        // A NULL category without <missing>.
        fails(
            schemaWith(
                R"({"version": 1, "attributes": [{"name": "b", "kind": "categorical", "labels": ["x", "y"]}])" +
                batch),
            "bad", ErrorKind::Input, "b", "no <missing> category");
        // A text column for a number.
        fails(
            schemaWith(
                R"({"version": 1, "attributes": [{"name": "s", "kind": "numeric", "lower": 0, "upper": 9, "bins": 3}])" +
                batch),
            "bad", ErrorKind::Input, "s", "cast it");
        // A text column for a date.
        fails(
            schemaWith(
                R"({"version": 1, "attributes": [{"name": "s", "kind": "date", "edges": ["2000-01-01", "2001-01-01"]}])" +
                batch),
            "bad", ErrorKind::Input, "s", "is a date");
        // The duplicate key 3.
        fails(
            schemaWith(
                R"({"version": 1, "attributes": [{"name": "b", "kind": "categorical", "labels": ["x", "y"], "missing": true}])" +
                batch),
            "bad", ErrorKind::Input, "", "same batch key");
        // Orders that need row positions.
        fails(
            schemaWith(
                R"({"version": 1, "attributes": [{"name": "k", "kind": "integer", "size": 10}], "batch": {"size": 2, "order": "random"}})"),
            "bad", ErrorKind::Setting, "", "hash order");
        // No such table; a missing column.
        fails(schemaWith(R"({"version": 1, "attributes": [{"name": "a", "kind": "integer", "size": 10000}])" +
                         batch),
              "no_such_table", ErrorKind::Input, "", "does not exist in this database");
        fails(schemaWith(R"({"version": 1, "attributes": [{"name": "zz", "kind": "integer", "size": 10}])" +
                         batch),
              "bad", ErrorKind::Input, "zz", "is not a column");
    }

    // The server's refusals in a steward's words (core/db/pg_state_words.h), its own text after them.
    void aRoleWithoutRightsIsToldInWords() {
        c_->exec(
            "DROP TABLE IF EXISTS guarded; CREATE TABLE guarded (a integer, k bigint);"
            "INSERT INTO guarded VALUES (1, 1), (2, 2);"
            "DROP ROLE IF EXISTS streamsynth_norights;"
            "CREATE ROLE streamsynth_norights LOGIN PASSWORD 'n0rights'",
            "a role without rights");
        const std::string other = QString::fromStdString(uri_)
                                      .replace(QRegularExpression("postgresql://[^@]*@"),
                                               "postgresql://streamsynth_norights:n0rights@")
                                      .toStdString();
        const data::Schema schema = data::parseSchemaJson(
            R"({"version": 1, "attributes": [{"name": "a", "kind": "integer", "size": 10}],)"
            R"( "batch": {"size": 1, "order": "hash", "key": "k"}})",
            "test");
        try {
            (void)db::openDbStream({other, "guarded", {}}, schema, 0);
            QFAIL("a role without rights read the table");
        } catch (const Error& e) {
            QVERIFY2(e.describe().find("has no permission") != std::string::npos, e.describe().c_str());
            QVERIFY2(e.describe().find("42501") != std::string::npos, e.describe().c_str());
            QVERIFY2(e.describe().find("n0rights") == std::string::npos, e.describe().c_str());
        }
        c_->exec("DROP ROLE streamsynth_norights", "dropping the role");
    }

    void passwordsAreNeverShown() {
        QCOMPARE(db::displayConnection(
                     "postgresql://ann:s3cret@db.example:5433/reg?sslmode=require&password=s3cret"),
                 std::string("postgresql://ann@db.example:5433/reg?sslmode=require"));
        const std::string kv = db::displayConnection("host=db.example user=ann password=s3cret dbname=reg");
        QVERIFY2(kv.find("s3cret") == std::string::npos && kv.find("password") == std::string::npos,
                 kv.c_str());
        for (const char* part : {"host=db.example", "user=ann", "dbname=reg"})
            QVERIFY2(kv.find(part) != std::string::npos, kv.c_str());
        QVERIFY_THROWS_EXCEPTION(Error, db::displayConnection("postgresql://ann@host:notaport:/x?y"));
        // A wrong password: refused with the server's words and without the password.
        const std::string wrong =
            QString::fromStdString(uri_)
                .replace("postgresql://streamsynth@", "postgresql://streamsynth:wr0ngpass@")
                .toStdString();
        try {
            (void)db::PgConnection::open(wrong);
            QFAIL("a wrong password was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), ErrorKind::Io);
            QVERIFY2(e.describe().find("wr0ngpass") == std::string::npos, e.describe().c_str());
            QVERIFY2(e.describe().find("password authentication failed") != std::string::npos,
                     e.describe().c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestDbStepSource)
#include "test_db_step_source.moc"
