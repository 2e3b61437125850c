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
// theirs (the Sprague–Grundy theorem). Grundy's game (split a heap into
// two of different sizes), which no digit string describes, is the Code
// Grundy, read as "grundy".
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
// what the values show. Values uses it as it goes: once the values it has
// certify a period, the rest follow from it, so Kayles to 10^7 costs what
// filling the table costs.
//
// # The sparse space
//
// The direct method looks at every split of every heap, n²/4 pairs to n.
// Most codes have a sparse space (Berlekamp; Winning Ways, ch. 4, "Sparse
// space spells speed"; Flammenkamp's tables): a mask under which the
// parity of the bits of G(n) is 1, "common", for all but a few "rare"
// heaps (in the domain: the parity differs from that of n - t, t the
// splitting take). A nim-sum of two values is common only if exactly one
// is rare, so the common values among a heap's moves are exactly those of
// the pairs with a rare heap, few to enumerate; the least missing common
// value is then G(n) unless a rare one below it is missing, which a scan
// of the other pairs settles, stopping as soon as all are found. Values
// chooses the mask that makes the latest values rarest (again as the
// values double), and the method is exact under any mask: only its speed
// depends on the fit (TestSparseAgainstDirect holds it to the direct
// method under random masks). Grundy's game (mask …1110, 1,273 rare heaps
// to 10^5) goes to 10^6 in about 11 s.
//
// Values shares the direct method's splits of each large heap among
// goroutines: for codes without a sparse space and with three-heap moves.
package octal
