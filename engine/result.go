package engine

import "sync"

// Method names how a component was solved.
type Method int

const (
	// Direct: a single state without a loop, from its solved successors.
	Direct Method = iota
	// ClosedForm: a single state with a self-loop, x = a / (1 - p_self),
	// with 1 - p_self summed from the other outcomes.
	ClosedForm
	// Elimination: chance only, solved by subtraction-free state elimination.
	Elimination
	// ExitChoice: every decision only chooses among exits; decided first,
	// then solved by elimination.
	ExitChoice
	// ValueIteration: decisions inside a cycle, float mode, with proven
	// lower and upper bounds.
	ValueIteration
	// StrategyIteration: decisions inside a cycle, exact mode.
	StrategyIteration
	// Equilibrium: several players decide inside a cycle and no
	// reduction to one objective holds; a stationary equilibrium found by
	// value iteration and certified by a best-response solve per player.
	Equilibrium
	// Sweeps: chance only, float mode, a large part with dense rows
	// solved by Gauss–Seidel sweeps with a proven error bound.
	Sweeps
)

var methodNames = [...]string{"direct", "closed form", "elimination", "exit choice", "value iteration", "strategy iteration", "equilibrium", "sweeps"}

// String implements fmt.Stringer.
func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return "unknown"
}

// Methods lists every method in order.
func Methods() []Method {
	return []Method{Direct, ClosedForm, Elimination, Sweeps, ExitChoice, ValueIteration, StrategyIteration, Equilibrium}
}

// Result is a solved game.
type Result[S comparable, T any] struct {
	Players int
	// States and Components count the game play reaches from the start,
	// and Methods its components by the method that solved them. Seeded
	// and SeededComponents count what only a Seeder's seeds reach, solved
	// too (for a complete policy table) and numbered after: seeding does
	// not change a bit of what is found from the start.
	States, Components       int
	Seeded, SeededComponents int
	// Methods counts the components solved by each method.
	Methods map[Method]int
	// EndComponents counts the end components collapsed (places where
	// players could keep play going forever).
	EndComponents int
	// Gap is float mode's largest proven gap left by value iteration or
	// by the sweeps of a large dense chain part (0 when no component
	// needed either).
	Gap float64
	// Sweeps counts value iteration's sweeps over all components.
	Sweeps int
	// Resolved counts float components whose float answer was not proven
	// to the precision, or whose value iteration converged slowly, and
	// that were solved again exactly (counted under StrategyIteration):
	// their values are the exact values, given the float values of the
	// states they lead to, rounded.
	Resolved int
	// Unproven counts float components whose values are not proven to the
	// precision: too large to re-solve exactly outright
	// (Options.ExactStates), and too large for an attempt or their attempt
	// past its limit of work or memory (doc.go, "Float mode"), they were
	// solved by strategy iteration in float64 (counted under
	// StrategyIteration). Bound is then the largest proven distance of a
	// value of theirs from the true value: the width of the interval that
	// value iteration's bounds and the value span (+Inf where no bound
	// is known). A caller that prints values must say so when Unproven > 0.
	Unproven int
	Bound    float64
	// Equilibria counts the components solved by the equilibrium method,
	// each certified: no player gains by changing its actions there alone
	// (in float mode, gains more than the precision). Several equilibria
	// may exist; see doc.go, "Equilibria", for the one chosen.
	Equilibria int

	g          *graph[S]
	vals       []T
	rew        []T
	inf        []bool
	choice     []int32
	choiceIdx  idColumn  // a lean graph's choices, in place of choice
	choiceName idColumn  // and their names
	probF      []float64 // the graph's rationals as float64, for Simulate
	// expand serializes Simulate's expansions of a lean graph's states
	// (rules need not be safe for concurrent use).
	expand sync.Mutex

	// lean is set where the solve kept no graph (solveLean), shared where
	// its components were shared out among several workers: the path
	// taken, which the tests check.
	lean, shared bool
}

func (r *Result[S, T]) id(s S) (uint32, bool) {
	return r.g.lookup(s)
}

// Start is the start state.
func (r *Result[S, T]) Start() S { return r.g.states[0] }

// State returns the i-th state in exploration order (0 is the start).
func (r *Result[S, T]) State(i int) S { return r.g.states[i] }

// At returns what Value, Reward and Choice return for State(i), without
// looking the state up: each player's value (shared: do not modify it),
// the expected reward, finite = false where it is infinite, and the
// chosen action (-1 where no player decides). A tier's result
// (SolveTier) numbers the tier's states first, in the order given.
func (r *Result[S, T]) At(i int) (values []T, reward T, finite bool, action int) {
	action = -1
	if r.g.owner[i] >= 0 {
		action = r.chosen(uint32(i))
	}
	return r.vals[i*r.Players : (i+1)*r.Players], r.rew[i], !r.inf[i], action
}

// Lookup reports whether s was reached.
func (r *Result[S, T]) Lookup(s S) bool {
	_, ok := r.id(s)
	return ok
}

// Value returns each player's value at s (nil if s was not reached). The
// slice is shared: do not modify it.
func (r *Result[S, T]) Value(s S) []T {
	i, ok := r.id(s)
	if !ok {
		return nil
	}
	return r.vals[int(i)*r.Players : int(i+1)*r.Players]
}

// Reward returns the expected total reward from s under the policy, and
// finite = false when play from s may never end (the reward is then
// infinite and the returned value meaningless).
func (r *Result[S, T]) Reward(s S) (reward T, finite, ok bool) {
	i, ok := r.id(s)
	if !ok {
		return reward, false, false
	}
	return r.rew[i], !r.inf[i], true
}

// Choice returns the optimal action at s: its index in the order Expand
// listed the actions, and its name. ok is false if s was not reached or no
// player decides there.
func (r *Result[S, T]) Choice(s S) (action int, name string, ok bool) {
	i, found := r.id(s)
	if !found || r.g.owner[i] < 0 {
		return 0, "", false
	}
	a := r.chosen(i)
	if r.g.lean != nil {
		return a, r.g.names[r.choiceName.at(i)], true
	}
	return a, r.g.names[r.g.actName.at(r.g.actStart[i]+uint32(a))], true
}

// chosen is the action chosen at state i.
func (r *Result[S, T]) chosen(i uint32) int {
	if r.choice == nil {
		return int(r.choiceIdx.at(i))
	}
	return int(r.choice[i])
}

// Owner returns the player deciding at s, Chance or Terminal.
func (r *Result[S, T]) Owner(s S) int {
	i, ok := r.id(s)
	if !ok {
		return Terminal
	}
	return int(r.g.owner[i])
}
