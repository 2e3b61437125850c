package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// blockGame is a game of blocks of one to five states, each block a loop
// (every state's actions may lead to the next state of its block) whose
// ways out lead to one of the next 20 blocks (the first action of its
// first state to the next block) or to a terminal: thousands
// of components, each solvable once the ones it leads to are, many of them
// independent of each other. With one player some actions stay in their
// block for sure (end components); with two every action may leave, so
// that play ends and the payoffs keep their constant sum.
func blockGame(rng *rand.Rand, players, blocks int) *game {
	g := &game{players: players}
	first := []int{0}
	for b := range blocks {
		first = append(first, first[b]+1+rng.IntN(5))
	}
	n := first[blocks]
	const terminals = 5
	probs := []*big.Rat{big.NewRat(1, 2), big.NewRat(1, 3), big.NewRat(2, 3), big.NewRat(1, 6)}
	for b := range blocks {
		size := first[b+1] - first[b]
		for s := first[b]; s < first[b+1]; s++ {
			owner := engine.Chance
			if rng.IntN(3) > 0 {
				owner = rng.IntN(players)
			}
			acts := make([][]engine.Outcome[int], g.addMover(rng, owner))
			for a := range acts {
				in := first[b] + (s-first[b]+1)%size
				reward := big.NewRat(int64(rng.IntN(3)), 1)
				if players == 1 && owner >= 0 && (s > first[b] || a > 0) && rng.IntN(8) == 0 {
					acts[a] = []engine.Outcome[int]{{P: big.NewRat(1, 1), To: in, Reward: new(big.Rat)}}
					continue
				}
				out := n + rng.IntN(terminals)
				switch {
				case b+1 < blocks && s == first[b] && a == 0:
					out = first[b+1] // every block is reached
				case b+1 < blocks && rng.IntN(4) > 0:
					next := b + 1 + rng.IntN(min(blocks-b-1, 20))
					out = first[next] + rng.IntN(first[next+1]-first[next])
				}
				p := probs[rng.IntN(len(probs))]
				acts[a] = []engine.Outcome[int]{
					{P: p, To: in, Reward: reward},
					{P: new(big.Rat).Sub(big.NewRat(1, 1), p), To: out, Reward: reward},
				}
			}
			g.acts = append(g.acts, acts)
		}
	}
	for range terminals {
		g.addConstantSum(big.NewRat(int64(rng.IntN(11)), 10))
	}
	return g
}

// solveWith solves g in field f with so many workers, one of three ways:
// "stored" keeps the graph and finds its components first, "found" keeps
// it and solves components as Tarjan's algorithm finds them, "lean"
// keeps no graph (Solve's way).
func solveWith[T any, F numeric.Field[T]](t *testing.T, f F, g engine.Rules[int], workers int, mode string, opt engine.Options) (*engine.Result[int, T], error) {
	t.Helper()
	leanFrom, streamFrom := engine.NoLean, 1<<30
	switch mode {
	case "lean":
		leanFrom = 0
	case "found":
		streamFrom = 1
	}
	// Handed out from the 16th component on.
	opt = engine.Tuned(opt, engine.LeanFrom(leanFrom), engine.ProbeComponents(16), engine.StreamFrom(streamFrom))
	opt.Workers = workers
	res, err := engine.Solve[int, T](context.Background(), f, g, opt)
	if err == nil && engine.Lean(res) != (mode == "lean") {
		t.Fatalf("%s: solved without a graph: %v", mode, engine.Lean(res))
	}
	return res, err
}

