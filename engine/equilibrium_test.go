package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/model"
	"github.com/gamesolve/gamesolve/numeric"
)

// The truel of docs/examples/truel.json: A hits with 1/3, B with 2/3, C
// always, shooting in the order A, B, C, each at an opponent or into the
// air. By hand (Kilgour's analysis of the sequential truel):
//
//   - duels, the first named to shoot: A–C: A wins 1/3 (a miss and C
//     kills A). A–B: a = 1/3 + (2/3)(1/3)a, so A wins 3/7, B 4/7. B–A: B
//     wins 2/3 + (1/3)(4/7) = 6/7.
//   - with all three alive B and C aim at each other (each is the other's
//     most dangerous opponent): B hits C with 2/3, leaving A–B with A to
//     shoot; on a miss C kills B, leaving A–C with A to shoot.
//   - A fires into the air: its value is then that of B's turn, 2/3·3/7 +
//     1/3·1/3 = 25/63, against 1/3·1/7 + 2/3·25/63 = 59/189 for aiming at C
//     (a hit leaves B to shoot first) and 2/3·25/63 for aiming at B (a hit
//     leaves C, who kills A).
//   - B survives with 2/3·4/7 = 8/21, C with 1/3·2/3 = 2/9.
//   - shots: from A's turn 1 + (1 + 2/3·15/7 + 1/3·(1 + 5/3)) = 272/63,
//     with 15/7 shots in the duel A–B and 5/3 in A–C.
//
// Every shooter may keep play going forever by firing into the air, so no
// reduction to one objective applies: the engine finds the equilibrium.
func TestTruel(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("../docs/examples/truel.json")
	if err != nil {
		t.Fatal(err)
	}
	m := parse(t, string(data))
	fl, ex := solveBoth(t, m)
	start := m.Start()
	for p, want := range []string{"25/63", "8/21", "2/9"} {
		ratEq(t, fmt.Sprintf("player %d", p), ex.Value(start)[p], want)
	}
	r, finite, _ := ex.Reward(start)
	if !finite {
		t.Fatal("infinite reward")
	}
	ratEq(t, "shots", r, "272/63")
	for id, want := range map[string]string{"ABC:A": "air", "ABC:B": "at C", "ABC:C": "at B", "AB:A": "at B", "AC:C": "at A"} {
		s := lookup(m, id)
		for _, res := range []interface {
			Choice(int32) (int, string, bool)
		}{fl, ex} {
			if _, name, _ := res.Choice(s); name != want {
				t.Errorf("%s chooses %q, want %q", id, name, want)
			}
		}
	}
	if ex.Equilibria == 0 || ex.Methods[engine.Equilibrium] != ex.Equilibria || fl.Equilibria != ex.Equilibria {
		t.Errorf("equilibria: exact %d (methods %v), float %d", ex.Equilibria, ex.Methods, fl.Equilibria)
	}
	checkEquilibrium(t, "truel", modelGame(m), choices(ex, modelGame(m)))
}

// A duel in which both may fire into the air: A hits with 1/3 and shoots
// first, B hits with 2/3. Firing into the air only gives the other a free
// shot, so both fire: a = 1/3 + (2/3)(1/3)a, A wins 3/7 and B 4/7. Both can
// keep play going forever, so the two-player reduction gives way to the
// equilibrium method.
func TestDuelInTheAir(t *testing.T) {
	t.Parallel()
	m := parse(t, `{"players": 2, "start": "A", "states": [
		{"id": "A", "player": 0, "actions": [
			{"name": "air", "outcomes": [{"p": 1, "to": "B"}]},
			{"name": "fire", "outcomes": [{"p": "1/3", "to": "Awins"}, {"p": "2/3", "to": "B"}]}]},
		{"id": "B", "player": 1, "actions": [
			{"name": "air", "outcomes": [{"p": 1, "to": "A"}]},
			{"name": "fire", "outcomes": [{"p": "2/3", "to": "Bwins"}, {"p": "1/3", "to": "A"}]}]},
		{"id": "Awins", "payoff": [1, 0]},
		{"id": "Bwins", "payoff": [0, 1]}]}`)
	fl, ex := solveBoth(t, m)
	ratEq(t, "A", ex.Value(0)[0], "3/7")
	ratEq(t, "B", ex.Value(0)[1], "4/7")
	for _, s := range []int32{0, 1} {
		if _, name, _ := fl.Choice(s); name != "fire" {
			t.Errorf("state %d chooses %s", s, name)
		}
	}
	if ex.Equilibria != 1 {
		t.Errorf("equilibria %d, want 1", ex.Equilibria)
	}
}

