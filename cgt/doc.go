// Package cgt is a combinatorial game theory engine for short partizan
// games {L | R} in canonical form.
//
// A Game is an identifier of a canonical game in a hash-consed table: equal
// games are the same Game, so equality is ==. Canonical forms are built by
// removing dominated options and bypassing reversible ones. Numbers (dyadic
// rationals) are stored by value and compared, added and negated without
// recursion; sums with a number use number translation; games of the form
// x + n·↑ + *m ("nus") are recognised and their sums looked up.
//
// Notation follows CGSuite: integers, dyadic fractions (3/4), *, *n, ^, v,
// ^*, ^^, ^3, ±x (also written +-x), {L|R} with comma-separated options and
// slash bars for nesting ({3||2|1}), and expressions with +, binary and unary
// -, and parentheses. See Parse and Game.String.
//
// Positions of a ruleset (see Position and Evaluator) are valued by
// evaluating their options recursively, splitting them into independent
// components where the ruleset can, and adding the components' values.
//
// # Temperature theory
//
// Stops, thermographs, means, temperatures, cooling and atomic weights
// follow Winning Ways (ch. 6 and 8) and Siegel's Combinatorial Game Theory
// (II.5, II.7), in CGSuite's conventions.
//
// The Left stop is the largest right stop of a Left option (the value
// itself for a number); the Right stop the smallest left stop of a Right
// option.
//
// Thermographs are drawn from temperature t = -1, as CGSuite's subzero
// thermography does, so that numbers have one too. An integer's walls are
// vertical from t = -1. For any other game, the left scaffold is the
// maximum over Left options of their right walls shifted left by t
// (R_{G^L}(t) - t), the right scaffold the minimum over Right options of
// their left walls shifted right (L_{G^R}(t) + t). The left scaffold's
// slopes are 0 or -1 and the right's 0 or +1, so their difference only
// falls: the walls follow the scaffolds up to the first t where the left
// one no longer exceeds the right one, and from there the mast rises,
// vertical, at their common value. That t is the temperature and that value
// the mean. So an integer has temperature -1, m/2^k (m odd, k ≥ 1) has
// -1/2^k, a number plus an infinitesimal 0, and {a|b} for numbers a ≥ b
// mean (a+b)/2 and temperature (a-b)/2. All breakpoints are exact
// rationals (Thermograph lists them where the slope changes).
//
// Cooling by a dyadic t ≥ 0 is G_t = {G^L_t - t | G^R_t + t}, except that
// once G is cooled past its temperature it is its mean (a number is not
// changed). The stops of G_t are G's walls at t; cooling is additive and
// G_s cooled by t is G_{s+t} (all tested on random games).
//
// The atomic weight, for infinitesimals only (both stops 0; ErrNotAtomic
// otherwise), is G° = {aw(G^L) - 2 | aw(G^R) + 2}, numbers among the options
// weighing 0, except in the eccentric case: when G° is an integer and G is
// greater (less) than a far star *N — N beyond the birthday, so beyond any
// nimber in G — the weight is the greatest (least) integer that is less
// (greater) than or confused with every aw(G^R) + 2 (aw(G^L) - 2). It is
// additive on all-small games (tested). The recursion gives a number for
// every infinitesimal, but only an atomic game has a weight: all-small, or
// within ε = ↑* + (*P : -1) of w.↑ (Norton multiplication; P a power of two
// at least N), as CGSuite checks; others are ErrNotAtomic ({1|↑↑↑‖↑}).
//
// The table is shared by the whole process and guarded by a mutex: every
// exported function is safe for concurrent use. Instances that would grow
// the table beyond MaxNodes fail with ErrTooLarge instead of exhausting
// memory.
package cgt
