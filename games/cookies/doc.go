// Package cookies solves the Cookie Game (Project Euler 859): C(N), the
// number of ways to split N cookies into piles so that Even wins with Odd
// moving first.
//
// Pile values come from the CGT engine (package cgt) applied to the cookies
// ruleset: every pile is a surreal integer. A position is a disjunctive sum,
// so with Odd as Left moving first, Even wins iff the total value is ≤ 0.
// C(N) counts the partitions of N whose values sum to at most 0.
//
// The count is a two-weight partition count: by size and by value. Values
// take very few distinct values (±(2^k-1) and 0): zero-valued parts are
// counted separately by size alone and convolved at the end, and the
// (size, value) table keeps only values that can still change sign: with R
// cookies left to place and every part's value between -down and +up times
// its size, a total ≤ -up·R is settled (Even wins whatever follows) and one
// > down·R can never come back to ≤ 0. Parts are added in decreasing order of
// |value|/size, so up and down (bounds on the parts still to come) shrink as
// the count proceeds: most nonzero parts are ±1 on large piles, and by the
// time they are added the table is a narrow band. Each row also tracks the
// range of totals that are nonzero yet, so the first parts, which meet an
// almost empty table, cost almost nothing.
//
// Every count is at most p(N), hundreds of bits for N in the thousands.
// Rather than cells of that many bits, the count is run modulo primes
// below 2^31, one 4-byte residue a cell, as many passes as it takes for the
// primes' product to exceed p(N) (12 at N = 10000), one pass per core at a
// time, and C(N) is recovered from the residues by the Chinese remainder
// theorem. The table of a pass is 1/12 the size of a multi-word one, and
// the passes together move as many bytes.
package cookies
