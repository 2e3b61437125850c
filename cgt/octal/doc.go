// Package octal computes the nim-values of take-and-break games given by
// their code: octal games (Kayles is 0.77, Dawson's Kayles 0.07) and
// hexadecimal ones, and finds where their nim-sequences turn periodic.
//
// # Codes
//
// A code d0.d1d2d3… gives, for each k, the moves that remove k tokens from
// one heap (d0: moves that remove none and only split). Digit d_k is a sum
// of bits: 1 allows removing a whole heap of exactly k, 2 leaving one
// smaller heap, 4 leaving two non-empty heaps, and 8 (hexadecimal digits
// 8 to F) three. A heap's nim-value G(n) is the least value not among its
// moves' values, a move to several heaps being worth the nim-sum (XOR) of
// theirs (the Sprague–Grundy theorem).
//
// # Periodicity
//
// Period finds the smallest period p that the computed values repeat
// with, at least three times over, from the smallest n0 on. For an octal
// game (no three-heap moves, no splitting without removing) whose largest
// take is t, the periodicity theorem of Guy and Smith (1956; Winning Ways,
// ch. 4; Siegel, Combinatorial Game Theory, IV.2) says: if G(n+p) = G(n)
// for n0 <= n < 2·n0 + p + t, then for every n >= n0. Where the values
// computed reach that far, the period is certified; elsewhere it is only
// what the values show.
package octal
