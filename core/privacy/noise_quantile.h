// Quantiles of the size of a noise sum, for the accuracy planner
// (stream/accuracy_plan.h): the x with P(|S| ≤ x) = q when S is a Gaussian
// or the sum of m independent Laplace draws of one scale (a simple, block,
// tree or smooth-binary counter's release is exactly such a sum). Pure
// functions; nothing is drawn.
#pragma once

namespace streamsynth::privacy {

// P(S > x) for S the sum of `terms` independent Laplace(1) draws, x ≥ 0.
// Exact: S is the difference of two Gamma(terms, 1) variables, so its density
// is e^{−x}·Σ_i a_i x^i with a_i = C(m−1, i)·(2m−2−i)! / (2^{2m−1−i}·((m−1)!)²)
// (m = terms; integrate (x+g)^{m−1} g^{m−1} e^{−2g} over g) and the tail sums
// the incomplete gammas in closed form. 1 ≤ terms ≤ kLaplaceSumExactTerms.
double laplaceSumTail(int terms, double x);
inline constexpr int kLaplaceSumExactTerms = 64;

// x with P(|S| ≤ x) = probability for S = the sum of `terms` Laplace(scale)
// draws (0 < probability < 1, scale > 0). Above kLaplaceSumExactTerms the
// normal approximation of the same variance 2·terms·scale² (the central limit
// theorem; the exact 95% quantile at 64 terms is within 0.3% of it).
double laplaceSumQuantile(int terms, double scale, double probability);

// x with P(|N(0, sd²)| ≤ x) = probability: sd·Φ⁻¹((1 + probability)/2).
double gaussianQuantile(double sd, double probability);

}  // namespace streamsynth::privacy
