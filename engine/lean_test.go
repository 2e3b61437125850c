package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// With room for one outcome of pieces waiting, the decomposition waits for
// the workers after every component, the 16 held back to probe included,
// and the results are still a stored graph's, bit for bit. (An earlier
// version waited after each of the 16 it let go, for pieces only it could
// let go, and hung.)
func TestLeanHold(t *testing.T) {
	t.Parallel()
	for seed := range 3 {
		g := blockGame(rand.New(rand.NewPCG(uint64(seed), 23)), 1+seed%2, 2000)
		stored, lean := storedAndLean(t, g, engine.Tuned(engine.Options{}, engine.LeanHold(1)))
		sameResults(t, fmt.Sprintf("seed %d", seed), 500, stored, lean, func(a, b float64) bool { return a == b })
	}
}

// storedAndLean solves g in float mode on two workers, with its graph
// stored and without.
func storedAndLean(t *testing.T, g engine.Rules[int], opt engine.Options) (stored, lean *engine.Result[int, float64]) {
	t.Helper()
	stored, err := solveWith[float64](t, numeric.Float{}, g, 2, "stored", opt)
	if err != nil {
		t.Fatal(err)
	}
	lean, err = solveWith[float64](t, numeric.Float{}, g, 2, "lean", opt)
	if err != nil {
		t.Fatal(err)
	}
	return stored, lean
}

// fickle is a block game whose rules change their mind: from the change'th
// expansion on, state 5 is described otherwise (how), so that Solve's
// second look at it, as its components are found, differs from the first.
type fickle struct {
	*game
	how          string
	change, seen int
}

func (f *fickle) Expand(s int, n *engine.Node[int]) error {
	if s != 5 {
		return f.game.Expand(s, n)
	}
	f.seen++
	if f.seen < f.change {
		return f.game.Expand(s, n)
	}
	half := big.NewRat(1, 2)
	if f.how == "owner" {
		n.Terminal(new(big.Rat))
		return nil
	}
	// As the first time, player 0 with one action named "0", but:
	n.Decide(0)
	switch f.how {
	case "target":
		n.Action("0", engine.Outcome[int]{P: big.NewRat(1, 1), To: -7})
	case "rational":
		n.Action("0", engine.Outcome[int]{P: big.NewRat(1, 7), To: 0}, engine.Outcome[int]{P: big.NewRat(6, 7), To: 1})
	case "name":
		n.Action("never seen", engine.Outcome[int]{P: big.NewRat(1, 1), To: 0})
	case "sum":
		n.Action("0", engine.Outcome[int]{P: half, To: 0}, engine.Outcome[int]{P: half, To: 1}, engine.Outcome[int]{P: half, To: 2})
	case "panic":
		panic("second look")
	}
	return nil
}

// Rules that describe a state differently the second time are refused in
// one error that names the state, never solved as whichever description
// came last; and no goroutine is left.
func TestLeanChanged(t *testing.T) {
	// Not parallel: it counts the process's goroutines, and runs
	// before the parallel tests resume.
	before := runtime.NumGoroutine()
	for _, c := range []struct{ how, want string }{
		{"target", "not found in exploration"},
		{"owner", "described differently"},
		{"rational", "a new rational 1/7"},
		{"name", `a new action name`},
		{"sum", "sum to 3/2"},
		{"panic", "the rules panicked: second look"},
	} {
		g := blockGame(rand.New(rand.NewPCG(1, 24)), 1, 300)
		g.owner[5] = 0
		g.acts[5] = [][]engine.Outcome[int]{{{P: big.NewRat(1, 1), To: 6}}}
		for _, workers := range []int{1, 2} {
			f := &fickle{game: g, how: c.how, change: 2}
			_, err := solveWith[float64](t, numeric.Float{}, f, workers, "lean", engine.Options{})
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "state 5") {
				t.Errorf("%s, %d workers: %v, want an error naming state 5 with %q", c.how, workers, err, c.want)
			}
			if c.how != "sum" && c.how != "panic" && !errors.Is(err, engine.ErrChanged) {
				t.Errorf("%s: %v does not wrap ErrChanged", c.how, err)
			}
		}
	}
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("%d goroutines after the runs, %d before", after, before)
	}
}

