// DbStepSource; see db_step_source.h.
#include "core/db/db_step_source.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <string_view>
#include <thread>
#include <unordered_map>

#include "core/db/grouping_layout.h"
#include "core/db/marginal_sql.h"
#include "core/marginals/marginal_counter.h"
#include "core/steps/step_digest.h"
#include "core/values/error.h"

namespace streamsynth::db {

void beginSnapshot(const PgConnection& c) {
    c.exec(
        "SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD'; SET extra_float_digits = 1; "
        "SET standard_conforming_strings = on; SET work_mem = '256MB'; SET jit = off; "
        "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
        "preparing the session");
}

OpenedDbStream openDbStream(const DbSourceSpec& spec, const data::Schema& schema, std::uint64_t seed,
                            const PgConnection::PasswordPrompt& prompt,
                            const std::vector<stream::KeyRange>& ranges) {
    validate(spec);
    if (schema.derivedFromData)
        throw settingError("domain",
                           "the schema was derived from the data and has not been confirmed as public");
    OpenedDbStream s;
    s.connection = PgConnection::open(spec.connection, prompt);
    beginSnapshot(*s.connection);
    s.relation = describeRelation(*s.connection, spec);
    s.schema = schema;
    s.plan = planDbStream(*s.connection, s.relation, schema, seed, ranges);
    return s;
}

namespace {

// Text value -> code, by the schema's rules (table_encoder's categorical case).
struct Coder {
    const data::AttributeSpec* spec = nullptr;
    bool text = false;
    std::unordered_map<std::string_view, int> labels;
};

struct Chunk {
    int first = 0, last = 0;                                // steps
    std::vector<std::vector<marginals::Marginal>> answers;  // [step - first][workload]
};

}  // namespace

struct DbStepSource::Impl {
    OpenedDbStream db;
    marginals::WorkloadSet ws;
    GroupingLayout layout;
    std::vector<Coder> coders;                // per used attribute
    GroupingQuery query;                      // from/values/sets; step and where per chunk
    std::vector<std::pair<int, int>> chunks;  // [first, last] steps
    std::vector<int> chunkOf;                 // step-1 -> chunk index

    mutable std::mutex m;
    mutable std::condition_variable cv;
    mutable std::map<int, std::shared_ptr<const Chunk>> ready;
    mutable std::map<int, std::exception_ptr> failed;
    mutable int wanted = -1, served = -1, fetching = -1;
    mutable double seconds = 0;
    bool stop = false;
    std::thread worker;

