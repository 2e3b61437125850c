package extensive_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/extensive"
	"github.com/gamesolve/gamesolve/solver"
)

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic(s)
	}
	return r
}

// matrix builds a two-player zero-sum game from the row player's payoffs.
func matrix(t *testing.T, m [][]int64) *extensive.Game {
	t.Helper()
	var rows, cols []string
	for i := range m {
		rows = append(rows, fmt.Sprint("r", i+1))
	}
	for j := range m[0] {
		cols = append(cols, fmt.Sprint("c", j+1))
	}
	var pay [][]*big.Rat
	for j := range cols {
		for i := range rows {
			pay = append(pay, []*big.Rat{big.NewRat(m[i][j], 1), big.NewRat(-m[i][j], 1)})
		}
	}
	g, err := extensive.Strategic("matrix", []string{"row", "column"}, [][]string{rows, cols}, pay)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestMatrixGames checks hand-derived equilibria: rock–paper–scissors (1/3
// each, value 0) and matching pennies with payoffs 2, −1, −1, 1 (each
// plays the first action with 2/5; value 1/5, from the indifference
// conditions 3p−1 = 1−2p).
func TestMatrixGames(t *testing.T) {
	for _, tc := range []struct {
		name      string
		m         [][]int64
		value     string
		row, cols []string
	}{
		{"rock–paper–scissors", [][]int64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}, "0", []string{"1/3", "1/3", "1/3"}, []string{"1/3", "1/3", "1/3"}},
		{"unequal pennies", [][]int64{{2, -1}, {-1, 1}}, "1/5", []string{"2/5", "3/5"}, []string{"2/5", "3/5"}},
		{"saddle point", [][]int64{{3, 1, 4}, {2, 0, 1}}, "1", []string{"1", "0"}, []string{"0", "1", "0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pr, err := extensive.SolveZeroSum(context.Background(), matrix(t, tc.m))
			if err != nil {
				t.Fatal(err)
			}
			if pr.Values[0].Cmp(rat(tc.value)) != 0 {
				t.Errorf("value %v, want %s", pr.Values[0], tc.value)
			}
			for p, want := range [][]string{tc.row, tc.cols} {
				for a, w := range want {
					if pr.Behavior[p][a].Cmp(rat(w)) != 0 {
						t.Errorf("player %d action %d: %v, want %s", p+1, a+1, pr.Behavior[p][a], w)
					}
				}
			}
			if !pr.Equilibrium() {
				t.Errorf("exploitability %v", pr.Exploitability)
			}
		})
	}
}

func TestNotZeroSum(t *testing.T) {
	g, err := extensive.Strategic("", []string{"a", "b"}, [][]string{{"x", "z"}, {"y"}}, [][]*big.Rat{{rat("1"), rat("-1")}, {rat("1"), rat("1")}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := extensive.SolveZeroSum(context.Background(), g); !errors.Is(err, extensive.ErrNotZeroSum) {
		t.Fatalf("got %v", err)
	}
}

// randRules is a random game with chance, imperfect information and
// perfect recall: a player's information set names its own earlier sets
// and actions, and a coarse view (obs buckets) of everyone else's moves.
type randRules struct {
	seed    uint64
	players int
	zeroSum bool
	obs     int
	depth   int
}

type randHist struct {
	moves string
	own   []string // per player: its earlier sets and actions
}

func (r randRules) Players() []string {
	names := make([]string, r.players)
	for p := range names {
		names[p] = fmt.Sprint("P", p+1)
	}
	return names
}

func (r randRules) Start() randHist { return randHist{own: make([]string, r.players)} }

func (r randRules) Expand(h randHist, m *extensive.Move[randHist]) error {
	hash := r.seed
	for _, c := range h.moves {
		hash = hash*1000003 + uint64(c)
	}
	rng := rand.New(rand.NewPCG(hash, r.seed))
	if len(h.moves) >= r.depth || len(h.moves) > 1 && rng.IntN(4) == 0 {
		u := make([]*big.Rat, r.players)
		sum := new(big.Rat)
		for p := range u {
			u[p] = big.NewRat(int64(rng.IntN(11)-5), int64(1+rng.IntN(2)))
			if r.zeroSum && p == r.players-1 {
				u[p] = new(big.Rat).Neg(sum)
			}
			sum.Add(sum, u[p])
		}
		m.Terminal(u...)
		return nil
	}
	k := 2 + rng.IntN(2)
	if rng.IntN(4) == 0 {
		m.Chance()
		left := big.NewRat(1, 1)
		for a := range k {
			p := new(big.Rat).Set(left)
			if a < k-1 {
				p.Mul(left, big.NewRat(int64(1+rng.IntN(3)), 4))
			}
			left.Sub(left, p)
			m.Outcome(fmt.Sprint("c", a), p, r.child(h, -1, "", a))
		}
		return nil
	}
	p := rng.IntN(r.players)
	view := 0
	for _, c := range h.moves {
		view = view*31 + int(c)
	}
	key := fmt.Sprintf("%s|%d|%d", h.own[p], len(h.moves), view%r.obs)
	// The number of actions is the set's: derived from the key alone.
	kr := rand.New(rand.NewPCG(uint64(len(key))*7919+uint64(view%r.obs), r.seed))
	k = 2 + kr.IntN(2)
	m.Decide(p, key)
	for a := range k {
		m.Action(fmt.Sprint("a", a), r.child(h, p, key, a))
	}
	return nil
}

func (r randRules) child(h randHist, p int, key string, a int) randHist {
	next := randHist{moves: h.moves + string(rune('0'+a)), own: append([]string(nil), h.own...)}
	if p >= 0 {
		next.own[p] += fmt.Sprintf("[%s:%d]", key, a)
	}
	return next
}

// payoff is the expected payoff vector from node v when everyone plays
// beh, except player p who plays pure (one action per set) where pure is
// not nil: a plain recursion, written apart from the sequence form.
func payoff(g *extensive.Game, v int, beh [][]*big.Rat, p int, pure map[int]int) []*big.Rat {
	n := g.Nodes[v]
	out := make([]*big.Rat, len(g.Players))
	for q := range out {
		out[q] = new(big.Rat)
		if n.Outcome >= 0 {
			out[q].Set(g.Outcomes[n.Outcome].Payoffs[q])
		}
	}
	if n.Infoset < 0 {
		return out
	}
	I := g.Infosets[n.Infoset]
	for a, c := range n.Children {
		var w *big.Rat
		switch {
		case I.Player == extensive.Chance:
			w = I.Probs[a]
		case I.Player == p && pure != nil:
			w = new(big.Rat)
			if pure[n.Infoset] == a {
				w.SetInt64(1)
			}
		default:
			w = beh[n.Infoset][a]
		}
		if w.Sign() == 0 {
			continue
		}
		sub := payoff(g, c, beh, p, pure)
		for q := range out {
			out[q].Add(out[q], new(big.Rat).Mul(w, sub[q]))
		}
	}
	return out
}

// bruteBest is player p's best pure-strategy payoff against beh, by
// enumerating every pure strategy (nil if there are more than limit).
func bruteBest(g *extensive.Game, beh [][]*big.Rat, p, limit int) *big.Rat {
	var sets []int
	count := 1
	for i, I := range g.Infosets {
		if I.Player == p {
			sets = append(sets, i)
			count *= len(I.Actions)
			if count > limit {
				return nil
			}
		}
	}
	var best *big.Rat
	pure := map[int]int{}
	for k := range count {
		rest := k
		for _, i := range sets {
			pure[i] = rest % len(g.Infosets[i].Actions)
			rest /= len(g.Infosets[i].Actions)
		}
		v := payoff(g, 0, beh, p, pure)[p]
		if best == nil || v.Cmp(best) > 0 {
			best = v
		}
	}
	return best
}

// checkApart checks a profile of a two-player game apart from the
// solver's certificate: its values by plain recursion over the tree, and
// that no pure strategy of either player, enumerated where there are at
// most 512, gains against it. It returns the number of players whose pure
// strategies were enumerated.
func checkApart(t *testing.T, what string, g *extensive.Game, pr *extensive.Profile) (enumerated int) {
	t.Helper()
	vals := payoff(g, 0, pr.Behavior, -1, nil)
	for p := range 2 {
		if vals[p].Cmp(pr.Values[p]) != 0 {
			t.Fatalf("%s: player %d's value %v, recursion says %v", what, p+1, pr.Values[p], vals[p])
		}
		best := bruteBest(g, pr.Behavior, p, 1<<9)
		if best == nil {
			continue
		}
		enumerated++
		if best.Cmp(vals[p]) != 0 {
			t.Fatalf("%s: player %d gains %v by a pure strategy", what, p+1, new(big.Rat).Sub(best, vals[p]))
		}
	}
	return enumerated
}

// TestRandomZeroSum solves random two-player zero-sum games with chance
// and imperfect information, and checks each answer against a separate
// computation: the values by plain recursion over the tree, and that no
// pure strategy of either player, enumerated, gains against it.
func TestRandomZeroSum(t *testing.T) {
	t.Parallel()
	checked := 0
	for seed := range uint64(300) {
		r := randRules{seed: seed, players: 2, zeroSum: true, obs: 1 + int(seed%3), depth: 3 + int(seed%4)}
		g, err := extensive.Build(context.Background(), r)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		pr, err := extensive.SolveZeroSum(context.Background(), g)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		checked += checkApart(t, fmt.Sprint("seed ", seed), g, pr)
	}
	t.Logf("%d best responses enumerated", checked)
	if checked < 300 {
		t.Fatalf("only %d best responses enumerated", checked)
	}
}

// TestGainsMatchBruteForce checks the certificate itself: for random
// (not equilibrium) profiles of random games with 2 to 4 players, each
// player's gain equals the enumerated best response minus its value.
func TestGainsMatchBruteForce(t *testing.T) {
	t.Parallel()
	for seed := range uint64(200) {
		r := randRules{seed: seed, players: 2 + int(seed%3), obs: 1 + int(seed%3), depth: 3 + int(seed%3)}
		g, err := extensive.Build(context.Background(), r)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		beh := make([][]*big.Rat, len(g.Infosets))
		for i, I := range g.Infosets {
			if I.Player == extensive.Chance {
				continue
			}
			left := big.NewRat(1, 1)
			for a := range I.Actions {
				p := new(big.Rat).Set(left)
				if a < len(I.Actions)-1 {
					p.Mul(left, big.NewRat(int64(rng.IntN(4)), 3))
				}
				left.Sub(left, p)
				beh[i] = append(beh[i], p)
			}
		}
		pr, err := extensive.Evaluate(context.Background(), g, beh)
		if err != nil {
			t.Fatal(err)
		}
		vals := payoff(g, 0, beh, -1, nil)
		for p := range g.Players {
			best := bruteBest(g, beh, p, 1<<9)
			if best == nil {
				continue
			}
			if gain := new(big.Rat).Sub(best, vals[p]); gain.Cmp(pr.Gains[p]) != 0 || vals[p].Cmp(pr.Values[p]) != 0 {
				t.Fatalf("seed %d player %d: gain %v value %v, brute force %v and %v", seed, p+1, pr.Gains[p], pr.Values[p], gain, vals[p])
			}
		}
	}
}

// TestReadEFG reads a file with shared outcomes, stage payoffs and
// descriptions given once, checks its equilibrium by brute force, and
// checks that writing and reading it again gives the same game.
func TestReadEFG(t *testing.T) {
	src := readFile(t, "testdata/signal.efg")
	g, err := extensive.Read(src)
	if err != nil {
		t.Fatal(err)
	}
	sz := g.Sizes()
	if sz.Nodes != 15 || sz.Terminals != 8 || sz.Infosets[0] != 2 || sz.Infosets[1] != 2 || sz.Chance != 1 {
		t.Fatalf("sizes %+v", sz)
	}
	pr, err := extensive.SolveZeroSum(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	for p := range 2 {
		if best := bruteBest(g, pr.Behavior, p, 64); best.Cmp(pr.Values[p]) != 0 {
			t.Fatalf("player %d gains %v", p+1, new(big.Rat).Sub(best, pr.Values[p]))
		}
	}
	var out bytes.Buffer
	if err := g.WriteEFG(&out); err != nil {
		t.Fatal(err)
	}
	again, err := extensive.ReadEFG(out.Bytes())
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	var out2 bytes.Buffer
	if err := again.WriteEFG(&out2); err != nil {
		t.Fatal(err)
	}
	if out.String() != out2.String() {
		t.Fatalf("written twice, differs:\n%s\n%s", out.String(), out2.String())
	}
	pr2, err := extensive.SolveZeroSum(context.Background(), again)
	if err != nil || pr2.Values[0].Cmp(pr.Values[0]) != 0 {
		t.Fatalf("the written game solves to %v (%v), not %v", pr2, err, pr.Values[0])
	}
}

// TestReadNFG reads both forms of .nfg for one bimatrix game and checks
// they agree, and that WriteNFG's outcome form reads back the same.
func TestReadNFG(t *testing.T) {
	payoffForm := "NFG 1 R \"pennies\" { \"row\" \"col\" } { 2 2 }\n\"a comment\"\n2 -2 -1 1 -1 1 1 -1\n"
	outcomeForm := `NFG 1 R "pennies" { "row" "col" }
{ { "H" "T" } { "h" "t" } }
""
{ { "row wins" 2, -2 } { "col wins" -1, 1 } { "" 1 -1 } }
1 2 2 3
`
	a, err := extensive.Read([]byte(payoffForm))
	if err != nil {
		t.Fatal(err)
	}
	b, err := extensive.Read([]byte(outcomeForm))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*extensive.Game{a, b} {
		pr, err := extensive.SolveZeroSum(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if pr.Values[0].Cmp(rat("1/5")) != 0 || pr.Behavior[0][0].Cmp(rat("2/5")) != 0 || pr.Behavior[1][0].Cmp(rat("2/5")) != 0 {
			t.Fatalf("value %v, strategies %v", pr.Values[0], pr.Behavior)
		}
		var out bytes.Buffer
		if err := g.WriteNFG(&out); err != nil {
			t.Fatal(err)
		}
		c, err := extensive.ReadNFG(out.Bytes())
		if err != nil {
			t.Fatalf("%v\n%s", err, out.String())
		}
		for k, n := range c.Nodes {
			if n.Outcome >= 0 && g.Outcomes[g.Nodes[k].Outcome].Payoffs[0].Cmp(c.Outcomes[n.Outcome].Payoffs[0]) != 0 {
				t.Fatalf("node %d differs after writing:\n%s", k, out.String())
			}
		}
	}
}

// TestBadFiles gives each refusal the issue names, and others: one line,
// a place, and solver.ErrInvalid.
func TestBadFiles(t *testing.T) {
	kuhnLike := string(readFile(t, "testdata/signal.efg"))
	for _, tc := range []struct{ name, src, want string }{
		{"no perfect recall", `EFG 2 R "forgetful" { "A" "B" }
p "" 1 1 "first" { "L" "R" } 0
p "" 1 2 "second" { "l" "r" } 0
t "" 1 "o1" { 1, -1 }
t "" 2 "o2" { -1, 1 }
p "" 1 2 0
t "" 2
t "" 1
`, `player 1's information set 2 ("second") lacks perfect recall`},
		{"absent-minded", `EFG 2 R "" { "A" "B" }
p "" 1 1 "x" { "go" "stop" } 0
p "" 1 1 0
t "" 1 "a" { 1, -1 }
t "" 2 "b" { 0, 0 }
t "" 3 "c" { 2, -2 }
`, "lacks perfect recall"},
		{"probabilities", `EFG 2 R "" { "A" }
c "" 1 "" { "a" 1/2 "b" 1/3 } 0
t "" 0
t "" 0
`, "chance event 1: the probabilities sum to 5/6, not 1"},
		{"negative probability", `EFG 2 R "" { "A" }
c "" 1 "" { "a" -1/2 "b" 3/2 } 0
`, `2:17: the probability of "a" is negative`},
		{"action counts", `EFG 2 R "" { "A" "B" }
c "" 1 "" { "a" 1/2 "b" 1/2 } 0
p "" 1 1 "x" { "l" "r" } 0
t "" 0
t "" 0
p "" 1 1 "x" { "l" } 0
t "" 0
`, `6:8: player 1's information set 1 has 1 actions ["l"] here and 2 ["l" "r"] before`},
		{"truncated", kuhnLike[:strings.Index(kuhnLike, "p \"\" 1 2")], "13:1: the text ends before node 1's child 2 of 2"},
		{"truncated in a string", `EFG 2 R "`, "1:9: the text ends inside a quoted string"},
		{"empty", ``, "neither EFG nor NFG"},
		{"not gambit", `{"players": 2}`, "neither EFG nor NFG"},
		{"undescribed set", `EFG 2 R "" { "A" }
p "" 1 1 0
`, "2:8: player 1's information set 1 appears for the first time without its actions"},
		{"unknown player", `EFG 2 R "" { "A" }
p "" 2 1 "" { "a" } 0
`, "2:6: player 2 of 1"},
		{"missing payoff", `EFG 2 R "" { "A" "B" }
t "" 1 "o" { 1 }
`, "2:6: outcome 1 has 1 payoffs for 2 players"},
		{"bad number", `EFG 2 R "" { "A" }
t "" 1 "o" { 1/0 }
`, `2:14: want a payoff, found "1/0"`},
		{"after the tree", `EFG 2 R "" { "A" }
t "" 0
t "" 0
`, `3:1: "t" after the last node of the tree`},
		{"outcome zero named", `EFG 2 R "" { "A" }
t "" 0 "x" { 1 }
`, "2:8: outcome 0 (none) has no name or payoffs"},
		{"nfg profiles short", "NFG 1 R \"\" { \"a\" \"b\" } { 2 2 }\n1 2 3 4 5 6 7777777\n", "3:1: want payoff 8 of 8, found the end of the text"},
		{"nfg table too large", "NFG 1 R \"\" { \"a\" \"b\" } { 7000 7000 }\n1 2\n", "1:24: 49000000 strategy profiles need at least 195999999 bytes of payoffs"},
		{"nfg extra", "NFG 1 R \"\" { \"a\" } { 1 }\n1 2\n", `2:3: "2" after the 1 profiles`},
		{"nfg outcome range", "NFG 1 R \"\" { \"a\" } { { \"x\" } }\n{ { \"\" 1 } }\n4\n", "3:1: outcome 4 of 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := extensive.Read([]byte(tc.src))
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, solver.ErrInvalid) || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("got %q, want %q (one line, ErrInvalid)", err, tc.want)
			}
		})
	}
}

// TestPureEquilibrium: the prisoner's dilemma has one pure equilibrium
// (both defect); matching pennies has none, which the search proves; a
// three-player coordination game has its first pure equilibrium found.
func TestPureEquilibrium(t *testing.T) {
	pd, _ := extensive.Strategic("pd", []string{"a", "b"}, [][]string{{"C", "D"}, {"C", "D"}}, [][]*big.Rat{
		{rat("3"), rat("3")}, {rat("5"), rat("0")}, {rat("0"), rat("5")}, {rat("1"), rat("1")}})
	pr, n, err := extensive.PureEquilibrium(context.Background(), pd)
	if err != nil || pr == nil || n != 4 {
		t.Fatalf("%v %v %v", pr, n, err)
	}
	if pr.Behavior[0][1].Sign() == 0 || pr.Behavior[1][1].Sign() == 0 || pr.Values[0].Cmp(rat("1")) != 0 {
		t.Fatalf("got %v, values %v", pr.Behavior, pr.Values)
	}
	mp := matrix(t, [][]int64{{1, -1}, {-1, 1}})
	if pr, _, err := extensive.PureEquilibrium(context.Background(), mp); pr != nil || err != nil {
		t.Fatalf("matching pennies: %v %v", pr, err)
	}
	var pay [][]*big.Rat
	for k := range 8 {
		a, b, c := k&1, k>>1&1, k>>2&1
		u := rat("0")
		if a == b && b == c {
			u = rat(fmt.Sprint(1 + a))
		}
		pay = append(pay, []*big.Rat{u, u, u})
	}
	co, _ := extensive.Strategic("coordinate", []string{"a", "b", "c"}, [][]string{{"x", "y"}, {"x", "y"}, {"x", "y"}}, pay)
	pr, _, err = extensive.PureEquilibrium(context.Background(), co)
	if err != nil || pr == nil || pr.Behavior[0][0].Sign() == 0 || pr.Values[2].Cmp(rat("1")) != 0 {
		t.Fatalf("coordination: %v %v", pr, err)
	}
}

// TestNormalForm checks that a game and its strategic form have the same
// value (the minimax theorem over pure strategies: behaviour and mixed
// strategies agree under perfect recall), for random zero-sum games.
func TestNormalForm(t *testing.T) {
	t.Parallel()
	for seed := range uint64(40) {
		r := randRules{seed: seed, players: 2, zeroSum: true, obs: 1, depth: 3}
		g, err := extensive.Build(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		nf, err := g.NormalForm()
		if err != nil {
			t.Fatal(err)
		}
		a, err := extensive.SolveZeroSum(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		b, err := extensive.SolveZeroSum(context.Background(), nf)
		if err != nil {
			t.Fatal(err)
		}
		if a.Values[0].Cmp(b.Values[0]) != 0 {
			t.Fatalf("seed %d: value %v, strategic form %v", seed, a.Values[0], b.Values[0])
		}
	}
}

// TestReadXMLWrapped reads a game saved by Gambit's graphical interface:
// the efg text inside a gambit:document, errors counted in the file's
// lines.
func TestReadXMLWrapped(t *testing.T) {
	body := "EFG 2 R \"wrapped\" { \"A\" \"B\" }\n\"\"\n\np \"\" 1 1 \"\" { \"l\" \"r\" } 0\nt \"\" 1 \"x\" { 1, -1 }\nt \"\" 2 \"y\" { -1, 1 }\n"
	doc := "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gambit:document version=\"0.1\">\n<game>\n<efgfile>\n" + body + "</efgfile>\n</game>\n</gambit:document>\n"
	g, err := extensive.Read([]byte(doc))
	if err != nil || g.Title != "wrapped" || len(g.Nodes) != 3 {
		t.Fatalf("%v %v", g, err)
	}
	bad := strings.Replace(doc, "{ 1, -1 }", "{ 1 }", 1)
	if _, err := extensive.Read([]byte(bad)); err == nil || !strings.Contains(err.Error(), "9:6: outcome 1 has 1 payoffs") {
		t.Fatalf("error %v, want line 9 of the file", err)
	}
}
