// Package race solves The Race (Project Euler 232) and its generalisations
// exactly: a coin player and a chooser race to their targets.
//
// On each of its turns the coin player scores Coin.Gain points with
// probability Coin.P (by default 1 point with probability 1/2). Before each of
// its turns the chooser picks a gamble from its menu: gamble t succeeds with
// probability P_t and then scores Gain_t. By default the menu is the doubling
// menu of Project Euler 232: T = 1, 2, ... succeeds with probability 2^-T and
// scores 2^(T-1). The first player to reach its target wins. The chooser plays
// to maximise its probability of winning.
//
// With F(a,b) the chooser's optimal win probability when the coin player needs
// a more points, the chooser b more, and the chooser is to move, and
// G(a,b) = p F(a-g,b) + (1-p) F(a,b) the same at the coin player's turn, a miss
// by both players returns to the same state, so F appears on both sides of the
// Bellman equation. Solving for it gives the closed form
//
//	F(a,b) = max_t [ q_t S_t + (1-q_t) p F(a-g,b) ] / (1 - (1-q_t)(1-p))
//
// where S_t = 1 if Gain_t >= b and S_t = G(a, b-Gain_t) otherwise. Row a only
// needs rows a-g..a, so float mode keeps g+1 rows: O(g·B) memory.
//
// Cell (a, b) needs cells of row a-g up to column b and of row a to its
// left, so with g = 1 the cells of an anti-diagonal are independent: float
// mode then computes eight rows at once, row a+j lagging j columns behind
// row a, one row per vector lane, every gamble a branch-free vector step
// (skew.go). Rows, or groups of eight, go to the workers in turn, each
// waiting block by block for the row it needs.
//
// Solve runs in float64 or exact rational arithmetic (see package numeric).
// Ties between gambles go to the one listed first in the menu (for the
// doubling menu: the smallest T); exact mode decides ties exactly.
package race
