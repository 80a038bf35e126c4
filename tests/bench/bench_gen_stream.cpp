// Generator of the 10-million-row benchmark stream (docs/scale.md): a public
// synthetic table drawn from a graphical model fitted to Adult's exact 2-way
// marginals on its Chow–Liu tree (the maximum spanning tree of pairwise
// mutual information; Chow & Liu 1968), plus a 15th attribute `region`
// derived from native-country and race, and a date column `day` spread
// evenly over 100 months from 2015-01 (the same number of rows each month),
// and a unique key `id`. Written as a CSV file and/or loaded into a
// PostgreSQL table (with an index on `day`), month by month, so memory stays
// at one month of rows. Every draw comes from a seeded privacy::Rng: the
// same arguments give the same table. Not run by CTest.
//
// Usage: bench_gen_stream [--rows N=10000000] [--months M=100] [--seed S=1]
//                         [--csv FILE] [--db URI --table NAME] [--schema FILE]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <numeric>
#include <string>

#include "core/common/time_parser.h"
#include "core/db/pg_connection.h"
#include "core/fit/fit_engine.h"
#include "core/marginals/marginal_counter.h"
#include "core/privacy/rng.h"
#include "core/steps/step_pipeline.h"
#include "core/values/error.h"
#include "core/values/schema.h"

using namespace streamsynth;

namespace {

struct Args {
    long long rows = 10'000'000;
    int months = 100;
    std::uint64_t seed = 1;
    std::string csv, db, table = "stream10m", schema;
};

Args parse(int argc, char** argv) {
    Args a;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string k = argv[i], v = argv[i + 1];
        if (k == "--rows")
            a.rows = std::stoll(v);
        else if (k == "--months")
            a.months = std::stoi(v);
        else if (k == "--seed")
            a.seed = std::stoull(v);
        else if (k == "--csv")
            a.csv = v;
        else if (k == "--db")
            a.db = v;
        else if (k == "--table")
            a.table = v;
        else if (k == "--schema")
            a.schema = v;
        else
            throw settingError(k, "unknown option");
    }
    return a;
}

// The Chow–Liu tree of Adult: pairs by mutual information, maximum spanning tree (Prim).
std::vector<marginals::Workload> chowLiuTree(const data::Table& t, const marginals::WorkloadSet& pairs) {
    const std::vector<marginals::Marginal> m = marginals::countAll(t, pairs);
    const int p = t.domain().attributeCount();
    const double n = static_cast<double>(t.rowCount());
    std::vector<std::vector<double>> mi(static_cast<std::size_t>(p),
                                        std::vector<double>(static_cast<std::size_t>(p), 0));
    for (std::size_t w = 0; w < pairs.size(); ++w) {
        const int a = pairs[w].attrs[0], b = pairs[w].attrs[1];
        const int na = t.domain().size(a), nb = t.domain().size(b);
        std::vector<double> pa(static_cast<std::size_t>(na), 0), pb(static_cast<std::size_t>(nb), 0);
        for (int x = 0; x < na; ++x)
            for (int y = 0; y < nb; ++y) {
                const double c = m[w][static_cast<std::size_t>(x * nb + y)];
                pa[static_cast<std::size_t>(x)] += c;
                pb[static_cast<std::size_t>(y)] += c;
            }
        double s = 0;
        for (int x = 0; x < na; ++x)
            for (int y = 0; y < nb; ++y) {
                const double c = m[w][static_cast<std::size_t>(x * nb + y)];
                if (c > 0)
                    s +=
                        c / n *
                        std::log(c * n / (pa[static_cast<std::size_t>(x)] * pb[static_cast<std::size_t>(y)]));
            }
        mi[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] =
            mi[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)] = s;
    }
    std::vector<bool> in(static_cast<std::size_t>(p), false);
    in[0] = true;
    std::vector<marginals::Workload> tree;
    for (int k = 1; k < p; ++k) {
        int bestA = -1, bestB = -1;
        double best = -1;
        for (int a = 0; a < p; ++a)
            for (int b = 0; b < p; ++b)
                if (in[static_cast<std::size_t>(a)] && !in[static_cast<std::size_t>(b)] &&
                    mi[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] > best) {
                    best = mi[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
                    bestA = a;
                    bestB = b;
                }
        in[static_cast<std::size_t>(bestB)] = true;
        tree.push_back({{std::min(bestA, bestB), std::max(bestA, bestB)}});
    }
    return tree;
}

// A model of Adult: the PGM fitted to the tree's exact marginals (a tree is
// decomposable, so the fit reproduces them).
std::unique_ptr<fit::Model> adultModel(const data::Table& adult) {
    const marginals::WorkloadSet pairs = marginals::WorkloadSet::allKWay(adult.domain(), 2);
    const std::vector<marginals::Workload> tree = chowLiuTree(adult, pairs);
    std::vector<fit::Measurement> ms;
    for (const marginals::Workload& w : tree) {
        marginals::Marginal counts(static_cast<std::size_t>(adult.domain().cells(w.attrs)), 0.0);
        marginals::addCounts(adult, w, 0, adult.rowCount(), counts.data());
        ms.push_back({w.attrs, counts, 1.0});
    }
    fit::FitOptions o;
    o.maxIterations = 2000;
    o.tolerance = 1e-9;
    return fit::makePgmEngine()->fit(adult.domain(), ms, nullptr, o);
}

