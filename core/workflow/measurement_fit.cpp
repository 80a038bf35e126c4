// The fixture fit (see measurement_fit.h).
#include "core/workflow/measurement_fit.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string_view>

#include "core/data/domain_proposal.h"
#include "core/fit/fit_engine.h"
#include "core/fit/fit_engine_kinds.h"
#include "core/values/error.h"
#include "core/values/input_file.h"
#include "core/values/json_syntax.h"
#include "core/values/schema.h"

namespace streamsynth::workflow {
namespace {

struct PairData {
    std::string a, b;
    int ia = -1, ib = -1;
    std::vector<double> noisy, truth;  // row-major, a slowest (file layout)
};

// The fields of one row of a measurements file, as views into the line
// (read in one pass: a fit's start-up is part of what the thread-scaling
// benchmark times, issue 50).
using Fields = std::vector<std::string_view>;

// A field of the measurements' row (1-based column `column`) as a number;
// Input Error naming the column otherwise. The context is copied only on
// failure.
double fieldNumber(const Fields& f, int column, const ErrorContext& where) {
    static const char* const names[] = {"pair_index", "attr_a",     "attr_b",     "a",
                                        "b",          "flat_index", "true_count", "noisy"};
    double x = 0;
    if (data::parseFiniteNumber(f[static_cast<size_t>(column - 1)], x)) return x;
    ErrorContext ctx = where;
    ctx.column = column;
    ctx.columnName = names[column - 1];
    throw inputError("the " + ctx.columnName + " field is not a finite number", ctx);
}

// One row of a measurements file into its pair: the pair's attributes are
// those of its first row, and every later row must name the same; a and b
// must be codes of them and flat_index their cell (a · |b's domain| + b).
void readMeasurementRow(const Fields& f, const data::Domain& domain, const ErrorContext& ctx,
                        std::map<int, PairData>& pairs) {
    const int k = static_cast<int>(fieldNumber(f, 1, ctx));
    auto& p = pairs[k];
    if (p.ia < 0) {
        p.a = std::string(f[1]);
        p.b = std::string(f[2]);
        p.ia = domain.indexOf(p.a);
        p.ib = domain.indexOf(p.b);
        if (p.ia < 0 || p.ib < 0 || p.ia == p.ib)
            throw inputError("unknown or repeated attribute in a pair", ctx);
        const auto n = static_cast<size_t>(domain.size(p.ia)) * static_cast<size_t>(domain.size(p.ib));
        p.noisy.assign(n, std::nan(""));
        p.truth.assign(n, 0.0);
    } else if (f[1] != p.a || f[2] != p.b) {
        throw inputError("pair " + std::to_string(k) + " names the attributes " + p.a + " and " + p.b +
                             " on its first row, and others here",
                         ctx);
    }
    const double a = fieldNumber(f, 4, ctx), b = fieldNumber(f, 5, ctx), flat = fieldNumber(f, 6, ctx);
    const double nb = domain.size(p.ib);
    if (a < 0 || a >= domain.size(p.ia) || b < 0 || b >= nb || a != std::floor(a) || b != std::floor(b))
        throw inputError("a or b is not a code of the pair's attributes", ctx);
    if (flat != a * nb + b) throw inputError("flat_index is not a · |" + p.b + "| + b", ctx);
    p.truth[static_cast<size_t>(flat)] = fieldNumber(f, 7, ctx);
    p.noisy[static_cast<size_t>(flat)] = fieldNumber(f, 8, ctx);
}

// `line` cut at its commas into `f` (as std::getline(…, ',') did: a
// trailing comma gives no empty last field).
void splitFields(std::string_view line, Fields& f) {
    f.clear();
    while (!line.empty()) {
        const size_t comma = line.find(',');
        f.push_back(line.substr(0, comma));
        if (comma == std::string_view::npos) break;
        line.remove_prefix(comma + 1);
    }
}

std::map<int, PairData> readMeasurements(const std::string& path, const data::Domain& domain) {
    // A regular file only (a FIFO would block, /dev/zero fill the memory).
    const std::string text = readInputFile(path, {InputRole::Measurements, kMaxMeasurementBytes});
    std::string_view rest = text;
    auto nextLine = [&rest](std::string_view& line) {
        if (rest.empty()) return false;
        const size_t end = rest.find('\n');
        line = rest.substr(0, end);
        rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
        return true;
    };
    ErrorContext ctx;
    ctx.file = path;
    std::string_view line;
    nextLine(line);
    if (line.rfind("pair_index,attr_a,attr_b,a,b,flat_index,true_count,noisy", 0) != 0)
        throw inputError("expected the header pair_index,attr_a,attr_b,a,b,flat_index,true_count,noisy", ctx);
    std::map<int, PairData> pairs;
    long long lineNo = 1;
    Fields f;
    while (nextLine(line)) {
        ++lineNo;
        if (line.empty() || line == "\r") continue;
        splitFields(line, f);
        ctx.line = lineNo;
        if (f.size() != 8) throw inputError("expected 8 fields", ctx);
        readMeasurementRow(f, domain, ctx, pairs);
    }
    for (auto& [k, p] : pairs)
        for (double v : p.noisy)
            if (std::isnan(v)) throw inputError("pair " + std::to_string(k) + " is missing cells", ctx);
    return pairs;
}

// Values laid out over sorted attributes (the fit interface's convention).
std::vector<double> canonical(const PairData& p, const std::vector<double>& v, const data::Domain& d) {
    if (p.ia < p.ib) return v;
    const int na = d.size(p.ia), nb = d.size(p.ib);
    std::vector<double> out(v.size());
    for (int a = 0; a < na; ++a)
        for (int b = 0; b < nb; ++b)
            out[static_cast<size_t>(b * na + a)] = v[static_cast<size_t>(a * nb + b)];
    return out;
}

double sigmaFromFixture(const std::string& measurementsPath) {
    const QString path = QFileInfo(QString::fromStdString(measurementsPath)).dir().filePath("fixture.json");
    const std::optional<std::string> text = readIfRegularFile(path.toStdString(), kMaxConfigBytes);
    if (!text) throw settingError("sigma", "not given and no fixture.json next to the measurements");
    const QJsonDocument doc =
        parseJsonText(*text, ErrorKind::Setting, "fixture.json", ErrorContext::forFile(path.toStdString()));
    if (!doc.isObject() || !doc.object().value("sigma").isDouble())
        throw settingError("sigma", "not given and fixture.json has no numeric \"sigma\"");
    return doc.object().value("sigma").toDouble();
}

fit::FitOptions fitOptions(const FixtureFitRequest& r) {
    if (r.iterations >= 0 && r.tolerance >= 0) throw settingError("iters", "give --iters or --tol, not both");
    fit::FitOptions opt;
    if (r.iterations >= 0) {
        opt.maxIterations = r.iterations;
        opt.tolerance = 0;
    }
    if (r.tolerance >= 0) {
        opt.tolerance = r.tolerance;
        opt.maxIterations = 100000;
    }
    opt.threads = r.threads;
    opt.maxModelCells = r.maxCells;
    opt.stepRule = r.referenceStep ? pgm::StepRule::Doubling : pgm::StepRule::Patient;
    if (r.stepRule == "doubling")
        opt.stepRule = pgm::StepRule::Doubling;
    else if (r.stepRule == "patient")
        opt.stepRule = pgm::StepRule::Patient;
    else if (!r.stepRule.empty())
        throw settingError("step-rule", "expected doubling or patient");
    return opt;
}

// The reference library's first step 2σ²/N² with N its inverse-variance total.
double referenceFirstStep(const std::vector<fit::Measurement>& ms, double sigma) {
    double wsum = 0, esum = 0;
    for (const auto& m : ms) {
        double e = 0;
        for (double y : m.values) e += y;
        const double v = m.variance * static_cast<double>(m.values.size());
        wsum += 1 / v;
        esum += e / v;
    }
    const double n = std::max(1.0, esum / wsum);
    return 2.0 * sigma * sigma / (n * n);
}

}  // namespace

FixtureFitResult fitFixture(const FixtureFitRequest& request) {
    const data::Domain domain = data::readSchema(request.schemaPath).domain();
    const auto pairs = readMeasurements(request.measurementsPath, domain);
    if (pairs.empty()) throw inputError("no measurements", ErrorContext::forFile(request.measurementsPath));
    const double sigma = request.sigma > 0 ? request.sigma : sigmaFromFixture(request.measurementsPath);
    fit::FitOptions opt = fitOptions(request);
    const std::unique_ptr<fit::FitEngine> engine = fit::makeFitEngine(request.engine);
    std::vector<fit::Measurement> ms;
    for (const auto& [k, pd] : pairs) {
        fit::Measurement m;
        m.attrs = {std::min(pd.ia, pd.ib), std::max(pd.ia, pd.ib)};
        m.values = canonical(pd, pd.noisy, domain);
        m.variance = sigma * sigma;
        ms.push_back(std::move(m));
    }
    if (request.referenceStep) opt.firstStep = referenceFirstStep(ms, sigma);
    fit::FitReport rep;
    const auto model = engine->fit(domain, ms, nullptr, opt, &rep);

    FixtureFitResult out;
    // Fitted marginals in the file layout, L1/N per pair.
    double l1sum = 0;
    std::ostringstream csv;
    csv.precision(10);
    csv << "pair_index,attr_a,attr_b,a,b,flat_index,fitted\n";
    std::size_t idx = 0;
    for (const auto& [k, pd] : pairs) {
        const auto fitted = canonical(pd, model->marginal(ms[idx].attrs), domain);  // involution for 2 attrs
        double l1 = 0, n = 0;
        for (std::size_t i = 0; i < fitted.size(); ++i) {
            l1 += std::abs(fitted[i] - pd.truth[i]);
            n += pd.truth[i];
        }
        l1sum += n > 0 ? l1 / n : 0.0;
        const int nb = domain.size(pd.ib);
        for (std::size_t i = 0; request.fittedMarginals && i < fitted.size(); ++i)
            csv << k << ',' << pd.a << ',' << pd.b << ',' << static_cast<int>(i) / nb << ','
                << static_cast<int>(i) % nb << ',' << i << ',' << fitted[i] << '\n';
        ++idx;
    }
    for (const auto& c : fit::maximalCliquesOf(*model)) {
        double cells = 1;
        for (int a : c) cells *= domain.attribute(a).size;
        out.treeCells += cells;
        std::vector<std::string> names;
        for (int a : c) names.push_back(domain.name(a));
        out.maximalCliques.push_back(std::move(names));
    }
    out.modelCells = model->sizeCells();
    out.iterations = rep.iterations;
    out.bpCalls = rep.bpCalls;
    out.finalLoss = rep.finalLoss;
    out.lossHistory = rep.lossHistory;
    out.weightedLoss = rep.weightedLoss;
    out.total = rep.total;
    out.l1OverNMean = l1sum / static_cast<double>(pairs.size());
    out.seconds = rep.seconds;
    out.cpuSeconds = rep.cpuSeconds;
    out.sigma = sigma;
    out.threads = opt.threads;
    if (request.fittedMarginals) out.fittedMarginalsCsv = csv.str();
    return out;
}

}  // namespace streamsynth::workflow
