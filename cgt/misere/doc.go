// Package misere analyses take-and-break games (cgt/octal's codes) in
// misère play, where the player who makes the last move loses.
//
// Normal play has the Sprague–Grundy theory: every heap is a nim heap and
// sums add by XOR. Misère play has no such reduction, and the package
// gives the three answers the literature has.
//
// # Outcomes by search
//
// Game.IsP decides any sum of heaps by searching its moves: a sum with no
// move is won by the player to move, and a sum is a P-position when every
// move leads to an N-position. Positions are sorted heap lists, each
// remembered; the search is bounded and stops with its context.
//
// # Genus (Conway, On Numbers and Games, ch. 12; Winning Ways, ch. 13)
//
// The genus of G is g^{γ0γ1γ2…}: g its normal nim-value, γk the misère
// nim-value of G plus k nim heaps of size 2 (a position with no move has
// misère nim-value 1, others the mex of their options'). The γ alternate
// from some k on and the notation stops after the first alternating pair:
// 0 is 0^120, * is 1^031, *2 is 2^20. A game is tame when it and all its
// positions have genus 0^120, 1^031 or a^{a, a XOR 2}; tame games play in
// sums as misère Nim heaps of their nim-values, which decides any sum of
// tame heaps (Game.TameOutcome: P when the nim-sum is 0 and some heap is
// not 0^120 or 1^031, or when all are and the nim-sum is 1). Where a
// heap is not tame (Kayles from heap 5, of genus 4^146) the genus theory
// runs out, and TameOutcome says so (ErrWild).
//
// # Misère quotients (Plambeck and Siegel, "Misère quotients for
// impartial games", JCTA 115 (2008); Plambeck, "Taming the wild in
// impartial combinatorial games", INTEGERS 5 (2005) G05)
//
// Two sums G and H of the heaps to n are equivalent when G + X and H + X
// have the same misère outcome for every sum X of those heaps. The classes
// form a commutative monoid, the quotient, with a P-portion: the classes
// of P-positions. A finite quotient decides every sum by multiplying its
// heaps' classes: the misère analogue of the nim-sequence.
//
// Game.Quotient goes heap by heap. Its core is a verification: given a
// finite commutative monoid with a P-portion and a class for each heap,
// it follows every sum G as the pair (class of G, set of classes of G's
// options); adding heap h maps (x, S) to (x·[h], S·[h] ∪ x·T(h)), T(h) the
// classes of h's options, so finitely many pairs stand for all sums, and
// the classes decide every sum right exactly when each pair has x in the
// P-portion iff S is not empty and misses it. A certified monoid is then
// the quotient once reduced (no two elements with x·z and y·z in the
// P-portion for the same z).
//
// A heap that fits the quotient of the heaps below (some class passes
// verification) keeps it. Otherwise, as MisereSolver first does, products
// Q × C are tried, C a small cyclic monoid whose generator is the new
// heap's part: the P-portion is not guessed but read off the sums in order
// of their tokens (each sum's options have fewer, so are decided first),
// and the product is certified when every sum of a class agrees. When no
// product fits (the old classes must split), a candidate is learnt as an
// automaton is (Angluin's L*, with Rivest and Schapire's counterexamples):
// sums are sorted by their outcomes plus test sums, found by search with
// the quotient below deciding sums without the new heap; non-commuting
// heaps and verification's counterexamples give the tests that split
// classes, until verification passes. Searches are bounded (MaxPositions,
// MaxSearch); past them Quotient returns the certified quotient of the
// heaps below with the error.
//
// 0.75 comes out as Plambeck's R8 = <a, b, c | a² = 1, b³ = b, bc = ab,
// c² = b²> with P-portion {a, b²}. Misère Kayles (0.77) grows at heaps 1,
// 2, 5, 9, 12, 25 and 27, to order 40 with 9 P-positions, and stays so to
// heap 200 (the tests check it to heap 40 against the search, on sums of
// up to some 60 tokens). Quotients that keep growing (Daisies, 4.7, grows
// at every heap) are infinite or beyond the bounds, and say so.
package misere