// Constant-sum is judged where play leaves a component, not over every
// terminal: a far-away terminal paying (5, 7) must not stop the two-player
// reduction of a cycle whose exits pay (1, 0) or (0, 1). In the cycle, B
// goes on (a coin then gives B the win or returns to A) rather than give A
// the win, so A going on is worth 0 to A and A stops, for (2/3, 1/3). The
// start is a coin between the two: (5/2 + 1/3, 7/2 + 1/6) = (17/6, 11/3).
func TestLocalConstantSum(t *testing.T) {
	t.Parallel()
	m := parse(t, `{"players": 2, "start": "S", "states": [
		{"id": "S", "chance": [{"p": "1/2", "to": "F"}, {"p": "1/2", "to": "A"}]},
		{"id": "F", "payoff": [5, 7]},
		{"id": "A", "player": 0, "actions": [
			{"name": "go", "outcomes": [{"p": 1, "to": "B"}]},
			{"name": "stop", "outcomes": [{"p": "2/3", "to": "W0"}, {"p": "1/3", "to": "W1"}]}]},
		{"id": "B", "player": 1, "actions": [
			{"name": "stop", "outcomes": [{"p": 1, "to": "W0"}]},
			{"name": "go", "outcomes": [{"p": 1, "to": "C"}]}]},
		{"id": "C", "chance": [{"p": "1/2", "to": "A"}, {"p": "1/2", "to": "W1"}]},
		{"id": "W0", "payoff": [1, 0]},
		{"id": "W1", "payoff": [0, 1]}]}`)
	fl, ex := solveBoth(t, m)
	ratEq(t, "player 0", ex.Value(0)[0], "17/6")
	ratEq(t, "player 1", ex.Value(0)[1], "11/3")
	if ex.Equilibria != 0 || ex.Methods[engine.StrategyIteration] != 1 || fl.Methods[engine.ValueIteration] != 1 {
		t.Errorf("methods: exact %v, float %v; want the two-player reduction", ex.Methods, fl.Methods)
	}
}

// Three players, two of whom decide in the cycle of TestLocalConstantSum
// with payoffs adding up to 1 between them; player 2 is paid 3 or 7
// besides. The reduction applies to players 0 and 1: A stops, for (2/3,
// 1/3) and player 2 gets 2/3·3 + 1/3·7 = 13/3.
func TestTwoOfThreeDecide(t *testing.T) {
	t.Parallel()
	m := parse(t, `{"players": 3, "start": "A", "states": [
		{"id": "A", "player": 0, "actions": [
			{"name": "go", "outcomes": [{"p": 1, "to": "B"}]},
			{"name": "stop", "outcomes": [{"p": "2/3", "to": "W0"}, {"p": "1/3", "to": "W1"}]}]},
		{"id": "B", "player": 1, "actions": [
			{"name": "stop", "outcomes": [{"p": 1, "to": "W0"}]},
			{"name": "go", "outcomes": [{"p": 1, "to": "C"}]}]},
		{"id": "C", "chance": [{"p": "1/2", "to": "A"}, {"p": "1/2", "to": "W1"}]},
		{"id": "W0", "payoff": [1, 0, 3]},
		{"id": "W1", "payoff": [0, 1, 7]}]}`)
	_, ex := solveBoth(t, m)
	for p, want := range []string{"2/3", "1/3", "13/3"} {
		ratEq(t, fmt.Sprintf("player %d", p), ex.Value(0)[p], want)
	}
	if ex.Equilibria != 0 {
		t.Errorf("methods %v: want the two-player reduction", ex.Methods)
	}
}