// Simulate replays a lean result's policy by expanding states again: with
// probabilities of 1/2 and 1/4, whose float64 sums are exact, it draws the
// same plays from the same random numbers as a stored graph's result, and
// Choice names the same actions.
func TestLeanSimulate(t *testing.T) {
	t.Parallel()
	g := &game{players: 1}
	const n = 50
	quarter, half := big.NewRat(1, 4), big.NewRat(1, 2)
	for s := range n {
		g.owner, g.pay = append(g.owner, 0), append(g.pay, nil)
		g.acts = append(g.acts, [][]engine.Outcome[int]{
			{{P: half, To: (s + 1) % n, Reward: big.NewRat(1, 1)}, {P: half, To: n}},
			{{P: quarter, To: (s + 2) % n}, {P: quarter, To: n + 1, Reward: big.NewRat(3, 1)}, {P: half, To: n}},
		})
	}
	g.addTerminal(new(big.Rat))
	g.addTerminal(big.NewRat(1, 1))
	stored, lean := storedAndLean(t, g, engine.Options{})
	for s := range n {
		a1, n1, _ := stored.Choice(s)
		a2, n2, _ := lean.Choice(s)
		if a1 != a2 || n1 != n2 {
			t.Fatalf("state %d: lean chose %d %q, stored %d %q", s, a2, n2, a1, n1)
		}
	}
	r1, r2 := rand.New(rand.NewPCG(3, 4)), rand.New(rand.NewPCG(3, 4))
	wins := 0
	for range 2000 {
		p1, p2 := stored.Simulate(r1, 1000), lean.Simulate(r2, 1000)
		if fmt.Sprint(p1) != fmt.Sprint(p2) {
			t.Fatalf("lean play %+v, stored %+v", p2, p1)
		}
		wins += int(p1.Payoff[0])
	}
	if wins == 0 {
		t.Error("no play won: the check saw nothing")
	}
}

// canceller cancels its context when state at is expanded the second time
// (as Solve's decomposition looks at it again).
type canceller struct {
	*game
	at     int
	seen   int
	cancel context.CancelFunc
}

func (c *canceller) Expand(s int, n *engine.Node[int]) error {
	if s == c.at {
		if c.seen++; c.seen == 2 {
			c.cancel()
		}
	}
	return c.game.Expand(s, n)
}

// A deadline or cancel that comes while the decomposition waits for the
// workers (room for one outcome of pieces waiting) ends the solve with the
// context's error: the workers stop without taking the pieces left, and
// the decomposition stops waiting for them.
func TestLeanCancelWhileWaiting(t *testing.T) {
	t.Parallel()
	g := blockGame(rand.New(rand.NewPCG(5, 25)), 1, 3000)
	for at := 100; at < 8000; at += 397 {
		ctx, cancel := context.WithCancel(context.Background())
		opt := engine.Tuned(engine.Options{}, engine.LeanHold(1), engine.LeanFrom(0))
		opt.Workers = 2
		_, err := engine.Solve[int, float64](ctx, numeric.Float{}, &canceller{game: g, at: at % len(g.owner), cancel: cancel}, opt)
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled at state %d: %v, want context.Canceled", at, err)
		}
	}
}

// chainRules is a walk of n chance states, each going on or ending play
// with probability 1/2: n components of one state each.
type chainRules struct{ n int }

func (c chainRules) Players() int { return 1 }
func (c chainRules) Start() int   { return 0 }
func (c chainRules) Expand(s int, n *engine.Node[int]) error {
	switch {
	case s < 0:
		n.Terminal(big.NewRat(int64(-s-1), 1))
	default:
		next := s + 1
		if next == c.n {
			next = -2
		}
		n.Chance(engine.Outcome[int]{P: chainHalf, To: next}, engine.Outcome[int]{P: chainHalf, To: -1})
	}
	return nil
}

var chainHalf = big.NewRat(1, 2)

// Index and IndexLimit number the states (an Indexer: Solve keeps no
// graph).

func (c chainRules) Index(s int) (int, bool) { return s + 2, s >= -2 && s < c.n }
func (c chainRules) IndexLimit() int         { return c.n + 2 }

// BenchmarkSolveChain solves a walk of 200,000 single-state components,
// with the graph stored and without (solved inline as found).
func BenchmarkSolveChain(b *testing.B) {
	for _, lean := range []bool{false, true} {
		b.Run(fmt.Sprint("lean=", lean), func(b *testing.B) {
			from := engine.NoLean
			if lean {
				from = 0
			}
			opt := engine.Tuned(engine.Options{}, engine.LeanFrom(from))
			opt.Workers = 2
			for b.Loop() {
				if _, err := engine.Solve[int, float64](context.Background(), numeric.Float{}, chainRules{200_000}, opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// reversed is a game whose tie rule prefers the action listed last.
type reversed struct{ *game }

func (r reversed) TieRank(s, action int) int { return -action }

// Rules with their own tie rule: each piece takes its states' ranks, and
// the choices and values are a stored graph's.
func TestLeanTieBreaker(t *testing.T) {
	t.Parallel()
	for seed := range 2 {
		g := reversed{blockGame(rand.New(rand.NewPCG(uint64(seed), 26)), 1+seed, 1500)}
		stored, lean := storedAndLean(t, g, engine.Options{})
		sameResults(t, fmt.Sprintf("seed %d", seed), 300, stored, lean, func(a, b float64) bool { return a == b })
	}
}