    Chunk fetch(int index);
    void addRow(const PgResult& r, int row, Chunk& chunk, std::vector<int>& codes) const;
    int codeOf(const PgResult& r, int row, int column, std::size_t usedIndex, int step) const;
    void run();
    [[noreturn]] void decodeError(std::size_t usedIndex, int step, const std::string& what) const;
};

void DbStepSource::Impl::decodeError(std::size_t usedIndex, int step, const std::string& what) const {
    ErrorContext ctx;
    ctx.file = db.connection->display();
    ctx.columnName = coders[usedIndex].spec->name;
    throw Error(ErrorKind::Input, "step " + std::to_string(step) + ": " + what, ctx);
}

int DbStepSource::Impl::codeOf(const PgResult& r, int row, int column, std::size_t u, int step) const {
    const Coder& c = coders[u];
    const data::AttributeSpec& spec = *c.spec;
    const bool null = r.isNull(row, column);
    if (c.text) {
        const std::string_view v(r.text(row, column), static_cast<std::size_t>(r.length(row, column)));
        if (null || v.empty()) {
            if (spec.missingCategory) return spec.missingCode();
            decodeError(u, step, "a value is missing and the attribute has no <missing> category");
        }
        const auto it = c.labels.find(v);
        if (it != c.labels.end()) return it->second;
        if (spec.hasOther) return spec.otherCode();
        decodeError(u, step, "a value is not a category of the schema");
    }
    if (null) {
        if (spec.missingCategory) return spec.missingCode();
        decodeError(u, step, "a value is missing and the attribute has no <missing> category");
    }
    const long long code = r.integer(row, column);
    if (code < 0 || code >= spec.regularSize())
        decodeError(u, step, "a value is outside the attribute's domain");
    return static_cast<int>(code);
}

void DbStepSource::Impl::addRow(const PgResult& r, int row, Chunk& chunk, std::vector<int>& codes) const {
    const int step = static_cast<int>(r.integer(row, 0));
    if (step < chunk.first || step > chunk.last)
        throw Error(ErrorKind::Input, "the server returned a step outside the query");
    const long long first = r.integer(row, 1);
    int set = -1;
    const auto it = layout.byFirstMask.find(first);
    if (it != layout.byFirstMask.end())
        for (int s : it->second) {
            bool same = true;
            for (int g = 1; g < layout.maskColumns && same; ++g)
                same = layout.masks[static_cast<std::size_t>(s)][static_cast<std::size_t>(g)] ==
                       r.integer(row, 1 + g);
            if (same) set = s;
        }
    if (set < 0) throw Error(ErrorKind::Input, "the server returned a grouping set that was not asked for");
    const int valueColumn0 = 1 + layout.maskColumns;
    const long long count = r.integer(row, valueColumn0 + static_cast<int>(layout.used.size()));
    const std::vector<int>& attrs = layout.sets[static_cast<std::size_t>(set)];
    codes.resize(attrs.size());
    for (std::size_t i = 0; i < attrs.size(); ++i)
        codes[i] = codeOf(r, row, valueColumn0 + attrs[i], static_cast<std::size_t>(attrs[i]), step);
    auto& answers = chunk.answers[static_cast<std::size_t>(step - chunk.first)];
    for (const GroupingLayout::Part& p : layout.parts[static_cast<std::size_t>(set)]) {
        // Row-major over the workload's attributes, first attribute slowest (marginals/workload.h).
        std::size_t cell = 0;
        for (int pos : p.positions) {
            const int a = layout.used[static_cast<std::size_t>(attrs[static_cast<std::size_t>(pos)])];
            cell = cell * static_cast<std::size_t>(ws.domain().size(a)) +
                   static_cast<std::size_t>(codes[static_cast<std::size_t>(pos)]);
        }
        answers[static_cast<std::size_t>(p.workload)][cell] += static_cast<double>(count);
    }
}

Chunk DbStepSource::Impl::fetch(int index) {
    const auto [a, b] = chunks[static_cast<std::size_t>(index)];
    const auto start = std::chrono::steady_clock::now();
    Chunk chunk;
    chunk.first = a;
    chunk.last = b;
    chunk.answers.assign(static_cast<std::size_t>(b - a + 1), marginals::zeroAnswers(ws));
    GroupingQuery q = query;
    q.step = planStepSql(db.plan, a, b);
    q.where = planWhereSql(db.plan, db.schema, db.relation, a, b);
    db.connection->forEachBatch(groupingSetsSql(q, a, b),
                                "counting steps " + std::to_string(a) + ".." + std::to_string(b), 50000,
                                [&](const PgResult& r) {
                                    std::vector<int> codes;
                                    for (int row = 0; row < r.rows(); ++row) addRow(r, row, chunk, codes);
                                });
    // Every workload of a step counts each of its rows once: the plan's row
    // count must come back (a server without one snapshot for all queries,
    // e.g. several nodes, could otherwise mix two states of a growing table).
    for (int t = a; t <= b; ++t) {
        const auto& answers = chunk.answers[static_cast<std::size_t>(t - a)];
        double n = 0;
        for (double v : answers.front()) n += v;
        if (static_cast<long long>(n) != db.plan.rows[static_cast<std::size_t>(t - 1)])
            throw Error(ErrorKind::Input,
                        "step " + std::to_string(t) + " changed while it was read (the plan counted " +
                            "other rows than the step's query); read the stream again",
                        ErrorContext::forFile(db.connection->display()));
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::lock_guard lock(m);
    seconds += s;
    return chunk;
}

// The worker: fetches the chunk a reader waits for, else the one after the
// last served (prefetch), keeping at most two in memory.
void DbStepSource::Impl::run() {
    std::unique_lock lock(m);
    for (;;) {
        int next = -1;
        cv.wait(lock, [&] {
            if (stop) return true;
            auto missing = [&](int c) {
                return c >= 0 && c < static_cast<int>(chunks.size()) && !ready.count(c) && !failed.count(c);
            };
            if (missing(wanted))
                next = wanted;
            else if (served >= 0 && missing(served + 1))
                next = served + 1;
            return next >= 0;
        });
        if (stop) return;
        fetching = next;
        lock.unlock();
        std::shared_ptr<const Chunk> got;
        std::exception_ptr error;
        try {
            got = std::make_shared<const Chunk>(fetch(next));
        } catch (...) {
            error = std::current_exception();
        }
        lock.lock();
        fetching = -1;
        if (error)
            failed[next] = error;
        else
            ready[next] = std::move(got);
        // Keep the chunk being read and the one after it.
        for (auto it = ready.begin(); it != ready.end();)
            it = (it->first < std::min(wanted, served) || it->first > std::max(wanted, served) + 1)
                     ? ready.erase(it)
                     : std::next(it);
        cv.notify_all();
    }
}

DbStepSource::DbStepSource(OpenedDbStream stream, marginals::WorkloadSet workloads, std::size_t chunkBytes,
                           double maxSetCells, QueryForm form)
    : impl_(std::make_unique<Impl>()) {
    Impl& d = *impl_;
    d.db = std::move(stream);
    d.ws = std::move(workloads);
    if (!(d.db.schema.domain() == d.ws.domain()))
        throw settingError("workloads", "the schema and the workload set use different domains");
    d.layout = groupingLayout(d.ws, maxSetCells);
    for (int a : d.layout.used) {
        const data::AttributeSpec& spec = d.db.schema.attributes[static_cast<std::size_t>(a)];
        const AttributeSql sql = attributeSql(spec, d.db.relation.column(spec.name, "schema attribute"));
        d.query.values.push_back(sql.value);
        d.query.textValues.push_back(sql.textValue);
        Coder c;
        c.spec = &d.db.schema.attributes[static_cast<std::size_t>(a)];
        c.text = sql.textValue;
        for (std::size_t i = 0; i < c.spec->labels.size(); ++i)
            c.labels.emplace(c.spec->labels[i], static_cast<int>(i));
        d.coders.push_back(std::move(c));
    }
    d.query.from = d.db.relation.from;
    d.query.sets = d.layout.sets;
    d.query.form = form;
    // Chunks: the first step alone (the run starts as soon as it can), then
    // as many steps as fit the memory budget and about kChunkRows rows (the
    // next chunk is counted while the streamers work on this one), never
    // across a key range.
    const double perStep = 8.0 * static_cast<double>(d.ws.totalCells());
    const int length = static_cast<int>(std::clamp(static_cast<double>(chunkBytes) / perStep, 1.0, 256.0));
    const int steps = d.db.plan.stepCount();
    for (int t = 1; t <= steps;) {
        int end = t == 1 ? 1 : std::min(steps, t + length - 1);
        long long rows = d.db.plan.rows[static_cast<std::size_t>(t - 1)];
        for (int u = t + 1; u <= end; ++u) {
            rows += d.db.plan.rows[static_cast<std::size_t>(u - 1)];
            if (rows > kChunkRows) {
                end = u - 1;
                break;
            }
        }
        for (const HashSegment& s : d.db.plan.segments) {
            const int segEnd = s.firstStep + static_cast<int>(s.starts.size()) - 1;
            if (t >= s.firstStep && t <= segEnd) end = std::min(end, segEnd);
        }
        d.chunks.emplace_back(t, end);
        for (int u = t; u <= end; ++u) d.chunkOf.push_back(static_cast<int>(d.chunks.size()) - 1);
        t = end + 1;
    }
    d.worker = std::thread([&d] { d.run(); });
}

DbStepSource::~DbStepSource() {
    Impl& d = *impl_;
    {
        std::lock_guard lock(d.m);
        d.stop = true;
    }
    d.cv.notify_all();
    if (d.worker.joinable()) d.worker.join();
}

int DbStepSource::stepCount() const {
    return impl_->db.plan.stepCount();
}
const marginals::WorkloadSet& DbStepSource::workloads() const {
    return impl_->ws;
}

std::string DbStepSource::period(int t) const {
    if (t < 1 || t > stepCount())
        throw settingError("step",
                           "step " + std::to_string(t) + " is outside 1.." + std::to_string(stepCount()));
    return impl_->db.plan.periods[static_cast<std::size_t>(t - 1)];
}

long long DbStepSource::stepRows(int t) const {
    (void)period(t);
    return impl_->db.plan.rows[static_cast<std::size_t>(t - 1)];
}

stream::StepMarginals DbStepSource::step(int t) const {
    stream::StepMarginals s;
    s.step = t;
    s.period = period(t);
    s.rows = stepRows(t);
    Impl& d = *impl_;
    const int c = d.chunkOf[static_cast<std::size_t>(t - 1)];
    std::shared_ptr<const Chunk> chunk;
    {
        std::unique_lock lock(d.m);
        d.wanted = c;
        d.failed.erase(c);  // a failed fetch is tried again when asked for again
        d.cv.notify_all();
        d.cv.wait(lock, [&] { return d.ready.count(c) || d.failed.count(c); });
        if (d.failed.count(c)) std::rethrow_exception(d.failed.at(c));
        chunk = d.ready.at(c);
        d.served = c;
        d.cv.notify_all();  // prefetch the next chunk
    }
    s.answers = chunk->answers[static_cast<std::size_t>(t - chunk->first)];
    return s;
}

std::string DbStepSource::digestKind() const {
    return stream::kMarginalsDigest;
}
const data::Schema& DbStepSource::schema() const {
    return impl_->db.schema;
}
const DbPlan& DbStepSource::plan() const {
    return impl_->db.plan;
}

std::string DbStepSource::description() const {
    return impl_->db.connection->display() + ", " + impl_->db.relation.label;
}

int DbStepSource::backendPid() const {
    return impl_->db.connection->backendPid();
}

double DbStepSource::serverSeconds() const {
    std::lock_guard lock(impl_->m);
    return impl_->seconds;
}

}  // namespace streamsynth::db
