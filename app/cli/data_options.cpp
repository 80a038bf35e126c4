// Shared data/stream/workload options of the CLI commands.
#include "cli/data_options.h"

#include "cli/cli_common.h"
#include "cli/password_prompt.h"
#include "core/values/error.h"
#include "core/values/stream_settings.h"

namespace streamsynth::cli {

void addDataOptions(QCommandLineParser& p) {
    p.addOption({"data", "The table (CSV/TSV) to read.", "FILE"});
    p.addOption({"db",
                 "Read the stream from PostgreSQL instead of a file: a connection string "
                 "(postgresql://user@host:port/database). The password comes from the password file "
                 "(PGPASSFILE, ~/.pgpass) or is asked for; it is never stored or shown.",
                 "URI"});
    p.addOption({"table", "With --db: the table or view (name or schema.name).", "NAME"});
    p.addOption({"query", "With --db: a query giving the rows (SELECT ...), instead of --table.", "SQL"});
    p.addOption({"db-sql",
                 "With --db: grouping-sets (one scan per chunk of steps, default) or union-all (one GROUP BY "
                 "per grouping set, for distributed servers such as Citus).",
                 "FORM"});
    p.addOption({"schema",
                 "Schema file (JSON) fixing the public domain and, optionally, the stream settings.",
                 "FILE"});
    p.addOption(
        {"confirm-domain",
         "Propose the domain from the data and confirm that it is public knowledge (without --schema)."});
    p.addOption({"time", "Time column: steps are release periods of this column (with --period).", "COL"});
    p.addOption(
        {"period", "Release period: day, week, 2weeks, month, quarter, year, 'N days', 'N units', ...", "P"});
    p.addOption({"format", "Explicit date format of the time column (Qt syntax, e.g. dd.MM.yyyy).", "FMT"});
    p.addOption({"start",
                 "Public start of the stream (a date, or a number for 'N units'): step 1 is its period. "
                 "Without it the earliest time in the data is used, which needs --confirm-domain.",
                 "DATE"});
    p.addOption({"end",
                 "Public end of a time stream (a date, or a number for 'N units'): the last step is its "
                 "period; later rows are excluded and reported. Overrides the schema's \"end\".",
                 "DATE"});
    p.addOption(
        {"step-count", "Public length of a time stream: N steps from its start (instead of --end).", "N"});
    p.addOption({"confirm-end",
                 "Confirm that the data's last period is public: the stream ends with the latest "
                 "time in the data (without --end or --step-count this confirmation is required)."});
    p.addOption({"batch", "Steps are batches of B rows (no time column).", "B"});
    p.addOption(
        {"order",
         "Batch order: random (seeded shuffle, default), sorted (lexicographic on all codes) or hash (by the "
         "MD5 of seed and --key; the same steps from a file and from a database).",
         "ORDER"});
    p.addOption(
        {"key", "Key column of the hash batch order: unique whole numbers, not an attribute.", "COL"});
    p.addOption({"seed",
                 "Seed of the random batch order and, in `run`, of the noise. Not given: `run` draws "
                 "one from the operating system and prints it (refused with --release-mode); the other "
                 "commands use 0.",
                 "S"});
    p.addOption({"delimiter", "Field delimiter of the table (default: detected).", "CHAR"});
    addUnitOptions(p);
}

void addUnitOptions(QCommandLineParser& p) {
    p.addOption({"privacy-unit",
                 "Protect each unit instead of each row: the key column that identifies a person, household "
                 "or firm (never released, never an attribute). Needs --max-rows-per-unit and a time "
                 "column; default: each row is protected (event level).",
                 "COL"});
    p.addOption({"max-rows-per-unit",
                 "With --privacy-unit: the most rows one unit counts over the whole stream (public); later "
                 "rows of a unit are dropped by a public rule.",
                 "M"});
    p.addOption({"max-rows-per-unit-per-step",
                 "With --privacy-unit: the most rows one unit counts in one step (default: M).", "K"});
}

// --privacy-unit COL --max-rows-per-unit M [--max-rows-per-unit-per-step K].
std::optional<data::UnitSettings> unitFrom(const QCommandLineParser& p) {
    if (!p.isSet("privacy-unit")) {
        if (p.isSet("max-rows-per-unit") || p.isSet("max-rows-per-unit-per-step"))
            throw settingError("--max-rows-per-unit", "the bounds on a unit's rows need --privacy-unit COL");
        return std::nullopt;
    }
    data::UnitSettings u;
    u.column = p.value("privacy-unit").toStdString();
    if (!p.isSet("max-rows-per-unit"))
        throw settingError("--max-rows-per-unit",
                           "--privacy-unit needs the most rows one unit counts over the stream "
                           "(--max-rows-per-unit M), a public bound");
    u.maxRows = parseInteger(p.value("max-rows-per-unit"), "max-rows-per-unit", 1, 1'000'000);
    u.maxRowsPerStep =
        p.isSet("max-rows-per-unit-per-step")
            ? parseInteger(p.value("max-rows-per-unit-per-step"), "max-rows-per-unit-per-step", 1, 1'000'000)
            : u.maxRows;
    data::validateUnitSettings(u);  // K ≤ m, and both in range
    return u;
}

void addContinueEndOptions(QCommandLineParser& p) {
    p.addOption({"end",
                 "New public end of a time stream (a date, or a number for 'N units'): the last step is its "
                 "period; later rows are excluded and reported. Default: the session's end.",
                 "DATE"});
    p.addOption({"step-count",
                 "New public length of a time stream: N steps from its start (instead of --end).", "N"});
    p.addOption(
        {"confirm-end", "Confirm that the grown data's last period is public: the stream then ends there."});
}

api::TimeEnd continueEndFrom(const QCommandLineParser& p) {
    api::TimeEnd e;
    e.end = p.value("end").toStdString();
    if (p.isSet("end") && e.end.empty())
        throw settingError("--end", "give a date (or a number for 'N units')");
    if (p.isSet("step-count")) e.steps = parseInteger(p.value("step-count"), "step-count", 1, 1'000'000);
    e.confirmDataEnd = p.isSet("confirm-end");
    return e;
}

void addWorkloadOptions(QCommandLineParser& p) {
    p.addOption({"k", "Evaluate all k-way workloads (default 2).", "K"});
    p.addOption(
        {"workloads", "Workload file: one workload per line, attribute names separated by commas.", "FILE"});
}

api::StreamRequest streamRequestFrom(const QCommandLineParser& p, bool requireStream) {
    api::StreamRequest r;
    if (!p.isSet("db")) r.dataPath = requireOption(p, "data").toStdString();
    r.schemaPath = p.value("schema").toStdString();
    r.confirmDomain = p.isSet("confirm-domain");
    r.requireStream = requireStream;
    if (p.isSet("time") && p.isSet("batch"))
        throw settingError("--time/--batch", "choose either a time column or batches, not both");
    if (p.isSet("time")) {
        if (!p.isSet("period")) throw settingError("--period", "a release period is required with --time");
        data::TimeSettings t;
        t.column = p.value("time").toStdString();
        t.format = p.value("format").toStdString();
        t.start = p.value("start").toStdString();
        r.time = data::parsePeriod(p.value("period").toStdString(), t);
    } else if (p.isSet("period") || p.isSet("format") || p.isSet("start")) {
        throw settingError("--period", "--period, --format and --start need a time column (--time COL)");
    }
    r.end = p.value("end").toStdString();
    if (p.isSet("end") && r.end.empty())
        throw settingError("--end", "give a date (or a number for 'N units')");
    if (p.isSet("step-count")) r.steps = parseInteger(p.value("step-count"), "step-count", 1, 1'000'000);
    r.confirmEnd = p.isSet("confirm-end");
    if (p.isSet("batch")) {
        data::BatchSettings b;
        // The schema (and the session keeping it) hold the batch size as a 32-bit whole number.
        b.size = parseInteger(p.value("batch"), "batch", 1, 2'147'483'647LL);
        if (p.isSet("order")) b.order = data::parseBatchOrder(p.value("order").toStdString());
        if (p.isSet("key")) b.key = p.value("key").toStdString();
        if (b.order == data::BatchOrder::Hash && b.key.empty())
            throw settingError("--key", "the hash batch order needs a key column (--key COL)");
        if (b.order != data::BatchOrder::Hash && !b.key.empty())
            throw settingError("--key", "--key is used only by the hash batch order (--order hash)");
        r.batch = b;
    } else if (p.isSet("order") || p.isSet("key")) {
        throw settingError("--order", "--order and --key need a batch size (--batch B)");
    }
    if (p.isSet("seed")) r.seed = parseSeed(p.value("seed"), "seed");
    r.unit = unitFrom(p);
    if (p.isSet("delimiter")) {
        QString d = p.value("delimiter");
        if (d == "\\t" || d.compare("tab", Qt::CaseInsensitive) == 0) d = "\t";
        if (d.size() != 1 || d[0].unicode() > 127)
            throw settingError("--delimiter", "the delimiter must be a single ASCII character (or 'tab')");
        r.delimiter = static_cast<char>(d[0].unicode());
    }
    return r;
}

api::InputRequest inputRequestFrom(const QCommandLineParser& p, bool requireStream) {
    api::InputRequest r;
    r.file = streamRequestFrom(p, requireStream);
    if (!p.isSet("db")) {
        if (p.isSet("table") || p.isSet("query") || p.isSet("db-sql"))
            throw settingError("--table", "--table, --query and --db-sql need --db");
        return r;
    }
    if (p.isSet("data"))
        throw settingError("--db", "give either a file (--data) or a database (--db), not both");
    if (p.isSet("delimiter")) throw settingError("--delimiter", "--delimiter applies to files, not to --db");
    if (p.isSet("privacy-unit"))
        throw settingError(
            "--privacy-unit",
            "a privacy unit is not yet available with --db: a database stream's rows would have "
            "to be bounded inside the database. Export the table to a file to protect units");
    r.database.connection = p.value("db").toStdString();
    r.database.table = p.value("table").toStdString();
    r.database.query = p.value("query").toStdString();
    if (r.database.table.empty() == r.database.query.empty())
        throw settingError("--table",
                           "with --db give either a table (--table NAME) or a query (--query 'SELECT ...')");
    if (p.isSet("db-sql")) {
        const QString form = p.value("db-sql");
        if (form == "union-all")
            r.unionAll = true;
        else if (form != "grouping-sets")
            throw settingError("--db-sql", "grouping-sets or union-all");
    }
    r.prompt = terminalPasswordPrompt();
    // What the commands print as "the data": the connection without its password.
    r.file.dataPath = api::connectionForDisplay(r.database.connection) +
                      (r.database.table.empty() ? ", query" : ", table " + r.database.table);
    return r;
}

api::WorkloadChoice workloadChoiceFrom(const QCommandLineParser& p) {
    api::WorkloadChoice choice;
    if (p.isSet("workloads")) {
        if (p.isSet("k")) throw settingError("--k", "give either --k or --workloads, not both");
        choice.file = p.value("workloads").toStdString();
    } else if (p.isSet("k")) {
        choice.way = static_cast<int>(parseInteger(p.value("k"), "k", 1, 64));
    }
    return choice;
}

}  // namespace streamsynth::cli