// Two players who can both keep play going forever, which pays both 0.
func TestBothStall(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		want       map[int32][2]string
	}{{
		// Each may go on (to the other) or stop with a fair coin for the
		// win: stopping is worth 1/2 to the one who stops, going on at
		// most what the other leaves, and both stop.
		"coin", `{"players": 2, "start": "A", "states": [
			{"id": "A", "player": 0, "actions": [{"name": "on", "outcomes": [{"p": 1, "to": "B"}]}, {"name": "off", "outcomes": [{"p": 1, "to": "H"}]}]},
			{"id": "B", "player": 1, "actions": [{"name": "on", "outcomes": [{"p": 1, "to": "A"}]}, {"name": "off", "outcomes": [{"p": 1, "to": "H"}]}]},
			{"id": "H", "chance": [{"p": "1/2", "to": "E"}, {"p": "1/2", "to": "F"}]},
			{"id": "E", "payoff": [1, 0]},
			{"id": "F", "payoff": [0, 1]}]}`,
		map[int32][2]string{0: {"1/2", "1/2"}, 1: {"1/2", "1/2"}},
	}, {
		// Stopping gives the stopper the win: A stops at once; from B, B
		// stops (going on lets A stop).
		"win", `{"players": 2, "start": "A", "states": [
			{"id": "A", "player": 0, "actions": [{"name": "on", "outcomes": [{"p": 1, "to": "B"}]}, {"name": "off", "outcomes": [{"p": 1, "to": "E"}]}]},
			{"id": "B", "player": 1, "actions": [{"name": "on", "outcomes": [{"p": 1, "to": "A"}]}, {"name": "off", "outcomes": [{"p": 1, "to": "F"}]}]},
			{"id": "E", "payoff": [1, 0]},
			{"id": "F", "payoff": [0, 1]}]}`,
		map[int32][2]string{0: {"1", "0"}, 1: {"0", "1"}},
	}, {
		// Three players: A may pass to B or take E (1, 0, 0); B may pass to
		// C or take E; C may send play back to A with 1/2 or take F (0, 0,
		// 1). C takes F, worth 1 to C; B is paid 0 either way and passes
		// (listed first); A takes E.
		"three", `{"players": 3, "start": "A", "states": [
			{"id": "A", "player": 0, "actions": [{"name": "x", "outcomes": [{"p": 1, "to": "B"}]}, {"name": "y", "outcomes": [{"p": 1, "to": "E"}]}]},
			{"id": "B", "player": 1, "actions": [{"name": "x", "outcomes": [{"p": 1, "to": "C"}]}, {"name": "y", "outcomes": [{"p": 1, "to": "E"}]}]},
			{"id": "C", "player": 2, "actions": [{"name": "x", "outcomes": [{"p": "1/2", "to": "A"}, {"p": "1/2", "to": "E"}]}, {"name": "y", "outcomes": [{"p": 1, "to": "F"}]}]},
			{"id": "E", "payoff": [1, 0, 0]},
			{"id": "F", "payoff": [0, 0, 1]}]}`,
		map[int32][2]string{0: {"1", "0"}, 1: {"0", "0"}},
	}}
	for _, c := range cases {
		m := parse(t, c.text)
		_, ex := solveBoth(t, m)
		for s, want := range c.want {
			for p := range 2 {
				ratEq(t, fmt.Sprintf("%s: state %d player %d", c.name, s, p), ex.Value(s)[p], want[p])
			}
		}
		g := modelGame(m)
		checkEquilibrium(t, c.name, g, choices(ex, g))
	}
}

func lookup(m *model.Model, id string) int32 {
	for s := range m.NumStates() {
		if m.ID(int32(s)) == id {
			return int32(s)
		}
	}
	return -1
}

// game is a small game in plain slices, for the brute-force checks.
type game struct {
	players int
	owner   []int // player, engine.Chance or engine.Terminal
	acts    [][][]engine.Outcome[int]
	pay     [][]*big.Rat
}

// addTerminal appends a terminal state with these payoffs.
func (g *game) addTerminal(pay ...*big.Rat) {
	g.owner = append(g.owner, engine.Terminal)
	g.pay = append(g.pay, pay)
	g.acts = append(g.acts, nil)
}

// addConstantSum appends a terminal paying x to player 0 and, with two
// players, 1 - x to player 1.
func (g *game) addConstantSum(x *big.Rat) {
	pay := []*big.Rat{x}
	if g.players == 2 {
		pay = append(pay, new(big.Rat).Sub(big.NewRat(1, 1), x))
	}
	g.addTerminal(pay...)
}

