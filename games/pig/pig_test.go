package pig

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// peerValue is plain value iteration over all states, the method of Neller
// and Presser (and of the C peer), from the mover's point of view.
func peerValue(G int) float64 {
	P := peerTable(G)
	return P[0]
}

// peerTable is the whole table: P[(i*G+j)*G+k].
func peerTable(G int) []float64 {
	P := make([]float64, G*G*G)
	at := func(i, j, k int) *float64 { return &P[(i*G+j)*G+k] }
	for {
		delta := 0.0
		for i := G - 1; i >= 0; i-- {
			for j := G - 1; j >= 0; j-- {
				for k := G - 1 - i; k >= 0; k-- {
					hold := 0.0
					if k > 0 {
						hold = 1 - *at(j, i+k, 0)
					}
					roll := (1 - *at(j, i, 0)) / 6
					for r := 2; r <= 6; r++ {
						if i+k+r >= G {
							roll += 1.0 / 6
						} else {
							roll += *at(i, j, k+r) / 6
						}
					}
					v := math.Max(hold, roll)
					delta = math.Max(delta, math.Abs(v-*at(i, j, k)))
					*at(i, j, k) = v
				}
			}
		}
		if delta < 1e-15 {
			return P
		}
	}
}

func TestAgainstValueIteration(t *testing.T) {
	for _, G := range []int{1, 2, 5, 10, 25} {
		r, err := Solve[float64](context.Background(), numeric.Float{}, G, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if want := peerValue(G); math.Abs(r.Win-want) > 1e-10 {
			t.Errorf("target %d: %v, value iteration %v", G, r.Win, want)
		}
	}
}

// The published checkpoint: about 0.5306 for target 100.
func TestNellerPresser(t *testing.T) {
	if testing.Short() {
		t.Skip("target 100 takes a second")
	}
	r, err := Solve[float64](context.Background(), numeric.Float{}, 100, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(r.Win-0.5306) > 5e-5 {
		t.Errorf("target 100: %v, want about 0.5306", r.Win)
	}
	if want := peerValue(100); math.Abs(r.Win-want) > 1e-9 {
		t.Errorf("target 100: %v, value iteration %v", r.Win, want)
	}
	// Neller and Presser: at the start, hold at 25 or more... the
	// well-known opening holds at a turn total in the low twenties.
	if k := r.HoldAt(0, 0); k < 20 || k > 26 {
		t.Errorf("hold threshold at 0-0 is %d", k)
	}
}

func TestExactAgreesWithFloat(t *testing.T) {
	for _, G := range []int{2, 6, 12} {
		fl, err := Solve[float64](context.Background(), numeric.Float{}, G, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ex, err := Solve(context.Background(), numeric.Exact{}, G, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if x, _ := ex.Win.Float64(); math.Abs(x-fl.Win) > 1e-12 {
			t.Errorf("target %d: exact %v float %v", G, ex.Win, fl.Win)
		}
		if x, _ := ex.Rolls.Float64(); math.Abs(x-fl.Rolls) > 1e-9*x {
			t.Errorf("target %d: expected rolls exact %v float %v", G, ex.Rolls, fl.Rolls)
		}
		for m := range G {
			for y := range G {
				if a, b := ex.HoldAt(m, y), fl.HoldAt(m, y); a != b {
					t.Errorf("target %d at %d-%d: exact holds at %d, float %d", G, m, y, a, b)
				}
			}
		}
	}
	// Target 2 by hand: the first player wins unless the first roll is a
	// 1, and then wins when the second player rolls a 1 first:
	// W = 5/6 + 1/6 (1/6 W), so W = 30/35 = 6/7.
	ex, _ := Solve(context.Background(), numeric.Exact{}, 2, engine.Options{})
	if ex.Win.Cmp(big.NewRat(6, 7)) != 0 {
		t.Errorf("target 2: %v, want 6/7", ex.Win)
	}
}

// Monte Carlo: playing the solved policies, the first player's win rate
// lies within a 99.9% confidence interval of the solved value, and the
// mean number of rolls near the expected one.
func TestSimulation(t *testing.T) {
	r, err := Solve[float64](context.Background(), numeric.Float{}, 30, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 11))
	const n = 40000
	wins, rolls := 0.0, 0.0
	for range n {
		p := r.Engine.Simulate(rng, 1_000_000)
		if !p.Ended {
			t.Fatal("a game did not end")
		}
		wins += p.Payoff[0]
		rolls += p.Reward
	}
	mean := wins / n
	half := 3.29 * math.Sqrt(r.Win*(1-r.Win)/n)
	if math.Abs(mean-r.Win) > half {
		t.Errorf("simulated win rate %v, solved %v ± %v", mean, r.Win, half)
	}
	if m := rolls / n; math.Abs(m-r.Rolls) > 0.05*r.Rolls {
		t.Errorf("simulated rolls %v, expected %v", m, r.Rolls)
	}
}

func TestRefusals(t *testing.T) {
	for _, G := range []int{0, -1, MaxTarget + 1} {
		if _, err := Solve[float64](context.Background(), numeric.Float{}, G, engine.Options{}); !errors.Is(err, solver.ErrInvalid) {
			t.Errorf("target %d: %v", G, err)
		}
	}
	if _, err := Solve(context.Background(), numeric.Exact{}, 100, engine.Options{}); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("exact 100: %v", err)
	}
	if err := Estimate(1000, false).CheckWithin(8 << 30); !errors.Is(err, budget.ErrTooLarge) {
		t.Errorf("float 1000 in 8 GiB: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve[float64](ctx, numeric.Float{}, 50, engine.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// peerChoice returns the mover's value of holding and of rolling with
// scores (i, j) and turn total k, read off peerTable's values P.
func peerChoice(P []float64, G, i, j, k int) (hold, roll float64) {
	at := func(i, j, k int) float64 { return P[(i*G+j)*G+k] }
	hold = 1 - at(j, i+k, 0)
	roll = (1 - at(j, i, 0)) / 6
	for f := 2; f <= 6; f++ {
		if i+k+f >= G {
			roll += 1.0 / 6
		} else {
			roll += at(i, j, k+f) / 6
		}
	}
	return hold, roll
}

// The hold policy against the one read off independent value iteration,
// wherever holding and rolling differ by more than rounding.
func TestPolicyAgainstValueIteration(t *testing.T) {
	for _, G := range []int{10, 30, 60} {
		P := peerTable(G)
		r, err := Solve[float64](context.Background(), numeric.Float{}, G, engine.Options{Options: solver.Options{Policy: true}})
		if err != nil {
			t.Fatal(err)
		}
		holds, checked := 0, 0
		for i := range G {
			for j := range G {
				for k := 2; i+k < G; k++ {
					hold, roll := peerChoice(P, G, i, j, k)
					if math.Abs(hold-roll) < 1e-9 {
						continue
					}
					s := State{Score: [2]int16{int16(i), int16(j)}, Total: int16(k)}
					_, name, ok := r.Engine.Choice(s)
					if !ok {
						t.Fatalf("target %d: state %v not solved", G, s)
					}
					checked++
					if (name == Hold) != (hold > roll) {
						t.Errorf("target %d at %d-%d, total %d: chooses %s; hold %v, roll %v", G, i, j, k, name, hold, roll)
					}
					if name == Hold {
						holds++
					}
				}
			}
		}
		t.Logf("target %d: %d decisions checked, %d holds", G, checked, holds)
		if G >= 60 && holds == 0 {
			t.Errorf("target %d: never holds", G)
		}
	}
}

// plainRules hides the Indexer, so the engine uses its hash map.
type plainRules struct{ r *Rules }

func (p plainRules) Players() int                                { return p.r.Players() }
func (p plainRules) Start() State                                { return p.r.Start() }
func (p plainRules) Expand(s State, n *engine.Node[State]) error { return p.r.Expand(s, n) }

// The rules' own dense numbering (engine.Indexer) changes nothing but speed.
func TestIndexerChangesNothing(t *testing.T) {
	rules, _ := New(20)
	a, err := engine.Solve[State, float64](context.Background(), numeric.Float{}, rules, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.Solve[State, float64](context.Background(), numeric.Float{}, plainRules{rules}, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.States != b.States || a.Components != b.Components {
		t.Fatalf("states %d/%d, components %d/%d", a.States, b.States, a.Components, b.Components)
	}
	for i := range a.States {
		s := a.State(i)
		if b.State(i) != s || a.Value(s)[0] != b.Value(s)[0] {
			t.Fatalf("state %v: %v vs %v", s, a.Value(s), b.Value(s))
		}
		x, _, _ := a.Choice(s)
		y, _, _ := b.Choice(s)
		if x != y {
			t.Fatalf("state %v: choice %d vs %d", s, x, y)
		}
	}
	if _, ok := rules.Index(State{Score: [2]int16{20, 0}}); ok {
		t.Error("Index accepted a score at the target")
	}
}

// count is the actions and outcomes of an explored game.
func count[S comparable](G *engine.Graph[S]) (acts, outs int) {
	var o []engine.Outcome[int]
	for i := range G.States() {
		for a := range G.Actions(i) {
			_, o = G.Action(i, a, o)
			acts++
			outs += len(o)
		}
	}
	return acts, outs
}

// The size hints (engine.Sizer) count what exploration finds, for two
// players and for three.
func TestSizeHints(t *testing.T) {
	for _, target := range []int{2, 3, 10, 40} {
		r, err := New(target)
		if err != nil {
			t.Fatal(err)
		}
		checkSizeHint(t, fmt.Sprintf("target %d", target), r)
	}
	m, err := NewMany(3, 12)
	if err != nil {
		t.Fatal(err)
	}
	checkSizeHint(t, "3 players to 12", m)
}

// checkSizeHint explores rules and compares their size hint with what it
// found.
func checkSizeHint[S comparable](t *testing.T, name string, rules interface {
	engine.Rules[S]
	engine.Sizer
}) {
	t.Helper()
	G, err := engine.Explore(context.Background(), rules, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	acts, outs := count(G)
	if hs, ha, ho := rules.SizeHint(); hs != G.States() || ha != acts || ho != outs {
		t.Errorf("%s: explored %d states, %d actions, %d outcomes; hinted %d, %d, %d", name, G.States(), acts, outs, hs, ha, ho)
	}
}
