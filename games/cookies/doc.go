// Package cookies solves the Cookie Game (Project Euler 859): C(N), the
// number of ways to split N cookies into piles so that Even wins with Odd
// moving first.
//
// Pile values come from the CGT engine (package cgt) applied to the cookies
// ruleset: every pile is a surreal integer. A position is a disjunctive sum,
// so with Odd as Left moving first, Even wins iff the total value is ≤ 0.
// C(N) counts the partitions of N whose values sum to at most 0.
//
// # Pairs and the mirror
//
// Write v(n) for the value of a pile of n. The seed's recurrence is
// v(2m+1) = 2v(m)+1 if v(m) ≥ 0, else 0, and v(2m+2) = 2v(m)-1 if
// v(m) ≤ 0, else 0. So positive values sit on odd piles, negative ones on
// even piles, and they pair up: v(a) = w > 0 if and only if v(a+w) = -w.
// By induction: for a = 2m+1 with w = 2v(m)+1, a+w = 2(m+v(m))+2; if
// v(m) = 0 then m+v(m) = m and v(a+w) = 2·0-1 = -1 = -w, and if v(m) > 0
// then v(m+v(m)) = -v(m) by induction and v(a+w) = -2v(m)-1 = -w. The
// converse is the same argument read backwards. (newPlan checks the
// pairing for the values it is given.)
//
// Swapping every pile of a pair for its partner maps a partition of n worth
// t > 0 to one of n+t worth -t, and back: so with F(s, t) the partitions
// of s into nonzero piles worth t,
//
//	F(s, t) = F(s+t, -t)   for t > 0.
//
// The count keeps only the totals ≤ 0, half the cells, and reads a
// positive total from its mirror. It adds the pairs, not the piles: a pile
// alone would break the symmetry. With P = x^a·y^w and Q = x^(a+w)·y^-w,
// adding a pair divides the generating function by (1-P)(1-Q) = 1 - P - Q
// + PQ, so
//
//	F'(s, -u) = F(s, -u) + F'(s-a, -u-w) + F'(s-a-w, w-u) - F'(s-2a-w, -u),
//
// one sweep per pair in increasing order of size, where the piles one at a
// time took two sweeps of a table twice as wide.
//
// # Bands
//
// Zero-valued piles never change the total: they are counted by size alone
// and convolved at the end. The pairs are added in decreasing order of
// w/a, so up, the largest w/a still to come, shrinks as the count
// proceeds. Row s keeps the totals -u with u ≤ up·(N-s), and no more: a
// total further down can never come back above 0, and the recurrence for a
// kept cell reads only kept cells (up·a ≥ w). What falls out of the band
// is still counted in the row's total, which the recurrence, summed over u,
// carries from row to row (see addPair). Most pairs are ±1 on large piles,
// whose w/a is tiny, and by the time they are added each row is a few
// cells wide. Each row also tracks the range of cells that are nonzero
// yet, so pairs that meet an almost empty row cost almost nothing.
//
// The first pairs in that order all have w/a = 1 (piles 2^k-1 worth 2^k-1,
// partners 2^(k+1)-2): within that class a multiset's value is fixed by
// its size, so the class is counted in closed form, one product PA(a)·PB(b)
// per cell (lead.go), and the table is laid out for the bound after it,
// w/a just under 1/5: N²/14 cells (N²/7 when the piles were added one at a
// time, N²/2 with no bands).
//
// # Residues
//
// Every count is at most p(N), hundreds of bits for N in the thousands.
// Rather than cells of that many bits, the count is run modulo primes
// below 2^62, one 8-byte residue a cell, as many passes as it takes for the
// primes' product to exceed p(N) (6 at N = 10000, 9 at N = 20000), and C(N)
// is recovered from the residues by the Chinese remainder theorem. The
// passes run side by side, one table each, as many at once as keeps the
// cores busy to the end (tablesFor). All bands live in one slab in order of
// size, and when the bound has halved the bands are packed to the front
// of the slab, so that the table soon fits in the caches (at N = 20000 it
// starts at 28.6M cells and is 1.2M after 512 pairs). Row additions and
// sums run four residues at a time (AVX2 where the CPU has it).
package cookies