// Components solved while Tarjan's algorithm still finds them, on two
// workers, and components solved from a graph kept for none of them
// (lean, on one worker and on two), give every state the same values (to
// the last bit in float mode), rewards and choices as one worker solving
// them in order after the decomposition of a stored graph, and as two
// workers sharing out components found first; the runs on two workers
// are counted as shared out. Run with -race, this also checks that the
// workers read only what the decomposition has finished.
func TestFoundWhileSolving(t *testing.T) {
	t.Parallel()
	for seed := range 6 {
		players := 1 + seed%2
		g := blockGame(rand.New(rand.NewPCG(uint64(seed), 21)), players, 3000)
		serial, err := solveWith[float64](t, numeric.Float{}, g, 1, "stored", engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, run := range []struct {
			mode    string
			workers int
		}{{"stored", 2}, {"found", 2}, {"lean", 1}, {"lean", 2}} {
			par, err := solveWith[float64](t, numeric.Float{}, g, run.workers, run.mode, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			what := fmt.Sprintf("seed %d, %s on %d workers", seed, run.mode, run.workers)
			if shared := engine.Shared(par); shared != (run.workers > 1) {
				t.Errorf("%s: shared out %v", what, shared)
			}
			sameResults(t, what, 1000, serial, par, func(a, b float64) bool { return a == b })
		}
		if seed < 2 {
			small := blockGame(rand.New(rand.NewPCG(uint64(seed), 22)), players, 400)
			ex1, err := solveWith[*big.Rat](t, numeric.Exact{}, small, 1, "stored", engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, mode := range []string{"found", "lean"} {
				ex2, err := solveWith[*big.Rat](t, numeric.Exact{}, small, 2, mode, engine.Options{})
				if err != nil {
					t.Fatal(err)
				}
				sameResults(t, fmt.Sprintf("seed %d, exact, %s", seed, mode), 200, ex1, ex2, func(a, b *big.Rat) bool { return a.Cmp(b) == 0 })
			}
		}
	}
}

// sameResults compares two solves of one game, of at least minComps
// components, state by state.
func sameResults[T any](t *testing.T, what string, minComps int, a, b *engine.Result[int, T], eq func(x, y T) bool) {
	t.Helper()
	if a.States != b.States || a.Components != b.Components || fmt.Sprint(a.Methods) != fmt.Sprint(b.Methods) || a.EndComponents != b.EndComponents {
		t.Fatalf("%s: %d states, %d components %v, %d end components; want %d, %d %v, %d", what, b.States, b.Components, b.Methods, b.EndComponents, a.States, a.Components, a.Methods, a.EndComponents)
	}
	if a.Components < minComps {
		t.Fatalf("%s: only %d components", what, a.Components)
	}
	for i := range a.States {
		s := a.State(i)
		va, vb := a.Value(s), b.Value(s)
		for p := range va {
			if !eq(va[p], vb[p]) {
				t.Fatalf("%s: state %d, player %d: %v, want %v", what, s, p, vb[p], va[p])
			}
		}
		ra, fa, _ := a.Reward(s)
		rb, fb, _ := b.Reward(s)
		if fa != fb || fa && !eq(ra, rb) {
			t.Fatalf("%s: state %d: reward %v (finite %v), want %v (%v)", what, s, rb, fb, ra, fa)
		}
		ca, _, _ := a.Choice(s)
		cb, _, _ := b.Choice(s)
		if ca != cb {
			t.Fatalf("%s: state %d: action %d, want %d", what, s, cb, ca)
		}
	}
}

// Where the first components found are single states, solveFound and
// solveLean leave them to one worker, as solveAll does: a chain of 3,000
// chance states is not shared out, and its values are exact.
func TestFoundSingletonsAlone(t *testing.T) {
	t.Parallel()
	g := &game{players: 1}
	const n = 3000
	for s := range n {
		g.addMover(nil, engine.Chance)
		next := s + 1
		g.acts = append(g.acts, [][]engine.Outcome[int]{{{P: big.NewRat(1, 2), To: next}, {P: big.NewRat(1, 2), To: n + 1}}})
	}
	g.addConstantSum(big.NewRat(1, 1)) // n: the end
	g.addConstantSum(new(big.Rat))     // n+1: lost
	for _, mode := range []string{"found", "lean"} {
		res, err := solveWith[*big.Rat](t, numeric.Exact{}, g, 2, mode, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if engine.Shared(res) {
			t.Errorf("%s: a chain of single states was shared out", mode)
		}
		want := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), n))
		if got := res.Value(0)[0]; got.Cmp(want) != 0 {
			t.Errorf("%s: value %s, want 2^-%d", mode, got.RatString(), n)
		}
	}
}

// A run whose components are solved as they are found stops at the first
// error, whether a worker fails (strategy iteration allowed one round) or
// the context is cancelled (here from the progress report), and returns
// that error with every worker ended. (Strategy iteration starts from the
// last action of each state, not from value iteration's policy, so that
// one round does not suffice.)
func TestFoundStops(t *testing.T) {
	// Not parallel: it counts the process's goroutines, and runs
	// before the parallel tests resume.
	g := blockGame(rand.New(rand.NewPCG(7, 21)), 1, 3000)
	before := runtime.NumGoroutine()
	// "lean, waiting": the decomposition waits for the workers after
	// every component, and must stop waiting when they stop.
	for _, mode := range []string{"found", "lean", "lean, waiting"} {
		hold := engine.LeanHold(1 << 15)
		if mode == "lean, waiting" {
			hold, mode = engine.LeanHold(1), "lean"
		}
		_, err := solveWith[*big.Rat](t, numeric.Exact{}, g, 2, mode, engine.Tuned(engine.Options{MaxRounds: 1}, hold, engine.SeedLast(true)))
		if err == nil || !strings.Contains(err.Error(), "did not settle in 1 rounds") {
			t.Errorf("%s, one round: %v, want strategy iteration's error", mode, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		from := engine.NoLean
		if mode == "lean" {
			from = 0
		}
		opt := engine.Tuned(engine.Options{}, hold, engine.SeedLast(true), engine.LeanFrom(from), engine.StreamFrom(1), engine.ProbeComponents(16))
		opt.Workers = 2
		reports := 0
		opt.Progress = func(done, total int64) {
			reports++
			cancel()
		}
		_, err = engine.Solve[int, float64](ctx, numeric.Float{}, g, opt)
		cancel()
		if !errors.Is(err, context.Canceled) || reports == 0 {
			t.Errorf("%s: cancelled after %d reports: %v, want context.Canceled", mode, reports, err)
		}
	}
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("%d goroutines after the runs, %d before", after, before)
	}
}

// manyRats is a walk of n chance states, each with rationals of its own:
// from state i play wins (payoff 1) with probability 1/(i+2), collecting
// i/(i+3), or goes on to state i+1 collecting 1/(i+5); past state n-1 it
// loses. Its hundreds of distinct rationals make the explorer widen its
// probability and reward columns from a byte an outcome to four, part way
// (SizeHint sizes them first).
type manyRats struct{ n int }

const (
	manyWin  = -1
	manyLose = -2
)

func (m manyRats) Players() int { return 1 }
func (m manyRats) Start() int   { return 0 }
func (m manyRats) SizeHint() (states, actions, outcomes int) {
	return m.n + 2, m.n, 2 * m.n
}
func (m manyRats) Expand(s int, n *engine.Node[int]) error {
	switch {
	case s == manyWin:
		n.Terminal(big.NewRat(1, 1))
	case s == manyLose:
		n.Terminal(new(big.Rat))
	default:
		next := s + 1
		if next == m.n {
			next = manyLose
		}
		i := int64(s)
		n.Chance(
			engine.Outcome[int]{P: big.NewRat(1, i+2), To: manyWin, Reward: big.NewRat(i, i+3)},
			engine.Outcome[int]{P: big.NewRat(i+1, i+2), To: next, Reward: big.NewRat(1, i+5)},
		)
	}
	return nil
}

// The walk's value and expected reward from every state, exact and in
// float64, against the recursion written out here.
func TestManyRationals(t *testing.T) {
	t.Parallel()
	m := manyRats{600}
	value, reward := make([]*big.Rat, m.n+1), make([]*big.Rat, m.n+1)
	value[m.n], reward[m.n] = new(big.Rat), new(big.Rat)
	for i := m.n - 1; i >= 0; i-- {
		x := int64(i)
		win, on := big.NewRat(1, x+2), big.NewRat(x+1, x+2)
		value[i] = new(big.Rat).Add(win, new(big.Rat).Mul(on, value[i+1]))
		r := new(big.Rat).Mul(win, big.NewRat(x, x+3))
		r.Add(r, new(big.Rat).Mul(on, new(big.Rat).Add(big.NewRat(1, x+5), reward[i+1])))
		reward[i] = r
	}
	ex, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, m, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	fl, err := engine.Solve[int, float64](context.Background(), numeric.Float{}, m, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.n {
		r, _, _ := ex.Reward(i)
		if ex.Value(i)[0].Cmp(value[i]) != 0 || r.Cmp(reward[i]) != 0 {
			t.Fatalf("state %d: exact %s and %s, want %s and %s", i, ex.Value(i)[0].RatString(), r.RatString(), value[i].RatString(), reward[i].RatString())
		}
		v, _ := value[i].Float64()
		w, _ := reward[i].Float64()
		rf, _, _ := fl.Reward(i)
		if math.Abs(fl.Value(i)[0]-v) > 1e-12 || math.Abs(rf-w) > 1e-12*math.Max(1, w) {
			t.Fatalf("state %d: float %v and %v, want %v and %v", i, fl.Value(i)[0], rf, v, w)
		}
	}
}

// manyNames is a walk of n states of one player, each with two actions of
// names of its own ("a7", "b7"): a ends play with payoff 0, b goes on (at
// the last state, to a payoff of 1); at odd states their order is b, a.
// Its hundreds of names make the explorer widen the actions' name column
// from a byte an action to four, part way.
type manyNames struct{ n int }

func (m manyNames) Players() int { return 1 }
func (m manyNames) Start() int   { return 0 }
func (m manyNames) Expand(s int, n *engine.Node[int]) error {
	switch s {
	case -1:
		n.Terminal(new(big.Rat))
		return nil
	case m.n:
		n.Terminal(big.NewRat(1, 1))
		return nil
	}
	n.Decide(0)
	stop := func() { n.Action(fmt.Sprintf("a%d", s), engine.Outcome[int]{P: big.NewRat(1, 1), To: -1}) }
	next := func() { n.Action(fmt.Sprintf("b%d", s), engine.Outcome[int]{P: big.NewRat(1, 1), To: s + 1}) }
	if s%2 == 0 {
		stop()
		next()
	} else {
		next()
		stop()
	}
	return nil
}

// Every state of the walk chooses its action named b, listed first or
// second, and the value is 1.
func TestManyActionNames(t *testing.T) {
	t.Parallel()
	m := manyNames{400}
	res, err := engine.Solve[int, float64](context.Background(), numeric.Float{}, m, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for s := range m.n {
		a, name, ok := res.Choice(s)
		if want := fmt.Sprintf("b%d", s); !ok || name != want || a != 1-s%2 {
			t.Fatalf("state %d: action %d %q, want %d %q", s, a, name, 1-s%2, want)
		}
		if v := res.Value(s)[0]; v != 1 {
			t.Fatalf("state %d: value %v, want 1", s, v)
		}
	}
}

// Components solved inline as they are found (a chain of single states)
// stop soon after the context does: the finding goroutine looks at it
// only every 65,536 states, and the memory guard every 2,048 such
// components, so inline solving looks every 256. Cancelled at the first
// progress report of the solving (component 0), the run stops before
// component 1,024, the next report.
func TestFoundInlineStops(t *testing.T) {
	t.Parallel()
	g := &game{players: 1}
	const n = 20000
	for s := range n {
		g.addMover(nil, engine.Chance)
		g.acts = append(g.acts, [][]engine.Outcome[int]{{{P: big.NewRat(1, 2), To: s + 1}, {P: big.NewRat(1, 2), To: n + 1}}})
	}
	g.addConstantSum(big.NewRat(1, 1))
	g.addConstantSum(new(big.Rat))
	for _, lean := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		after := -1 // reports after the cancellation
		var opt engine.Options
		opt.Progress = func(done, total int64) {
			if total > 0 { // solving, not exploring
				after++
				cancel()
			}
		}
		leanFrom, streamFrom := engine.NoLean, 1
		if lean {
			leanFrom, streamFrom = 0, 1<<30
		}
		opt = engine.Tuned(opt, engine.LeanFrom(leanFrom), engine.StreamFrom(streamFrom))
		opt.Workers = 2
		_, err := engine.Solve[int](ctx, numeric.Exact{}, engine.Rules[int](g), opt)
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("lean %v: %v, want context.Canceled", lean, err)
		}
		if after > 0 {
			t.Errorf("lean %v: %d progress reports after the cancellation", lean, after)
		}
	}
}
