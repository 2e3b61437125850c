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
// range of totals that are nonzero yet, so parts that meet an almost empty
// table cost almost nothing.
//
// The first parts in that order come in two classes of equal value/size
// (piles 2^k-1 worth 2^k-1, piles 2^(k+1)-2 worth -(2^k-1)); within a class
// a multiset's value is fixed by its size, so both classes together are
// counted in closed form, one product PA(a)·PB(b) per cell (lead.go), and
// the table is laid out for the narrower bounds after them.
//
// Every count is at most p(N), hundreds of bits for N in the thousands.
// Rather than cells of that many bits, the count is run modulo primes
// below 2^62, one 8-byte residue a cell, as many passes as it takes for the
// primes' product to exceed p(N) (6 at N = 10000, 9 at N = 20000), and C(N)
// is recovered from the residues by the Chinese remainder theorem.
//
// A pass is bound by memory traffic, so it is laid out for it. All bands
// live in one slab in order of size; a part narrows only the rows it
// writes, and when the bounds have halved the bands are packed to the
// front of the slab, so that the table soon fits in the caches (at
// N = 20000 it starts at 57M cells and is 1M after 2000 parts). Row
// additions and sums run four residues at a time (AVX2 where the CPU has
// it). Row s depends only on row s-i, so the rows split into blocks of i
// of which each core takes the same stretch, without waiting for the
// other; while the table is larger than the last-level cache, rows go
// chain by chain (s, s+i, s+2i, …), so the source row is still in cache.
// Up to N = 12000 the passes run side by side, one core and one table
// each: handing each part's rows between cores cost more than it saved
// (N = 2000 in half the time, 12000 in 10.0 s instead of 13.8 s). Beyond,
// one pass runs at a time on all cores: a second table would double the
// memory (918 MB at N = 20000) to save a tenth of the time.
package cookies
