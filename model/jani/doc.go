// Package jani reads models in the JANI format (jani-spec.org), as the
// Quantitative Verification Benchmark Set publishes them, and computes
// their properties with the engine: every state the automata can reach is
// explored on the fly, and each property is answered by engine.Analyze.
//
// # The subset
//
// Model types dtmc and mdp, and gamesolve's extension smg for turn-based
// stochastic games (players.go: the PRISM reader writes it; other JANI
// tools do not read it). Constants of type int, real or bool, defined by
// an expression over earlier constants or left open and given to Parse
// (the command line's --const N=16,MAX=2). Global and automaton-local
// variables of type bool or bounded int, with an initial value or without
// (then every value of the domain is initial); transient variables of any basic type, which
// are labels (set by a location's transient-values) or rewards (set by a
// destination's assignments). One or more automata with one initial
// location each; edges with an optional action, a guard, and destinations
// with a probability and simultaneous assignments. The system is a
// parallel composition: an edge without an action moves its automaton
// alone, and an edge with an action moves only as part of a
// synchronisation vector, together with one enabled edge of every other
// automaton the vector names (every combination is a transition). A
// byte-order mark may come first, "comment" keys may appear anywhere, and
// features may list derived-operators, functions and state-exit-rewards.
//
// Functions (the functions feature), declared by the model or by an
// automaton: typed (bool, int, bounded int, real) functions of typed
// parameters, whose body may read the constants and variables in scope
// where they are declared and call any function, itself included. Each body
// is compiled once; a call puts its evaluated arguments on a frame stack.
// Calls nested more than 1,000 deep (a recursion that never reaches its
// base case) stop the evaluation with an error.
//
// Expressions: literals and identifiers, + - * and / (real division), %,
// min, max, pow, floor, ceil, abs, sgn, trc, comparisons, ∧ ∨ ¬ ⇒ and ite.
// Integers are 64-bit and overflow is an error; reals are exact rationals,
// and numbers in the file are read exactly (0.1 is 1/10). pow takes an
// exponent m/k with |m| ≤ 10,000 and k ≤ 64, exactly where the root is
// rational (pow(9/4, 1/2) = 3/2, pow(0, 1/2) = 0). An irrational power
// (QVBS's oscillators takes square roots of non-squares) is rounded to the
// nearest float64 and recorded (Model.Rounded, Result.Rounded): float mode
// answers for the rounded model and says so, and exact mode refuses the
// model, which exact arithmetic cannot represent. An even root of a
// negative number is not real and is refused. log(x, b) (left the value,
// right the base) is exact where x is an integer power of b and rounded
// the same way otherwise.
//
// Properties: a filter (values, min, max, avg or sum; with one initial
// state they agree) over the initial state of Pmin or Pmax of F φ or of
// ψ U φ, or of Emin or Emax of a reward expression accumulated over steps,
// on leaving states (the state-exit-rewards feature: the expression in the
// state left, with its locations' transient values), or both, until reach
// φ; and Boolean threshold queries, one of these compared (≥,
// >, ≤, <) with a constant: the answer is true or false, decided by the
// float value where it lies farther from the threshold than 10^-9 (plus
// the proven error) and in exact arithmetic otherwise. G φ (a derived
// operator) as 1 less the opposite extreme of F ¬φ. Smin and Smax of a DTMC:
// the long-run fraction of time in the states of a Boolean expression, or
// the long-run reward per step of a reward accumulated over steps
// (engine.LongRun). Step bounds: F, G and U
// with an upper step bound (inclusive or exclusive), a reward
// accumulated over the first k steps (step-instant with accumulate
// ["steps"]), and an instantaneous reward (step-instant without accumulate:
// the reward expression, with its locations' transient values, in the state
// reached after k steps), by synchronous value iteration (engine.AnalyzeBounded),
// which stops early once a step changes nothing. Several initial states
// (variables without an initial value, restricted by restrict-initial):
// the filter's function (min, max, sum, avg, or values when they agree)
// over them. Reward bounds (one bound, lower, upper or both, on a reward
// accumulated over steps or on leaving states, in whole numbers, such as
// QVBS eajs's F{rew≥U} φ): the state space is unfolded with the reward
// accumulated so far, a goal counting where the reward is within the
// bounds, a transition past the upper bound leading to a sink, and without
// one the reward kept at the lower bound once reached. Other properties
// (time-bounded, several reward bounds, other Boolean formulas) are listed
// as skipped, with the reason; a property with an error in it is listed
// with its error (PropertyResult.Err), and the others are checked.
//
// # Semantics
//
// A state with no enabled transition (a deadlock) is absorbing. A DTMC
// state with several enabled transitions picks one uniformly at random, as
// PRISM does, and then its destination by probability. The reward of a
// step is the reward expression evaluated with the step's transient
// assignments, every other transient variable at its initial value; a
// state formula reads the labels the current locations set. Goal states of
// a property are absorbing for it. An expected reward is infinite where
// the goal is missed with positive probability (see engine.Analyze).
//
// # Errors
//
// Parse rejects, with one line naming the place: malformed JSON, features
// and constructs outside the subset (wrapping ErrUnsupported), undefined
// identifiers, type errors, and missing, unknown or malformed constant
// values. Check rejects an assignment outside a variable's bounds, naming
// the automaton, edge and destination, and a model too large for the
// memory budget (budget.ErrTooLarge), as exploration proceeds. All errors
// wrap solver.ErrInvalid except the budget's and the context's.
package jani
