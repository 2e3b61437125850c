// Package engine solves stochastic games with cycles exactly: any game whose
// rules can say, for each state, who acts (a player, chance, or nobody at a
// terminal), which actions there are, and where each leads with what exact
// rational probability.
//
// # Semantics
//
// Every player maximizes its own expected payoff; a terminal pays one
// payoff per player, and a play that never ends pays every player 0.
// Outcomes may carry a reward; the engine reports the expected total reward
// under the chosen policy, or that it is infinite when play may not end.
// Ties go to the action listed first (or the rules' TieBreaker), except that
// an action after which play loops forever never wins a tie against one
// that makes progress. Where that depends on what other states choose (in
// an end component, or among several players' choices), the states settle
// it together: each takes its first best action; where play would then
// stay among some states forever, the one explored last among them with a
// best action leading out gives way and takes the first such action; and
// each state that gave way takes back an earlier best action where that no
// longer keeps play in forever. States nearer the start keep their
// preferred actions, and no state could take an earlier-listed best action
// without play looping forever.
//
// # Method
//
// Solve explores the states reachable from the start, numbering them
// densely in the order they are first reached and refusing with
// budget.ErrTooLarge before memory runs out (rules that implement Forker
// are expanded a batch ahead on Options.Workers goroutines, each on its
// own fork; the numbering is the same). Rules that number their own
// states (Indexer) are found in an array, not a hash map; rules that know
// their size (Sizer) have the arrays sized once, their pages brought in by
// a goroutine of their own ahead of the explorer. It splits the state
// graph into strongly connected components (Tarjan's algorithm in
// Pearce's variant, with an explicit stack) and solves them in reverse
// topological order, so every state leaving a component is already
// solved.
//
// Solve keeps no graph of a game whose rules number their own states
// (Indexer) in a range of at least 2^20 (lean.go). Exploration keeps each
// state, its number and its owner, not its actions and outcomes; the
// decomposition expands each state a second time, when it first visits
// it, and keeps the state's edges only until its component is found.
// The component is then copied out as a small graph of its own (its
// states numbered in the order of their numbers, then the states it
// leads to, whose values are known when it is solved) and handed to the
// workers, which solve each component as soon as every component it
// leads to is solved: the decomposition and the solving overlap, and a
// component's arrays are together in memory while it is solved. The
// methods below see the same numbers in the same order as on a stored
// graph, so every value is the same to the last bit. Rules whose Expand
// describes a state differently the second time are refused (ErrChanged).
// Where the first 256 components average fewer than two states, or there
// is one worker, the decomposition solves each component itself as found;
// a stored graph large enough to be decomposed while it is solved follows
// the same rule (topo's handOut decides for both).
// Pig 100 on two cores, alternating runs: 1.17–1.30 s and 161–166 MB
// with the graph stored, 1.17–1.20 s and 81–85 MB without (the graph was
// 60 MB: 6.7 million outcomes and 1.9 million actions, at a byte a
// probability, reward and name). A game of many single-state components
// pays for the second expansion: 200,000 in a row take 124–159 ms where a
// stored graph takes 47–71 ms (BenchmarkSolveChain).
//
// Without an Indexer, finding each state again would cost a second hash
// lookup an outcome, and Solve keeps the graph (a race of single-state
// components: a third less time than without it), as it does for a
// smaller game, whose graph takes little memory. Explore keeps the graph,
// for Analyze, and so does a game held as the
// engine's own arrays (Flat, a model file), adopted without expanding a
// state, shared as it is when already numbered in exploration's order. An
// outcome's probability and reward, and an action's name, take a byte
// each while the game has fewer than 256 of them (idColumn). Solving a
// stored graph with several workers and at least 16,384 states, the
// workers solve each component as soon as the decomposition has found it
// and every component it leads to is solved (where the first 256
// components average fewer than two states, one worker solves them all
// once found, as the shared queue would cost more). Each
// component gets the cheapest correct method, reported in Result.Methods:
//
//   - Direct: one state without a loop: x = Σ p_o x_o, or the best action.
//
//   - ClosedForm: one state with a self-loop. From x = Σ_{o≠self} p_o x_o +
//     p_self x follows x = Σ_{o≠self} p_o x_o / Σ_{o≠self} p_o. The
//     denominator is summed, never computed as 1 - p_self, so a state that
//     stays put with probability 1 - 2^-100 is as accurate in float64 as any
//     other. The Race's "F appears on both sides" is this case.
//
//   - Elimination: chance only. States are eliminated one by one in the
//     manner of Grassmann, Taksar and Heyman: eliminating k sends each
//     predecessor i's mass p_ik along k's edges, weighted by p_ik / out_k,
//     where out_k, the mass leaving k, is again a sum of probabilities.
//     Back substitution then gives every value and the expected reward. All
//     quantities stay non-negative sums and products, so nothing cancels.
//
//   - Sweeps: chance only, in float mode, a part of at least 2,048 states
//     with 16 entries a row or more, where elimination's fill-in would
//     make it cubic: Gauss–Seidel sweeps with a proven error bound (see
//     Float mode below).
//
//   - ExitChoice: decisions that only choose among exits: every action of a
//     state has the same outcomes inside the component (Chef Showdown: a
//     miss passes the turn whatever the target). The action's value differs
//     only in its exits, so each decision is settled from solved values
//     first; what remains is a chain, solved by elimination.
//
//   - ValueIteration (float) and StrategyIteration (exact): decisions
//     inside a cycle, by one player, or by two players whose payoffs add
//     up to the same total wherever play leaves the component (the values
//     of the states it leads to; other players' payoffs do not matter), so
//     that the second minimizes the first's value. First every maximal end component (a set of states and
//     actions in which play can stay forever) is collapsed into one node
//     whose actions are its ways out plus "stay", worth 0. In the quotient
//     every policy ends play with probability 1, so the Bellman equation
//     has exactly one solution. Float mode runs Gauss–Seidel value
//     iteration from a lower bound (the least payoff) and an upper bound
//     (the greatest) at once, and stops when the proven gap is within
//     Options.Precision, never when "the last change was small". Once the
//     upper side's greedy policy has held for three sweeps while the gap
//     is still far from closing, that policy's own values, found by
//     elimination on the quotient (given up past the work of four sweeps:
//     a random component fills in, and is then left to the sweeps), are
//     tried as bounds (optimistic value iteration,
//     Hartmanns and Kaminski, CAV 2020): v + ε and v − ε (ε a quarter of
//     the precision) are each given three sweeps to show themselves
//     inductive, a sweep that moves no node outward even with each node's
//     rounding bound added; in the quotient that proves them bounds. On
//     Pig to 100 this cut value iteration from 535,309 sweeps to 133,541
//     (the candidates' sweeps counted).
//     Exact mode
//     runs Hoffman–Karp strategy iteration, started from the float policy:
//     the minimizer's best response, then the maximizer's strict
//     improvements, each strategy evaluated exactly by elimination. Its
//     float start is strategy iteration itself, in float64 (seed.go): 64
//     sweeps of the converging side of value iteration give a first
//     policy, and float rounds (each policy's chain split into strongly
//     connected parts and solved by back substitution and elimination,
//     then a greedy step that switches only for a gain above 10^-14 of
//     the values) improve it until it holds. Value iteration alone settles slowly
//     where actions tie in the limit but not at any finite horizon
//     (symmetric processes scheduled in either order): on consensus (6
//     processes, 1.26 M states, Pmax) its start took 800 sweeps per
//     component; the float rounds and the almost-sure search below cut
//     exact mode there from 19 s to 12 s.
//     The exact improvement step sums exactly only the actions that can be
//     best: each action's value is first bounded in float64 with a
//     rigorous rounding bound, and one whose bound lies wholly below
//     another's cannot be; exact ties always pass, so they are still
//     decided exactly. The round that switches nothing also gives the tie
//     rule's final choice.
//
//   - Equilibrium: anything else with decisions inside a cycle: several
//     players, payoffs without a constant sum, or two players who can both
//     keep play going (see Equilibria).
//
// Inside a collapsed end component the states choose by the tie rule
// above, their best actions being those that stay inside and the ways out
// worth as much as the best one; play leaves with probability 1. The
// values reported are those of the final policy, computed by elimination.
//
// # Equilibria
//
// Where several players decide inside a cycle and no reduction to one
// objective holds, there is no single value to compute: each player
// maximizes its own payoff, and what one does changes what is best for the
// others. The engine computes a stationary equilibrium of the component:
// one action per state (a pure stationary profile), such that no player
// gains by changing any of its own actions, at any state, while the others
// keep theirs. Solving components from the end backward, with the values of
// the states a component leads to as its exits, makes the whole profile
// subgame-perfect: it is an equilibrium from every state, as a table of
// play should be. Stationary profiles are the natural answer for games
// like these, whose rules do not depend on how a position was reached
// (Fink 1964 and Takahashi 1964 proved that discounted stochastic games
// have stationary equilibria; in the undiscounted games here a pure one
// can fail to exist, as below).
//
//  1. Value iteration on the n-player Bellman operator from 0, the payoff
//     of endless play: after t sweeps the values are those of the game cut
//     off after t moves, each deciding player taking its best action for
//     itself, ties by the rule. It stops when the profile has not changed
//     for three sweeps and the values move by less than 10^-13 of the
//     payoffs' spread (or at its work bound). Best actions are those within
//     the tie tolerance of the best; the tie rule settles them where play
//     could loop.
//  2. The profile is evaluated by elimination, exactly in exact mode.
//  3. Certificate: for each player, its best response to the others'
//     actions is solved as a one-player problem (with end components and
//     "stay", as any one-player cycle, so a deviation that keeps play going
//     forever is counted at 0). The profile is certified when no player's
//     best response is worth more than the profile at any state of the
//     component: exactly in exact mode, by more than the precision (times
//     the payoffs' spread) in float mode. Result.Equilibria counts the
//     certified components; the command line says "equilibrium certified".
//  4. Otherwise the player who gains most switches to its best response and
//     the profile is certified again, for up to 64 rounds. In float mode a
//     component of at most Options.ExactStates states that is still not
//     certified is then solved again in exact arithmetic from its last
//     profile.
//  5. Best responses can go round without end where a pure stationary
//     equilibrium exists (a tie sends one player back to an action the
//     others answer as before). Then, where the component has at most
//     4,096 pure stationary profiles, each is certified as in step 3, in
//     the tie rule's order (the component's states in order, the first
//     one's action changing slowest, each state's actions in tie order),
//     and the first certified is taken. When none is, the game has no pure
//     stationary equilibrium, proved, and the component is refused with
//     ErrUnsupported saying so; with more profiles it is refused naming
//     the player who still gains, by how much and where, and the number of
//     profiles.
//
// Equilibria need not be unique, and their values can differ: the one
// reported is the one this procedure reaches. Inside an equilibrium the
// tie rule is the procedure's: each best response of step 4 takes its
// first best action at each state, but the profile keeps an action that a
// round or the search of step 5 gave a state while it is certified, so a
// state may keep a later action that its owner values as much as an
// earlier one (the earlier one may be certified in no profile with the
// other states' actions). The tie rule of the one-player problems above
// decides among actions a player values equally in each best response. Float mode treats actions within
// the tie tolerance as equal, so where a player's actions differ by less,
// float and exact mode may certify different equilibria (each certified).
// Zero-sum games have one value, which every equilibrium attains.
//
// In the sequential truel of docs/examples/truel.json (Kilgour, "The
// sequential truel", International Journal of Game Theory 4, 1975), the
// weakest shooter fires into the air and survives with probability 25/63,
// as the classic analysis finds. A game can have no pure stationary
// equilibrium at all: if A may quit for (1, -2) or pass to B, who may quit
// for (2, -1) or pass back, and endless play pays (0, 0), each of the four
// profiles has a deviation (compare the cyclic games of Boros, Gurvich and
// Yamangil, "Chess-like games may have no uniform Nash equilibria", 2013).
// The engine refuses such a component and says so.
//
// # Discounted games
//
// Options.Discount, a rational γ in (0, 1), makes Solve solve Shapley's
// discounted stochastic game (L. S. Shapley, "Stochastic games", PNAS 39,
// 1953): a payoff reached after k moves, chance moves included, is worth
// γ^k times it, and the reward of the (k+1)th move γ^k times it. So a
// state's values are V(s) = γ·Σ p·V(next) under the chosen action, and its
// expected reward W(s) = Σ p·r + γ·Σ p·W(next).
//
// Discounting rewrites the graph once it is explored (discount.go), and
// nothing else: each outcome's probability p becomes γ·p, and each action
// gains an outcome of probability 1−γ into a stop that pays every player 0
// and carries the action's mean reward Σ p·r. Since γ^k is the chance of
// k moves without a stop, the expected payoff of the rewritten game is the
// discounted one, and every method of "Method" solves it unchanged, in
// both fields. From every state play now ends with probability 1 whatever
// the players do: no end components remain, no reward is infinite, and
// the stationary equilibria are subgame-perfect (a contraction has one
// fixed point per profile, and the one-shot deviation principle holds).
// The stop is not one of the rules' states: Result's counts leave it out.
// A discounted graph is always kept (no lean solve). Rules may carry
// their discount themselves (Discounter, as a model file's "discount"
// does). Analyze, AnalyzeBounded, LongRun and Explore refuse
// Options.Discount, and the analyses refuse a graph of discounted rules:
// their questions have no discounted form here.
//
// # Reachability and expected rewards
//
// Explore builds a Graph without solving it, and Analyze answers a Query
// on a one-player graph (a Markov decision process; a chance state is a
// state with one action): Pmax or Pmin, the highest or lowest probability
// of reaching a goal state without passing an avoided one (F and U of
// model checking), or Emax or Emin, the highest or lowest expected total
// reward until a goal. An expected reward is infinite from a state where
// the goal is missed with positive probability: under some policy for
// Emax, under every policy for Emin. Analyze works in three steps.
//
//  1. Graph algorithms settle what needs no arithmetic (Baier and Katoen,
//     Principles of Model Checking, 10.6), written once for two sides (the
//     one that wants the goal reached, and its adversary; a Markov decision
//     process puts its player on the first side for Pmax, on the second for
//     Pmin). The attractor: a state joins when its side wants the goal and
//     one action has an outcome in, or when it is the adversary's and each
//     action has one; outside it the probability is 0. Almost-sure
//     reachability (de Alfaro and Henzinger): the greatest set from which
//     play can be kept inside (by the first side; the adversary cannot
//     leave) while moving towards the goal; there it is 1. The set only
//     shrinks: a state with no action left that stays (an adversary's,
//     with one that leaves) is removed at once and the removal cascades to
//     its predecessors, and a backward search from the goal between
//     cascades removes the states that can no longer reach it (on
//     consensus N=6, 28 rounds of whole-graph searches in 2.6 s became
//     0.2 s; TestAlmostSureAgainstPlain compares it with the textbook
//     fixed point). The reward of
//     Emax is finite exactly where every policy reaches the goal almost
//     surely, that of Emin where some policy does, and Emin never chooses
//     an action that may leave that set.
//  2. The rest is solved by Solve's own core (analyze.go): Analyze and
//     Solve differ only in how they read the objective. The question is a
//     zero-sum game of two sides, side 0 wanting the value high and side 1
//     low (a Markov decision process puts its player on side 0 for Pmax
//     and Emax, on side 1 for Pmin and Emin). Each state carries the value
//     and minus it, and each side maximizes its own, so that endless play,
//     which pays both 0, is "not reached". For an expected reward each
//     outcome's reward is counted into the values, and "stay" is no choice
//     (staying forever never reaches the goal): only end components of
//     actions without reward are collapsed, and their ways out are the
//     only actions left; a single state's action that loops forever is
//     never taken. Actions that may leave the finite states are never
//     chosen.
//  3. The undecided states are split into strongly connected components
//     and solved by the topological driver (both cores, progress,
//     cancellation), each with Solve's methods: elimination for chains,
//     value iteration with bounds and strategy iteration for decisions in
//     cycles, a certified equilibrium where both sides could keep play
//     going. With rewards the bounds are one-sided (rewards are not
//     negative), and the chosen policy's own values bound the other side:
//     for Emin, the values of a proper policy are at least the optimum.
//
// # Coalitions
//
// On a graph of several players (a turn-based stochastic game), a Query
// names a coalition: its players choose together to maximize (Pmax, Emax)
// or minimize (Pmin, Emin) the objective, the others together do the
// opposite — PRISM-games' <<C>>Pmax=? [F goal] and <<C>>R{"r"}min=? [F
// goal] of rPATL. The sides are the two of step 2, and the graph
// algorithms of step 1 are the two-sided ones. Where both sides can keep
// play going inside one end component, the certified equilibrium's value
// is the game's value (turn-based zero-sum stochastic games with
// reachability objectives have optimal pure stationary strategies:
// Condon, "The complexity of stochastic games", 1992; for total rewards
// until a goal, the stochastic shortest path games of Patek and Bertsekas,
// 1999).
//
// # Limits
//
// Nothing here runs past its budget or its context. Exploration checks its
// memory estimate and the context every 4,096 units of work (states and
// outcomes, so one state with a million outcomes counts as much as a
// million states). Where no estimate can be made in advance, a
// budget.Guard per worker watches the deadline and the heap from inside
// the loop: every elimination step (fill-in is unknown until it happens:
// a random sparse chain fills in almost completely), every sweep of value
// iteration, every round of strategy and policy iteration, and every
// solved component (exact values grow as play goes back from the end).
// The error names the component and wraps budget.ErrTooLarge or the
// context's error.
//
// # Arithmetic
//
// Solve runs in the arithmetic of a numeric.Field: float64, or exact
// *big.Rat where ties are decided by exact equality.
//
// Exact mode avoids big.Rat where fractions would grow for nothing. A part
// of a chain of 24 states or more is not eliminated over the rationals but
// solved by numeric.SolveRational: each row is scaled to integers, the
// system is factored once modulo a 31-bit prime (the same elimination
// order and fill-in, in machine words), and the solution is lifted p-adically
// digit by digit and recovered by rational reconstruction, accepted only
// when it satisfies the system exactly (Dixon 1982). A dense one-player
// component of 400 states (BenchmarkDenseExact) takes 0.03 s instead of
// 11.8 s, herman's 924-state chain 1.7 s instead of more than 300 s. A
// part of 512 states or more is first lumped (lump.go): states whose
// right-hand sides agree, and whose probabilities into every class of
// states agree, are one unknown of a quotient system (ordinary
// lumpability, Kemeny and Snell 1960), found by partition refinement on
// residues modulo 2^61 − 1 and checked in the rationals. A part without
// symmetry splits apart in a round or two and is solved as before; on
// Herman's ring of 15 (32,768 states, parts of up to 12,870 states that
// rotation, reflection and complement lump to a few hundred) the exact
// answer, 100/3, takes 4.3 s where it did not come in 15 minutes. A row
// of 16 exits or more is also added up by the values its exits lead to,
// one product per distinct value, and a row whose exits lead to the same
// values with the same probabilities as an earlier row of its part (a
// rotation of it, in a ring) reuses that row's sums (exits.go); where
// every outcome of a row pays one reward, it is added once. The
// sums of products that remain (a state's one-step value, an action's
// value in strategy iteration, the exits of a quotient) are added up with
// numeric.RatDot, which reduces once per sum instead of twice per term (a
// state that passes play on to one successor, without a reward, copies
// its values and reduces nothing);
// where only a choice is wanted (strategy iteration's improvement step),
// the sums are compared unreduced (RatDot.Cmp), and a large quotient's
// nodes are shared between two goroutines. After the first exact round,
// a round re-evaluates only the nodes upstream of its switches and looks
// for better actions only where an action's value changed (rounds.go),
// and a large chain's parts are solved level by level on two goroutines
// (levels.go): on zeroconf (N=20, K=4, no reset; 307,768 states, 500-digit
// values, where Storm's exact mode took 83 minutes) Pmax took 50 s with
// fourteen full evaluations and takes 3.6 to 4.0 s. All have generic twins that
// the tests compare digit for digit (TestLiftedTwin, TestExactTwins,
// TestLumpedCovers).
//
// # Float mode
//
// A float value is never silently wrong: every value computed in float64
// is proven to be within the precision of the true value, or recomputed
// exactly, or flagged. The danger is a near-tie: an action whose one-step
// gain is below any tolerance can still be worth much more when play comes
// back to it many times before it leaves (a loop that escapes with
// probability 10^-12 multiplies a gain of 10^-13 by 10^12). So no float
// answer rests on a tie decided by a tolerance; each rests on one of these:
//
//   - No decision, or a decision solved on its own. Chains are solved by
//     subtraction-free elimination (errors of rounding only), except a
//     part of at least 2,048 states with 16 entries a row or more, whose
//     fill-in would make elimination cubic: Gauss–Seidel sweeps solve it,
//     and a proof bounds their error (chain_iter.go): A y ≥ 1 checked for
//     a y from the sweeps bounds the expected steps to leave the part,
//     and the residual times max y bounds the error, both widened by
//     their rounding. The part is eliminated when that bound does not
//     reach the precision (play leaves it too rarely) within an eighth of
//     a dense elimination's work. Herman's ring of 13 (8,192 states;
//     parts of up to 3,432 states with 40 entries a row): 18.3–18.6 s and
//     530–640 MB, now 1.9–2.0 s and 106 MB; of 15 (32,768; up to 12,870
//     with 50 a row): 10 s and 600 MB, where elimination had not finished
//     in ten minutes. A single
//     decision state compares the values of its actions themselves, each
//     by the closed form: values within Options.TieTolerance of each other
//     relative to the larger magnitude (at least 1) are tied, so the value
//     kept is within that tolerance of the best.
//   - Exit choices compare only the part in which the actions differ,
//     their exits, and call two sums tied only when they differ by at most
//     TieTolerance times Σ p·|v| of those exits: a state left with mass m
//     is visited at most 1/m times in expectation, so the value kept is
//     within TieTolerance times the largest exit value of the best.
//   - Decisions inside a cycle (Solve) run value iteration from a lower
//     and an upper bound at once (with the optimistic step above, whose
//     bounds are proven the same way: a Gauss–Seidel sweep of B, each
//     node widened by its rounding bound, that moves no node outward shows
//     B(u) ≤ u, hence u ≥ v*; where play escapes with less than float64
//     resolves, say 10^-20, no sweep ever shows that, and the component
//     goes on to its exact re-solve or its flag). When the proven gap U - L is within
//     Precision times the spread of the payoffs (at least 1), the greedy
//     policy of the bounds' midpoint is evaluated by elimination, and its
//     value x must lie with the bounds in an interval of at most that
//     width (with one player x is itself a lower bound). Then every
//     printed value is within the precision of the true one.
//   - Analyze runs on the same core, with the same proof; for expected
//     rewards the bound of one side is infinite (rewards add up without an
//     a-priori limit), and the policy's own values take its place where
//     they bound the optimum (Emin: a proper policy costs at least the
//     optimum). Emax has no such bound and is never proven this way.
//
// Where the proof fails (the gap does not close: value iteration gives up
// when the rate of its last 4,096 sweeps says twice its work bound would
// not be enough) a component of at most Options.ExactStates states
// (DefaultExactStates, 4,096) is solved again in exact arithmetic: its
// exits, the float values of the states it leads to, are converted to
// rationals exactly, strategy or policy iteration runs in *big.Rat from
// the float policy, and the exact values are rounded (Result.Resolved,
// Analysis.Resolved). A value is then a convex combination of exits, off
// by no more than they are.
//
// Sweeps that converge slowly can cost far more than the exact re-solve
// would: on consensus (N=4, K=4) a component of 1,965 states took 2,826
// sweeps (90 ms) and one of 8,302 stopped at its work bound with a gap
// of 8e-12 (0.3 s, then flagged), where exact mode solves the whole model
// in 0.8 s. So at sweep 256 a component whose sweeps have not converged
// is re-solved exactly at once, whatever its size, within a work limit:
// the sweeps still ahead, predicted from the rate of the last 128 and at
// most the work bound's, each outcome visit counted as a tenth of a unit
// of exact work (budget.Guard's units, measured at 22–30 ns against
// 2.4 ns a visit). Work is counted, not time, so the outcome does not
// depend on the machine. If the limit runs out, the sweeps go on where
// they stopped, and the component cost at most about twice their work.
// A component above Options.ExactStates whose answer is not proven after
// its sweeps (they stopped at their work bound before sweep 256, or the
// greedy policy's values fell outside the bounds) gets its one attempt
// then, with as much exact work as they took. Components above 16 times
// ExactStates get none: an exact twin of a million states holds its
// rationals before it has done much work. In float mode consensus N=4
// K=4 proves every value in 1.6 s. Consensus N=6 K=2 (1.26 million
// states) has a component of 93,067 to 104,214 states (by property),
// beyond any attempt: disagree is proven, while c1, steps_min and
// steps_max stay flagged,
// and exact mode, which needs no proof, answers all five in about 21 s.
//
// A component above ExactStates without an attempt, or whose attempt
// ran out, keeps float strategy iteration's answer and is flagged
// (Result.Unproven and Bound,
// Analysis.Unproven and Bound): Bound is the width of the interval known
// to hold both the printed value and the true one, +Inf when there is
// none. The command line prints a warning line and JSON "unproven": true
// with "unproven_bound".
//
// The proofs are in float64 arithmetic: "within the precision" holds up
// to the rounding of the sums involved (relative 10^-16 per operation), far
// below the default precision of 10^-12.
//
// # Tiers
//
// A game too large for memory can be solved a tier at a time (as
// GamesmanOne does): rules that implement Tierer put each state in a tier,
// with no move from a tier to an earlier one, so that the tiers can be
// solved from the last to the first, each reading only the values of
// tiers already solved (kept on disk by package tierfile).
//
// Float values depend on the order in which a component's states are
// swept: reversing the order within each component moves Pig to 100's win
// probability from 0.5305927252737468 to 0.5305927252737471 (exact values
// do not move). A tier's states are therefore numbered in the order Solve
// numbers them, breadth first from the start: TierOrder finds that order
// without holding the game, with one bit a possible index and the queue
// of states to expand in a file (8 bytes a state), and checks every move
// against the tiers on the way. Pig to 100 (960,896 states) takes 0.22 s;
// Pig to 300 (26.6 million) 7.6 s and 91 MB; Pig to 1,000 (996 million
// states in 1,999 tiers) 5 min 43 s and 517 MB.
//
// SolveTier then solves one tier: its states, numbered in that order, are
// explored as a graph (kept, not lean) whose other states are terminals,
// the exits, whose values, rewards and infinite flags the run takes from
// the tiers solved before; the whole game's common terminal total (from
// TierOrder) replaces the tier graph's. Each component is then the same
// as in the whole game, numbered in the same order, with the same exit
// values, and gets the same methods: the values, rewards and choices are
// Solve's to the last bit (TestSolveTier on random tiered games, in both
// arithmetics; package tiered's tests on Pig). Package tiered drives it
// over a directory of tier files.
package engine
