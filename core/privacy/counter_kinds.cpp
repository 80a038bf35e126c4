// The counter registry (counter_kinds.h) and the built-in kinds in the order
// the GUI lists them. A new counter: its own file (engine, variance, noise
// terms and a CounterKind) and one line in builtinKinds() below.
#include "core/privacy/counter_kinds.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "core/privacy/counter_builtins.h"
#include "core/privacy/counter_engine.h"
#include "core/values/error.h"

// lupdate reads the marks below (the GUI translates the words in the context
// "CounterKind"); core's privacy library does not include Qt.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace streamsynth::privacy {

namespace {

// State codes below this belong to the built-ins (detail::Builtin).
constexpr int kFirstRegisteredCode = 100;

CounterKind builtinKind(detail::Builtin code, std::string name, CounterArgs args, bool pure,
                        std::string title, std::string about) {
    CounterKind k;
    k.name = std::move(name);
    k.args = args;
    k.pure = pure;
    k.stateCode = static_cast<int>(code);
    k.title = std::move(title);
    k.about = std::move(about);
    k.engine = &detail::builtinEngine;
    k.varianceSince = &detail::builtinVarianceSince;
    k.noiseTerms = &detail::builtinNoiseTerms;
    k.check = &detail::checkBuiltin;
    return k;
}

std::vector<CounterKind> builtinKinds() {
    using B = detail::Builtin;
    using A = CounterArgs;
    return {
        builtinKind(B::Simple, "simple", A::None, true, QT_TRANSLATE_NOOP("CounterKind", "simple"),
                    QT_TRANSLATE_NOOP("CounterKind",
                                      "One noise draw per feed (SPEC §3): exact after a reset, the paper's "
                                      "counter.")),
        builtinKind(B::Block, "block", A::BlockSize, true, QT_TRANSLATE_NOOP("CounterKind", "block"),
                    QT_TRANSLATE_NOOP("CounterKind", "Two-level block counter, blocks of B steps.")),
        builtinKind(
            B::UnboundedBlock, "unbounded-block", A::None, true,
            QT_TRANSLATE_NOOP("CounterKind", "unbounded block"),
            QT_TRANSLATE_NOOP("CounterKind", "Block counter whose block size grows with time; no horizon.")),
        builtinKind(B::BinaryTree, "tree", A::Horizon, true, QT_TRANSLATE_NOOP("CounterKind", "tree"),
                    QT_TRANSLATE_NOOP("CounterKind", "Binary tree mechanism for at most T steps.")),
        builtinKind(
            B::Hybrid, "hybrid", A::None, true, QT_TRANSLATE_NOOP("CounterKind", "hybrid"),
            QT_TRANSLATE_NOOP("CounterKind", "Hybrid mechanism (Chan, Shi & Song 2011); no horizon.")),
        builtinKind(
            B::HonakerTree, "honaker", A::Horizon, true, QT_TRANSLATE_NOOP("CounterKind", "Honaker tree"),
            QT_TRANSLATE_NOOP("CounterKind",
                              "Full binary tree with Honaker's bottom-up estimates, at most T steps.")),
        builtinKind(
            B::SmoothBinary, "smooth-binary", A::Horizon, true,
            QT_TRANSLATE_NOOP("CounterKind", "smooth binary"),
            QT_TRANSLATE_NOOP("CounterKind",
                              "Smooth binary mechanism (Andersson & Pagh 2023): the same noise at every "
                              "step, at most T steps.")),
        builtinKind(
            B::Elders, "elders", A::ArityHorizon, true,
            QT_TRANSLATE_NOOP("CounterKind", "count on your elders"),
            QT_TRANSLATE_NOOP("CounterKind",
                              "K-ary tree with subtraction (Andersson, Pagh, Steiner & Torkamani 2025), "
                              "at most T steps.")),
        builtinKind(
            B::SqrtFactor, "sqrt", A::Horizon, false, QT_TRANSLATE_NOOP("CounterKind", "square root"),
            QT_TRANSLATE_NOOP("CounterKind",
                              "Square-root factorisation (Fichtenberger, Henzinger & Upadhyay 2023), at "
                              "most T steps.")),
        builtinKind(
            B::SqrtUnbounded, "sqrt-unbounded", A::None, false,
            QT_TRANSLATE_NOOP("CounterKind", "square root, unbounded"),
            QT_TRANSLATE_NOOP("CounterKind",
                              "Log-damped square-root factorisation: private for any number of steps.")),
    };
}

std::deque<CounterKind>& registry() {
    static std::deque<CounterKind> kinds = [] {
        const std::vector<CounterKind> builtins = builtinKinds();
        return std::deque<CounterKind>(builtins.begin(), builtins.end());
    }();
    return kinds;
}

}  // namespace

