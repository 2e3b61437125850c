// Package prism reads models and properties written in the PRISM language
// (prismmodelchecker.org; manual: The PRISM Language, Property
// Specification) and translates them into JANI (jani-spec.org), which
// package jani then explores and checks: one reader of the semantics for
// both formats.
//
// # The subset
//
// Model types dtmc (also probabilistic), mdp (also nondeterministic; a
// file without a type is an MDP, as in PRISM) and smg, PRISM-games'
// turn-based stochastic games: player blocks (player p1 m1, [a1]
// endplayer) give each player the unlabelled commands of its modules and
// the commands of its actions, and in every state all enabled moves must
// belong to one player. Constants (int, double,
// bool; defined by an expression, or left open and given to Parse, as with
// --const), formulas (expanded where used), labels, global variables,
// modules with bounded int ([lo..hi]) and bool variables, an initial value
// each (default: the lower bound, false) or an init ... endinit block,
// commands [action] guard -> p1 : (x'=e) & (y'=f) + p2 : … ;, module
// renaming (module M2 = M1 [x1=x2, a1=a2] endmodule; as in PRISM, the
// formulas M1 uses are expanded first, and their contents renamed), and reward
// structures with state rewards (guard : value;) and transition rewards
// ([action] guard : value;). Expressions: + - * / (real division), unary
// minus, = != < <= > >=, ! & | => <=>, c ? a : b, and min, max, floor, ceil,
// round, pow, mod and log (also as func(name, …)); an irrational power or
// logarithm is rounded to float64 in float mode and refused in exact mode. Comments // and /* */.
//
// Properties, from a properties file or the command line, each optionally
// named ("name": …) and ended by a semicolon or not (PRISM's own example
// files put one a line, without), with constants, labels and
// formulas of their own: P=?, Pmin=?, Pmax=? of F φ, G φ, φ U ψ, with an
// optional upper step bound (F<=k, U<k, G<=k); R{"name"}=? (or R{2}, or R
// for the first structure), Rmin, Rmax of F φ, C<=k (the reward of the
// first k steps) and I=k (the state reward after k steps); for DTMCs the
// long-run operators S=? [ φ ] (the long-run fraction of time in φ) and
// R=? [ S ] (the long-run reward per step); and thresholds, P>=b [ … ]
// and R<=b [ … ], answered true or false (for an MDP a threshold holds for
// every policy: P>=b compares the least probability, P<=b the greatest).
// Several initial states (an init ... endinit block that holds in more
// than one): a property's value is given when it is the same in all of
// them, and filter(min|max|avg|sum|+, φ, "init") takes that function of φ
// over them (as QVBS's herman asks). Labels in quotes, the built-in
// "init" and "deadlock". For a game, rPATL:
// <<p1,p2>> before P or R names the coalition (players by name or number
// from 1) that optimizes as the operator says, against all the others:
// <<p1>> Pmax=? [ F "win" ], <<p1>> R{"r"}min=? [ F "done" ], also step
// bounded. A threshold asks whether the coalition can ensure it, so
// <<p1>> P>=b has the coalition maximize and <<p1>> P<b minimize (for an
// MDP, without a coalition, the reading above). The dual [[C]] is the
// other players' coalition with min and max turned: [[C]] θ is ¬<<C>>¬θ,
// and the turn-based games here are determined (reachability and total
// reward), so [[C]] Pmax=? is the value of <<C>> Pmax=?.
//
// The whole property grammar of the PRISM and PRISM-games manuals is read
// (props.go): temporal operators X, F, G, U, W and R with any time bound,
// nested and in parentheses; rewards F, Fc, F0, C, C<=k, I=k and S;
// filters of both forms; A and E; coalitions over a Boolean combination
// of objectives and nonzero-sum queries (<<p1:p2>>max=?). What is read but
// not computed is skipped, one property at a time, with the reason (an
// Error with Unsupported set): X, W and R, LTL (temporal operators
// combined), lower or interval time bounds, Fc, F0 and the total reward C,
// filters other than min, max, avg, sum and + over "init" and filters
// inside an operator, A and E, multi-objective and nonzero-sum queries,
// the paired directions of concurrent games, long-run operators on MDPs
// and games, and P or R inside a state formula. Refused as a whole: the
// model types ctmc, pta, pomdp and csg, system ... endsystem, and
// unbounded int variables.
//
// A property that cannot be read (a syntax error, an unknown label) costs
// only itself: Parse gives the model with that property in error
// (jani.Model.AddFailed), and reading goes on at the next line that
// starts at column 1, or after the next semicolon.
//
// # Semantics
//
// Modules run in parallel. A command without an action moves its module
// alone; a command with an action moves together with one enabled command
// with that action in every other module that has the action in its
// alphabet (all combinations of them), and not at all while one of those
// modules has none enabled. A DTMC state with several enabled
// transitions takes one uniformly at random, as PRISM does; an MDP state
// chooses among them. A state with none (a deadlock) loops forever, as
// PRISM's default adds a loop there: probabilities see no difference, and
// the loop collects the state's state rewards (R=? [ C<=k ]).
//
// A reward structure pays, on each transition, its transition rewards for
// the transition's action (unlabelled ones for an unlabelled command)
// plus its state rewards of the state left, each item's value where its
// guard holds, summed: R=? [ F φ ] is the expected total until φ (φ's own
// state reward not included), R=? [ C<=k ] over the first k steps.
//
// # The translation
//
// Each module becomes a JANI automaton with one location and an edge per
// command; every variable becomes a global JANI variable; each action in
// the alphabets of several modules one synchronisation vector; each reward
// structure a transient real variable ("rew_NAME") that every transition
// sets to what it pays, accumulated over steps, and, where it has state
// rewards, one ("rew_NAME_state") that the first automaton's location sets
// to them in every state, read by I=k as JANI's instantaneous reward
// (step-instant without accumulate). G φ is JANI's derived operator G; S
// is JANI's Smax, of a Boolean expression (the fraction of time) or of a
// reward accumulated over steps (engine.LongRun). A
// game uses gamesolve's JANI extension for them (type "smg", "players",
// an operator's "coalition"; see package jani). Parse hands the document
// to jani.ParseDocument as Go values, with no JSON text between; ToJANI
// writes it as JSON (gamesolve convert), so other tools can check the same
// model. Where the JANI reader finds an error in a translated command or
// variable, the message names its PRISM line and column: the translation
// writes them in the JANI comments ("[prism 4:2]"), which the reader's
// messages quote.
//
// # Errors
//
// Errors name the line and column in the model (4:32) or in the properties
// ("properties 1:12"), and what was expected or what is wrong; they wrap
// solver.ErrInvalid. A tab counts as eight columns, as PRISM counts it, and
// a CRLF line ending as one.
package prism
