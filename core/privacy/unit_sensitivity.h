// Person-level sensitivity (issue 49, docs/privacy-models.md "Person-level
// privacy: the derivations"): how much more noise a mechanism needs when
// neighbouring streams differ in all the rows of one privacy unit (at most m
// rows over the stream, at most K in one step; core/values/privacy_unit.h)
// instead of in one row. Each function returns the factor that multiplies the
// event-level sensitivity the mechanism already uses (calibration.h):
// Δ₁ under pure ε, Δ₂² under zCDP. Event level (m = K = 1) gives 1.
//
// A unit with r_t rows at step t moves a counter's increments by d ≥ 0,
// Σ_t d_t ≤ m, d_t ≤ K, and its noise terms by R·d for the counter's term
// matrix R (counter.h: the column norms N₁, N₂ are the event-level Δ₁, Δ₂).
//  Pure ε     ‖R d‖₁ ≤ Σ_t d_t·‖R e_t‖₁ ≤ m·N₁ (triangle inequality), attained
//             at K = m by m rows in the step of the largest column: factor m,
//             for every counter, the exponential mechanism, the baseline's
//             per-step measurements and the 1-way counters alike.
//  zCDP       sup_d ‖R d‖₂² / N₂², at most m² (‖R d‖₂ ≤ m·N₂, attained at K = m):
//   simple    R = I (the paper's counter, one draw per feed): Σ_t r_t² ≤ K·Σ_t r_t
//             ≤ m·K (attained when K divides m: m/K steps of K rows).
//   tree      the binary mechanism (Chan, Shi & Song 2011; Dwork, Naor, Pitassi
//             & Rothblum 2010) and honaker, the full dyadic tree (Honaker
//             2015): ‖R d‖₂² = Σ over the tree's drawn nodes of (the unit's
//             rows in the node)², maximised exactly by a dynamic programme over
//             the tree, f_leaf(r) = r² (r ≤ K), f_node(r) = r² + max_{a+b=r}
//             f_left(a) + f_right(b), answer max_{r≤m} f_root(r), divided by
//             the L = ⌊log2 T⌋+1 nodes per item the event level pays for.
//             O(T·m²) time, O(m·log T) memory.
//   others    m²: block and unbounded block (Chan, Shi & Song 2011), hybrid,
//             smooth binary (Andersson & Pagh 2023), count on your elders
//             (Andersson, Pagh, Steiner & Torkamani 2025), the square-root
//             factorisations (Fichtenberger, Henzinger & Upadhyay 2023;
//             Henzinger, Upadhyay & Upadhyay 2023) and registered kinds. A
//             valid bound for any R; exact at K = m.
//  Fresh      a fresh Gaussian per step (the baseline's measurements) or an
//             exponential mechanism per step under zCDP (loss Σ_t (r_t ε)²/8):
//             Σ_t r_t² ≤ m·K.
// The hybrid's halves (ε/2 or ρ/2 each) stay within m² as well: its log part
// loses at most ½·m², and its epoch trees, each calibrated to its own k levels
// and holding m_k of the unit's rows, at most Σ_k ½·m_k²·k/k ≤ ½·m².
// tests/core/privacy/test_unit_sensitivity.cpp checks every built-in kind
// against a brute force over every placement of a unit's rows.
#pragma once

#include "core/privacy/calibration.h"
#include "core/values/counter_spec.h"
#include "core/values/privacy_unit.h"

namespace streamsynth::privacy {

// The most steps × m² a tree programme may cost; beyond it the factor is m²,
// valid for every counter (more noise than the exact figure, never less).
inline constexpr double kMaxUnitTreeWork = 5e8;

// Pure ε: m (Error(Setting) when the bound is invalid).
double unitL1Factor(const UnitBound& unit);

// zCDP: the factor of the counter's event-level Δ₂², at most m² and, for a
// valid spec, at least 1. horizon: the most steps the counter will be fed
// (the stream's steps); for tree:T and honaker:T rows can only fall in steps
// 1..min(horizon, T), which must be >= 1, while the node noise stays that of
// T's L levels. Ignored by every other kind. Error(Setting) when the bound or
// the spec is invalid; m² when a tree programme would cost more than
// kMaxUnitTreeWork.
double unitL2SquaredFactor(const CounterSpec& spec, long long horizon, const UnitBound& unit);

// zCDP, for the k counters of a series' workloads, each fed only at the
// steps its workload is selected (the proposed streamer): a counter's tree
// then runs over its own feeds, not over the stream's steps, so the rows of
// one unit can sit better in several counters' trees than in any one (a
// review of 2026-12-01: 7 counters fed 16 of 24 steps and one fed 8,
// tree:24, m = 24, K = 1, k = 5: Σ_j ‖R d_j‖₂² 1.16 times the k·F·N₂² that
// unitL2SquaredFactor pays for). With g(x) the most ‖R d‖₂²/N₂² of x rows
// in one counter (the programme's f_root(x)), F' = m·max_{1≤x≤m} g(x)/x, so
// that g(m_j) ≤ (m_j/m)·F' and Σ_j g(m_j) ≤ k·F' whenever Σ_j m_j ≤ k·m
// (a row feeds at most the k counters of its step). Equal to
// unitL2SquaredFactor for every kind but tree and honaker (simple: g(x) ≤
// K·x; m²: g(x) ≤ x² ≤ m·x), at least it for those, at most m².
double unitL2SquaredFactorWhenSelected(const CounterSpec& spec, long long horizon, const UnitBound& unit);

// zCDP for one fresh Gaussian per step (the baseline's per-step measurements)
// and for an exponential mechanism per step (ε²/8 each): m·K.
double unitFreshFactorZcdp(const UnitBound& unit);

// The factor of a fresh per-step measurement's sensitivity in `model`: 1 at
// event level, else unitL1Factor (pure) or unitFreshFactorZcdp (zCDP).
double unitFreshFactor(PrivacyModel model, const UnitBound& unit);

// A mechanism's event-level sensitivity (calibration.h) scaled for a unit by
// one of the factors above: pure ε multiplies Δ₁ by factor (unitL1Factor);
// zCDP multiplies Δ₂² by factor (unitL2SquaredFactor, unitFreshFactorZcdp),
// squaring an event-level Δ₂ that is not squared first, so the result is
// always a Δ₂² (l2IsSquared) and calibrate() takes the square root once. The
// other model's norm is not known from the factor: it is returned as NaN, so
// calibrating the result in the other model fails (Error(Setting)) instead of
// under-noising. factor = 1 leaves the model's norm unchanged. Error(Setting)
// when factor is below 1 or not finite.
Sensitivity unitSensitivity(PrivacyModel model, const Sensitivity& eventLevel, double factor);

// counter_schedule.h's termScale for a unit: the scale of a counter term that
// holds one item in `terms` terms, paid with `fraction` of the counter's
// budget, when neighbouring streams differ in one unit's rows. Pure: the
// Laplace b = m·terms/(fraction·ε); zCDP: the Gaussian σ =
// √(unitL2SquaredFactor(spec, horizon, unit)·terms/(2·fraction·ρ)). Through
// unitSensitivity and calibrate(), the one calibration; event level (m = K =
// 1) gives termScale's scale exactly. horizon as for unitL2SquaredFactor.
// Error(Setting) on an invalid bound, spec or budget.
NoiseScale unitTermScale(const CounterSpec& spec, double budget, double terms, double fraction,
                         long long horizon, const UnitBound& unit);

}  // namespace streamsynth::privacy
