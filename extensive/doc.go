// Package extensive models and solves finite games of imperfect
// information and simultaneous moves: extensive-form games (a tree with
// chance, information sets and payoffs) and normal-form games (each
// player moves once, unseen), exactly, in rational arithmetic, with every
// answer certified.
//
// # The model
//
// A Game is a tree in prefix order. Each inner node belongs to a player or
// to chance and to an Infoset (an information set: the nodes its player
// cannot tell apart, with the same actions); chance events carry exact
// probabilities. Outcomes (one payoff per player) may sit on any node, and
// a path pays the sum of the outcomes along it, as Gambit's .efg files
// mean them. Games come from Gambit's files (ReadEFG, ReadNFG, Read), from
// Go code (Rules and Build, in the style of engine.Rules: a history type
// and an Expand method), from a payoff table (Strategic), or inline
// (ParseMatrix). Check refuses a game without perfect recall, naming the
// information set whose nodes follow different earlier moves of its
// player; perfect recall is what lets behaviour strategies (a distribution
// at each information set) do all that mixed strategies can (Kuhn 1953).
//
// # The sequence form
//
// A player's sequence is the list of its own moves on the way to a node;
// with perfect recall the last move, (information set, action), fixes it,
// so a player has 1 + Σ|actions| sequences. A realization plan x gives each
// sequence the probability that the player's own moves follow it: x(∅) = 1
// and, at each information set I reached by sequence σ_I, Σ_a x(σ_I a) =
// x(σ_I), x ≥ 0, written E x = e. A behaviour strategy is x(σ_I a)/x(σ_I).
// The payoff to player p is x'B_p y, where B_p[σ][τ] sums, over the nodes
// whose sequences are σ and τ, the chance probability to the node times
// p's outcome there. For two players whose payoffs add up to a constant,
// player 1's optimal plans are the solutions of the linear program
//
//	maximize v_0 subject to  E x = e,  x ≥ 0,  F'v ≤ B_1'x,
//
// whose variables v are player 2's information sets' values (the dual of
// player 2's best response, min over y of x'B_1 y with F y = f); v_0 is the
// game's value (Koller, Megiddo and von Stengel 1996; von Stengel 1996).
// A small program (a tableau of up to 100,000 entries) is solved by the
// two-phase simplex method in exact rational arithmetic. A larger one, up
// to 60,000 rows, by a sparse revised simplex method in floats (LU of the
// basis by Markowitz's rule, kept up to date by Forrest and Tomlin's
// update (1972), Devex pricing after Forrest and Goldfarb 1992, Harris's
// ratio test, and a random
// perturbation of the right-hand side against the stalling that this
// highly degenerate program causes, removed at the end by dual simplex
// steps), whose final basis is then solved exactly: B x = b and Bᵀπ = c by
// Dixon's p-adic lifting (numeric.SolveRational) in the float
// factorization's pivot order, or by rational elimination in that order
// where the integers are too wide for machine words. The basis is accepted
// only if it is optimal in exact arithmetic, every basic value and reduced
// cost of the right sign; otherwise the other player's program is tried.
// Either way the dual's multipliers of the rows of player 2's sequences
// are player 2's optimal plan. Every equilibrium of such a game gives the
// same values.
//
// # The certificate
//
// No answer is returned unchecked. Evaluate, and every solver, computes
// each player's best response to the others exactly, over the player's own
// sequences: V(σ) is what the player collects at nodes whose sequence is
// σ, weighted by chance's and the others' probabilities to them, plus, for
// each information set σ leads to, the largest V(σa); V(∅) is the best
// response's value. The information sets are visited children first (a
// set's sequences are numbered after its parent sequence), so the pass is
// linear in the tree. A player's gain is V(∅) minus its value under the
// profile, and the profile is a Nash equilibrium exactly when every gain
// is 0 (Profile.Exploitability).
//
// At an information set that a player's own earlier moves never lead to,
// the linear program leaves the strategy arbitrary; SolveZeroSum gives the
// player's best response there to the others, which changes no payoff (no
// node of the set is reached whatever the others do), and certifies the
// profile again.
//
// # Other games
//
// Two-player general-sum strategic games are solved by Lemke–Howson
// (LemkeHowson: the path that drops the row player's first strategy, with
// a lexicographic ratio test so that degenerate games cannot cycle), and
// ExtremeEquilibria lists every extreme equilibrium as the completely
// labelled vertex pairs of the two best-response polytopes
// P = {x ≥ 0 : B'x ≤ 1} and Q = {y ≥ 0 : A y ≤ 1}, as gambit-enummixed
// does. A two-player general-sum game tree is solved on its sequence form
// (SequenceLemke; TwoPlayerEquilibrium), whose size is linear in the tree
// where the strategic form's is exponential: Lemke's algorithm on the
// linear complementarity problem of Koller, Megiddo and von Stengel,
// started as von Stengel, van den Elzen and Talman start it, at the pure
// best responses to a prior (here the uniform behaviour strategies),
// with a variable z0 that mixes the prior into both plans; the path's
// complementary pivots, lexicographic so that degenerate games cannot
// cycle, end where z0 reaches 0, an equilibrium (seqlemke.go
// derives the equations). For three or
// more players, PureEquilibrium searches the pure behaviour profiles in
// order and returns the first one certified, or proves that there is none:
// mixed equilibria of three or more players can be irrational, so they
// are not given in rationals.
//
// # Large zero-sum games in float
//
// Where the sequence-form program has more than 60,000 rows
// (ErrLPTooLarge), CFRPlus runs CFR+ (Tammelin 2014: regret matching with
// regrets floored at zero, alternating updates, linearly weighted
// averages) in float64; the average strategy is rounded to multiples of
// 2^-24 that sum to 1 at each information set, and its exploitability is
// computed exactly from those rationals, so the ε printed is certified.
// The game's value lies in [u − g2, u + g1] for the profile's value u and
// gains g1, g2.
//
// # Sources
//
//   - H. W. Kuhn, "A simplified two-person poker", Contributions to the
//     Theory of Games I (1950): Kuhn poker and its value −1/18.
//   - H. W. Kuhn, "Extensive games and the problem of information",
//     Contributions to the Theory of Games II (1953): perfect recall.
//   - D. Koller, N. Megiddo and B. von Stengel, "Efficient computation of
//     equilibria for extensive two-person games", Games and Economic
//     Behavior 14 (1996): the sequence form.
//   - B. von Stengel, "Computing equilibria for two-person games",
//     Handbook of Game Theory 3, chapter 45 (2002).
//   - The Gambit Project, "Game representation formats" (the .efg and
//     .nfg file formats).
//   - C. E. Lemke and J. T. Howson, "Equilibrium points of bimatrix
//     games", SIAM J. Appl. Math. 12 (1964).
//   - B. von Stengel, A. van den Elzen and D. Talman, "Computing normal
//     form perfect equilibria for extensive two-person games",
//     Econometrica 70 (2002): the start of Lemke's path from a prior.
//   - D. Avis, G. Rosenberg, R. Savani and B. von Stengel, "Enumeration of
//     Nash equilibria for two-player games", Economic Theory 42 (2010).
//   - O. Tammelin, "Solving large imperfect information games using
//     CFR+", arXiv:1407.5042 (2014).
package extensive