void registerCounterKind(CounterKind kind) {
    if (kind.name.empty() || !kind.engine || !kind.varianceSince || !kind.noiseTerms)
        throw settingError("counter",
                           "a counter kind needs a name, an engine, its variance and its noise terms");
    if (kind.name.find_first_of(":+ ") != std::string::npos ||
        std::any_of(kind.name.begin(), kind.name.end(), [](unsigned char c) { return std::isupper(c); }))
        throw settingError("counter", "a counter kind's name is lower case without ':', '+' or spaces");
    for (const CounterKind& k : registry())
        if (k.name == kind.name || k.stateCode == kind.stateCode || kind.stateCode < kFirstRegisteredCode)
            throw settingError("counter", "counter kind " + kind.name + ": its name or state code is taken");
    registry().push_back(std::move(kind));
}

const std::deque<CounterKind>& counterKinds() {
    return registry();
}

const CounterKind* findCounterKind(const std::string& name) {
    for (const CounterKind& k : registry())
        if (k.name == name) return &k;
    return nullptr;
}

const CounterKind& kindOf(const CounterSpec& spec) {
    if (const CounterKind* k = findCounterKind(spec.kind)) return *k;
    throw settingError("counter", "unknown counter kind '" + spec.kind + "'");
}

std::string counterGrammar(const CounterKind& kind) {
    switch (kind.args) {
        case CounterArgs::None:
            return kind.name;
        case CounterArgs::BlockSize:
            return kind.name + ":B";
        case CounterArgs::Horizon:
            return kind.name + ":T";
        case CounterArgs::ArityHorizon:
            return kind.name + ":K:T";
    }
    return kind.name;
}

std::string counterText(const CounterKind& kind, long long blockSize, int arity, long long horizon) {
    switch (kind.args) {
        case CounterArgs::None:
            return kind.name;
        case CounterArgs::BlockSize:
            return kind.name + ":" + std::to_string(blockSize);
        case CounterArgs::Horizon:
            return kind.name + ":" + std::to_string(horizon);
        case CounterArgs::ArityHorizon:
            return kind.name + ":" + std::to_string(arity) + ":" + std::to_string(horizon);
    }
    return kind.name;
}

std::string counterGrammarList() {
    std::string list;
    for (const CounterKind& k : registry()) {
        if (!list.empty()) list += ", ";
        list += counterGrammar(k);
        if (!k.pure) list += " (zcdp)";
    }
    return list + ", optionally +discrete";
}

namespace detail {

Builtin builtin(const CounterSpec& spec) {
    const CounterKind& kind = kindOf(spec);
    if (kind.stateCode < 0 || kind.stateCode >= kFirstRegisteredCode)
        throw settingError("counter", "counter kind " + kind.name + " is not a built-in");
    return static_cast<Builtin>(kind.stateCode);
}

void checkBuiltin(const CounterSpec& spec) {
    if (builtin(spec) == Builtin::SqrtFactor && spec.horizon > (1LL << 22))
        throw settingError(
            "counter",
            "sqrt:T keeps every noise draw (O(T) memory and time per feed): T must be at most 2^22");
}

}  // namespace detail

}  // namespace streamsynth::privacy