// addMover appends a state of owner (a player, or engine.Chance) whose
// actions the caller appends next, and returns how many it gets: one for
// chance, one to three for a player.
func (g *game) addMover(rng *rand.Rand, owner int) int {
	g.owner = append(g.owner, owner)
	g.pay = append(g.pay, nil)
	if owner >= 0 {
		return 1 + rng.IntN(3)
	}
	return 1
}

func (g *game) Players() int { return g.players }

// Index and IndexLimit make the game an Indexer, which Solve may solve
// without keeping its graph (the tests' LeanFrom(0)).
func (g *game) Index(s int) (int, bool) { return s, s >= 0 && s < len(g.owner) }
func (g *game) IndexLimit() int         { return len(g.owner) }

func (g *game) Start() int { return 0 }
func (g *game) Expand(s int, n *engine.Node[int]) error {
	switch g.owner[s] {
	case engine.Terminal:
		n.Terminal(g.pay[s]...)
	case engine.Chance:
		n.Chance(g.acts[s][0]...)
	default:
		n.Decide(g.owner[s])
		for a, outs := range g.acts[s] {
			n.Action(fmt.Sprint(a), outs...)
		}
	}
	return nil
}

// Seeds makes every state reachable, so every state is checked.
func (g *game) Seeds() []int {
	s := make([]int, len(g.owner))
	for i := range s {
		s[i] = i
	}
	return s
}

// modelGame converts a parsed model (states numbered in file order).
func modelGame(m *model.Model) *game {
	n := m.NumStates()
	g := &game{players: m.Players(), owner: make([]int, n), acts: make([][][]engine.Outcome[int], n), pay: make([][]*big.Rat, n)}
	for s := range n {
		owner, pay, _, acts := m.State(int32(s))
		g.owner[s], g.pay[s] = owner, pay
		for _, outs := range acts {
			var o []engine.Outcome[int]
			for _, x := range outs {
				o = append(o, engine.Outcome[int]{P: x.P, To: int(x.To), Reward: x.Reward})
			}
			g.acts[s] = append(g.acts[s], o)
		}
	}
	return g
}

// choices returns the engine's action per state (0 where none).
func choices[T any](res *engine.Result[int32, T], g *game) []int {
	c := make([]int, len(g.owner))
	for s := range c {
		c[s], _, _ = res.Choice(int32(s))
	}
	return c
}

// evaluate returns every player's value under the profile: the values of
// the chain it induces, with endless play worth 0, by Gaussian elimination
// on the states from which play can end (the others are worth 0).
func (g *game) evaluate(choice []int) [][]float64 {
	n := len(g.owner)
	outs := func(s int) []engine.Outcome[int] {
		if g.owner[s] == engine.Terminal {
			return nil
		}
		if g.owner[s] == engine.Chance {
			return g.acts[s][0]
		}
		return g.acts[s][choice[s]]
	}
	ends := make([]bool, n)
	for s := range n {
		ends[s] = g.owner[s] == engine.Terminal
	}
	for changed := true; changed; {
		changed = false
		for s := range n {
			if ends[s] {
				continue
			}
			for _, o := range outs(s) {
				if ends[o.To] {
					ends[s], changed = true, true
					break
				}
			}
		}
	}
	vals := make([][]float64, n)
	for s := range vals {
		vals[s] = make([]float64, g.players)
	}
	var idx []int
	pos := make([]int, n)
	for s := range n {
		pos[s] = -1
		if ends[s] && g.owner[s] != engine.Terminal {
			pos[s] = len(idx)
			idx = append(idx, s)
		}
	}
	m := len(idx)
	// A x = b, one right-hand side per player.
	A := make([][]float64, m)
	for i, s := range idx {
		row := make([]float64, m+g.players)
		row[i] = 1
		for _, o := range outs(s) {
			p, _ := o.P.Float64()
			switch {
			case pos[o.To] >= 0:
				row[pos[o.To]] -= p
			case g.owner[o.To] == engine.Terminal:
				for j, x := range g.pay[o.To] {
					xf, _ := x.Float64()
					row[m+j] += p * xf
				}
			}
		}
		A[i] = row
	}
	for c := range m {
		piv := c
		for r := c + 1; r < m; r++ {
			if math.Abs(A[r][c]) > math.Abs(A[piv][c]) {
				piv = r
			}
		}
		A[c], A[piv] = A[piv], A[c]
		for r := range m {
			if r == c || A[r][c] == 0 {
				continue
			}
			f := A[r][c] / A[c][c]
			for k := c; k < m+g.players; k++ {
				A[r][k] -= f * A[c][k]
			}
		}
	}
	for i, s := range idx {
		for j := range g.players {
			vals[s][j] = A[i][m+j] / A[i][i]
		}
	}
	for s := range n {
		if g.owner[s] == engine.Terminal {
			for j, x := range g.pay[s] {
				vals[s][j], _ = x.Float64()
			}
		}
	}
	return vals
}

