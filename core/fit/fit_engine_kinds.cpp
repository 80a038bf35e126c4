// The fit engines' registry (fit_engine_kinds.h): the built-ins, then what a
// program registers.
#include "core/fit/fit_engine_kinds.h"

#include "core/values/error.h"
#include "core/values/message_text.h"

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace streamsynth::fit {

namespace {

std::deque<FitEngineKind>& kinds() {
    static std::deque<FitEngineKind> list = [] {
        std::deque<FitEngineKind> k;
        k.push_back({"pgm", QT_TRANSLATE_NOOP("FitEngineKind", "PGM (graphical model)"),
                     QT_TRANSLATE_NOOP("FitEngineKind",
                                       "A graphical model over the measured cliques (Private-PGM, McKenna "
                                       "et al. 2019): scales to large domains."),
                     makePgmEngine});
        k.push_back({"mw", QT_TRANSLATE_NOOP("FitEngineKind", "MW (multiplicative weights)"),
                     QT_TRANSLATE_NOOP("FitEngineKind",
                                       "An explicit distribution over the whole domain, updated by "
                                       "multiplicative weights (small domains only)."),
                     makeMwEngine});
        return k;
    }();
    return list;
}

}  // namespace

void registerFitEngineKind(FitEngineKind kind) {
    if (kind.name.empty() || !kind.make)
        throw settingError("engine", "a fit engine needs a name and a maker");
    if (findFitEngineKind(kind.name))
        throw settingError("engine", "the fit engine " + quotedText(kind.name) + " is registered already");
    kinds().push_back(std::move(kind));
}

const std::deque<FitEngineKind>& fitEngineKinds() {
    return kinds();
}

const FitEngineKind* findFitEngineKind(const std::string& name) {
    for (const FitEngineKind& k : kinds())
        if (k.name == name) return &k;
    return nullptr;
}

std::unique_ptr<FitEngine> makeFitEngine(const std::string& name) {
    const FitEngineKind* kind = findFitEngineKind(name);
    if (!kind)
        throw settingError("engine",
                           "unknown fit engine " + quotedText(name) + " (" + fitEngineNameList() + ")");
    return kind->make();
}

std::string fitEngineNameList() {
    std::string out;
    const auto& all = kinds();
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (i > 0) out += i + 1 == all.size() ? " or " : ", ";
        out += all[i].name;
    }
    return out;
}

}  // namespace streamsynth::fit
