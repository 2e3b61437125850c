// Package numeric puts float64 and exact *big.Rat arithmetic behind one small
// interface, Field, so that a solver is written once and runs in either mode.
//
// The operations follow math/big's convention: z = f.Add(z, x, y) stores x+y
// in z when the representation allows reuse (Exact) and returns the result,
// so a solver that keeps its temporaries allocates nothing in its hot loop,
// while the float64 field simply returns x+y.
//
// Cmp compares exactly in both fields. Deciding ties is not arithmetic: the
// tie rule, with float mode's explicit tolerance, lives in package engine
// (engine.Better).
//
// ParseRat reads a probability or weight exactly: "0.3" is 3/10, "1/3" is 1/3;
// ParseProbabilities reads a comma-separated list of probabilities.
//
// Exact linear algebra: SolveRational solves a sparse integer system A X = B
// exactly by Dixon's p-adic lifting (J. D. Dixon, "Exact solution of linear
// equations using p-adic expansions", Numer. Math. 40, 1982): one sparse LU
// factorization modulo a prime below 2^31, then one triangular solve and
// one residual update in machine words per 31 bits of the answer, rational
// reconstruction (P. S. Wang, 1981) with one denominator carried from entry
// to entry, and an exact check A·X = B before anything is returned, so a
// wrong guess costs time, never a wrong answer. RatDot adds up sums of
// products of rationals with one reduction at the end.
package numeric