// checkEquilibrium checks a profile by brute force: for each player, every
// deterministic stationary policy of its own against the others' fixed
// actions is no better at any state (a best response among those exists in
// a finite game whose payoffs are not negative).
func checkEquilibrium(t *testing.T, what string, g *game, choice []int) {
	t.Helper()
	base := g.evaluate(choice)
	for p := range g.players {
		var mine []int
		for s, o := range g.owner {
			if o == p && len(g.acts[s]) > 1 {
				mine = append(mine, s)
			}
		}
		dev := append([]int(nil), choice...)
		var try func(i int) bool
		try = func(i int) bool {
			if i == len(mine) {
				v := g.evaluate(dev)
				for s := range v {
					if v[s][p] > base[s][p]+1e-9 {
						t.Errorf("%s: player %d gains %.3g at state %d by playing %v at its states %v", what, p, v[s][p]-base[s][p], s, dev, mine)
						return false
					}
				}
				return true
			}
			s := mine[i]
			for a := range g.acts[s] {
				dev[s] = a
				if !try(i + 1) {
					return false
				}
			}
			dev[s] = choice[s]
			return true
		}
		try(0)
	}
}

// newRandomGeneral is a random game of the given players with cycles and
// payoffs in [0, 1] for each player independently: no constant sum, and
// any player may keep play going.
func newRandomGeneral(rng *rand.Rand, players, n int) *game {
	g := &game{players: players}
	probs := []*big.Rat{big.NewRat(1, 2), big.NewRat(1, 3), big.NewRat(1, 4)}
	for s := range n {
		k := rng.IntN(10)
		if s == n-1 || (s > 0 && k < 2) {
			pay := make([]*big.Rat, players)
			for i := range pay {
				pay[i] = big.NewRat(int64(rng.IntN(5)), 4)
			}
			g.addTerminal(pay...)
			continue
		}
		owner := engine.Chance
		if k >= 3 {
			owner = rng.IntN(players)
		}
		na := g.addMover(rng, owner)
		var acts [][]engine.Outcome[int]
		for range na {
			var outs []engine.Outcome[int]
			left := big.NewRat(1, 1)
			for len(outs) < 2 && rng.IntN(2) == 0 {
				p := probs[rng.IntN(len(probs))]
				if p.Cmp(left) >= 0 {
					break
				}
				outs = append(outs, engine.Outcome[int]{P: p, To: rng.IntN(n), Reward: big.NewRat(int64(rng.IntN(2)), 1)})
				left = new(big.Rat).Sub(left, p)
			}
			outs = append(outs, engine.Outcome[int]{P: left, To: rng.IntN(n), Reward: big.NewRat(1, 1)})
			acts = append(acts, outs)
		}
		g.acts = append(g.acts, acts)
	}
	return g
}

// Random games of 3–5 players (and of 2, with payoffs that are not
// constant-sum) with cycles and stalling: every solved profile is an
// equilibrium by brute force, in both modes, and the two modes agree.
func TestRandomEquilibria(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(18, 3))
	equilibria := 0
	for trial := range 300 {
		players := 2 + trial%4
		g := newRandomGeneral(rng, players, 2+rng.IntN(11))
		ctx := context.Background()
		fl, err := engine.Solve[int, float64](ctx, numeric.Float{}, g, engine.Options{})
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		ex, err := engine.Solve[int, *big.Rat](ctx, numeric.Exact{}, g, engine.Options{})
		if err != nil {
			t.Fatalf("trial %d exact: %v", trial, err)
		}
		equilibria += ex.Equilibria
		for name, choice := range map[string][]int{"float": intChoices(fl, g), "exact": intChoices(ex, g)} {
			checkEquilibrium(t, fmt.Sprintf("trial %d %s", trial, name), g, choice)
			vals := g.evaluate(choice)
			for s := range vals {
				for p := range players {
					var got float64
					if name == "float" {
						got = fl.Value(s)[p]
					} else {
						got, _ = ex.Value(s)[p].Float64()
					}
					if math.Abs(got-vals[s][p]) > 1e-9 {
						t.Fatalf("trial %d %s: state %d player %d: engine %v, the profile's value %v", trial, name, s, p, got, vals[s][p])
					}
				}
			}
		}
		for s := range len(g.owner) {
			for p := range players {
				x, _ := ex.Value(s)[p].Float64()
				if math.Abs(x-fl.Value(s)[p]) > 1e-9 {
					t.Errorf("trial %d: state %d player %d: exact %v, float %v", trial, s, p, x, fl.Value(s)[p])
				}
			}
		}
	}
	if equilibria < 90 { // of the components play reaches from the start
		t.Errorf("only %d components solved by the equilibrium method", equilibria)
	}
}