constexpr int kRegions = 5;

}  // namespace

int main(int argc, char** argv) try {
    const Args args = parse(argc, argv);
    if (args.csv.empty() && args.db.empty())
        throw settingError("--csv/--db", "give a CSV file, a database, or both");
    const auto start = std::chrono::steady_clock::now();
    stream::StreamRequest r;
    r.dataPath = STREAMSYNTH_SOURCE_DIR "/resources/data/adult.csv";
    r.schemaPath = STREAMSYNTH_SOURCE_DIR "/resources/data/adult-domain.json";
    r.requireStream = false;
    const stream::LoadedStream adult = stream::loadStream(r);
    const auto model = adultModel(adult.encoded.table);
    const data::Domain& d = adult.encoded.table.domain();
    const int p = d.attributeCount();
    const int country = d.indexOf("native-country"), race = d.indexOf("race");

    // Schema: Adult's integer codes plus region (the 15th attribute).
    data::Schema schema;
    for (int a = 0; a < p; ++a) {
        data::AttributeSpec spec;
        spec.name = d.name(a);
        spec.size = d.size(a);
        schema.attributes.push_back(spec);
    }
    data::AttributeSpec region;
    region.name = "region";
    region.size = kRegions;
    schema.attributes.push_back(region);
    if (!args.schema.empty()) data::writeSchema(schema, args.schema);

    std::string header;
    for (const auto& a : schema.attributes) header += a.name + ",";
    header += "day,id";
    std::ofstream csv;
    if (!args.csv.empty()) {
        csv.open(args.csv, std::ios::binary | std::ios::trunc);
        if (!csv) throw Error(ErrorKind::Io, "cannot write " + args.csv);
        csv << header << "\n";
    }
    std::unique_ptr<db::PgConnection> c;
    if (!args.db.empty()) {
        c = db::PgConnection::open(args.db);
        std::string cols;
        for (const auto& a : schema.attributes) cols += c->identifier(a.name) + " integer, ";
        c->exec("SET client_min_messages = warning; DROP TABLE IF EXISTS " + c->identifier(args.table) +
                    "; CREATE TABLE " + c->identifier(args.table) + " (" + cols + "day date, id bigint)",
                "creating the table");
    }

    auto rng = privacy::makeSeededRng(args.seed, "bench-stream");
    const long long perMonth = args.rows / args.months;
    long long id = 0;
    for (int m = 0; m < args.months; ++m) {
        const long long n = perMonth + (m < args.rows % args.months ? 1 : 0);
        const data::Table rows = model->sample(n, *rng);
        const int y = 2015 + m / 12, mo = m % 12 + 1;
        const long long first = stream::daysFromCivil(y, mo, 1);
        const long long days =
            stream::daysFromCivil(y + (mo == 12 ? 1 : 0), mo == 12 ? 1 : mo + 1, 1) - first;
        std::string text;
        text.reserve(static_cast<std::size_t>(n) * 64);
        for (long long i = 0; i < n; ++i) {
            for (int a = 0; a < p; ++a)
                text += std::to_string(rows.column(a)[static_cast<std::size_t>(i)]) + ",";
            // region: mostly a function of country and race, sometimes any.
            const auto c0 = rows.column(country)[static_cast<std::size_t>(i)],
                       r0 = rows.column(race)[static_cast<std::size_t>(i)];
            const auto reg = rng->uniform01() < 0.85 ? (c0 * 3 + r0) % kRegions
                                                     : static_cast<int>(rng->uniformBelow(kRegions));
            text += std::to_string(reg) + ",";
            text += stream::isoDate(
                        first + static_cast<long long>(rng->uniformBelow(static_cast<std::uint64_t>(days)))) +
                    "," + std::to_string(++id) + "\n";
        }
        if (csv.is_open()) csv.write(text.data(), static_cast<std::streamsize>(text.size()));
        if (c) {
            std::size_t at = 0;
            c->copyIn("COPY " + c->identifier(args.table) + " FROM STDIN (FORMAT csv)",
                      "loading month " + std::to_string(m + 1), [&](std::string& chunk) {
                          const std::size_t len = std::min<std::size_t>(1 << 20, text.size() - at);
                          chunk.assign(text, at, len);
                          at += len;
                          return at < text.size();
                      });
        }
        std::fprintf(stderr, "month %d/%d: %lld rows (%.0f s)\n", m + 1, args.months, n,
                     std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    if (csv.is_open()) {
        csv.close();
        if (!csv) throw Error(ErrorKind::Io, "writing " + args.csv + " failed");
    }
    if (c) {
        c->exec(
            "CREATE INDEX ON " + c->identifier(args.table) + " (day); ANALYZE " + c->identifier(args.table),
            "indexing the table");
    }
    std::fprintf(stderr, "done: %lld rows in %.0f s\n", id,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return 0;
} catch (const Error& e) {
    std::fprintf(stderr, "bench_gen_stream: %s\n", e.describe().c_str());
    return 1;
}