func intChoices[T any](res *engine.Result[int, T], g *game) []int {
	c := make([]int, len(g.owner))
	for s := range c {
		c[s], _, _ = res.Choice(s)
	}
	return c
}

// trapped counts the states in closed classes of the chain the profile
// induces, other than terminals: states from which play stays forever
// among states that all lead back to each other.
func (g *game) trapped(choice []int) int {
	n := len(g.owner)
	reach := make([][]bool, n)
	for s := range n {
		reach[s] = make([]bool, n)
		stack := []int{s}
		reach[s][s] = true
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if g.owner[u] == engine.Terminal {
				continue
			}
			a := 0
			if g.owner[u] >= 0 {
				a = choice[u]
			}
			for _, o := range g.acts[u][a] {
				if !reach[s][o.To] {
					reach[s][o.To] = true
					stack = append(stack, o.To)
				}
			}
		}
	}
	count := 0
	for s := range n {
		closed := g.owner[s] != engine.Terminal
		for u := range n {
			closed = closed && (!reach[s][u] || reach[u][s])
		}
		if closed {
			count++
		}
	}
	return count
}

// The tie rule inside end components, on random one-player games with
// many ties (payoffs in quarters, so whole families of actions are worth
// the same): the policy is optimal (by brute force over all policies), and
// no state could take an earlier-listed best action without play looping
// forever among more states (in closed classes of the chain).
func TestTieOrderRandom(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(18, 4))
	switched := 0
	for trial := range 300 {
		g := newRandomGeneral(rng, 1, 2+rng.IntN(9))
		for name, solve := range map[string]func() ([]int, error){
			"float": func() ([]int, error) {
				res, err := engine.Solve[int, float64](context.Background(), numeric.Float{}, g, engine.Options{})
				if err != nil {
					return nil, err
				}
				return intChoices(res, g), nil
			},
			"exact": func() ([]int, error) {
				res, err := engine.Solve[int, *big.Rat](context.Background(), numeric.Exact{}, g, engine.Options{})
				if err != nil {
					return nil, err
				}
				return intChoices(res, g), nil
			},
		} {
			choice, err := solve()
			if err != nil {
				t.Fatalf("trial %d %s: %v", trial, name, err)
			}
			what := fmt.Sprintf("trial %d %s", trial, name)
			checkEquilibrium(t, what, g, choice) // one player: optimal
			vals := g.evaluate(choice)
			trapped := g.trapped(choice)
			for s, o := range g.owner {
				if o < 0 {
					continue
				}
				for b := range choice[s] {
					q := 0.0
					for _, out := range g.acts[s][b] {
						p, _ := out.P.Float64()
						q += p * vals[out.To][0]
					}
					if math.Abs(q-vals[s][0]) > 1e-12 {
						continue // not a best action
					}
					alt := append([]int(nil), choice...)
					alt[s] = b
					if g.trapped(alt) <= trapped {
						t.Errorf("%s: state %d takes action %d, but %d is listed earlier, as good, and does not loop forever", what, s, choice[s], b)
					}
					switched++
				}
			}
		}
	}
	if switched < 20 {
		t.Errorf("only %d best actions passed over for looping: the test exercises too little", switched)
	}
}

// A quitting game without an equilibrium in pure stationary strategies: A
// quits for (1, -2) or passes to B, who quits for (2, -1) or passes back;
// endless play pays (0, 0). Each of the four profiles has a deviation
// (both pass: A quits for 1 > 0; A quits, B passes: B quits for -1 > -2;
// A passes, B quits: B passes, for 0 > -1; both quit: A passes, for 2 >
// 1), so after the best responses cycle the search tries all four and the
// engine says that none is one. With twelve more choices in the cycle
// (16,384 profiles), more than the search tries, it says what it tried.
func TestNoStationaryEquilibrium(t *testing.T) {
	t.Parallel()
	quitting := func(extra int) string {
		var b strings.Builder
		b.WriteString(`{"players": 2, "start": "A", "states": [
		{"id": "A", "player": 0, "actions": [{"name": "quit", "outcomes": [{"p": 1, "to": "QA"}]}, {"name": "pass", "outcomes": [{"p": 1, "to": "B"}]}]},
		{"id": "B", "player": 1, "actions": [{"name": "quit", "outcomes": [{"p": 1, "to": "QB"}]}, {"name": "pass", "outcomes": [{"p": 1, "to": "C0"}]}]},
		{"id": "QA", "payoff": [1, -2]},
		{"id": "QB", "payoff": [2, -1]}`)
		for i := range extra {
			fmt.Fprintf(&b, `, {"id": "C%d", "player": 0, "actions": [{"name": "a", "outcomes": [{"p": 1, "to": "C%d"}]}, {"name": "b", "outcomes": [{"p": 1, "to": "C%d"}]}]}`, i, i+1, i+1)
		}
		fmt.Fprintf(&b, `, {"id": "C%d", "chance": [{"p": 1, "to": "A"}]}]}`, extra)
		return b.String()
	}
	for _, c := range []struct {
		extra int
		want  []string
	}{
		{0, []string{"the game has no pure stationary equilibrium", "each of its 4 profiles"}},
		{12, []string{"no certified stationary equilibrium after 64 rounds", "gains", "16384 pure stationary profiles are more than the 4096 searched"}},
	} {
		m := parse(t, quitting(c.extra))
		for _, exact := range []bool{false, true} {
			var err error
			if exact {
				_, err = engine.Solve[int32, *big.Rat](context.Background(), numeric.Exact{}, m, engine.Options{})
			} else {
				_, err = engine.Solve[int32, float64](context.Background(), numeric.Float{}, m, engine.Options{})
			}
			if !errors.Is(err, engine.ErrUnsupported) {
				t.Errorf("%d more choices, exact %t: %v", c.extra, exact, err)
				continue
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%d more choices, exact %t: %v; want %q", c.extra, exact, err, w)
				}
			}
		}
	}
}

// Four games (found by the second reliability probe) whose best responses
// cycle although each has a pure stationary equilibrium; in
// refusal_2p.json a tie goes to A's first action, and the rounds go round.
// The search over profiles finds one, in both modes, and brute force
// certifies it; refusal_2p's is the one its comment gives (A via-chance,
// B back: 1/2 each).
func TestEquilibriumSearch(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob("testdata/equilibria/*.json")
	if err != nil || len(paths) != 4 {
		t.Fatalf("%v %v", paths, err)
	}
	for _, path := range paths {
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m := parse(t, string(text))
		g := modelGame(m)
		ex, err := engine.Solve[int32, *big.Rat](context.Background(), numeric.Exact{}, m, engine.Options{})
		if err != nil {
			t.Fatalf("%s exact: %v", path, err)
		}
		fl, err := engine.Solve[int32, float64](context.Background(), numeric.Float{}, m, engine.Options{})
		if err != nil {
			t.Fatalf("%s float: %v", path, err)
		}
		checkEquilibrium(t, path+" exact", g, choices(ex, g))
		checkEquilibrium(t, path+" float", g, choices(fl, g))
		if filepath.Base(path) == "refusal_2p.json" {
			start := ex.Start()
			v := ex.Value(start)
			a, _, _ := ex.Choice(lookup(m, "A"))
			b, _, _ := ex.Choice(lookup(m, "B"))
			if v[0].RatString() != "1/2" || v[1].RatString() != "1/2" || a != 2 || b != 1 {
				t.Errorf("refusal_2p: values %v, A's action %d, B's %d; want 1/2, 1/2, via-chance (2), back (1)", v, a, b)
			}
		}
	}
}
