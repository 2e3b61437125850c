package report

import (
	"context"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/chefs"
	"github.com/gamesolve/gamesolve/numeric"
)

// TestQueryChefsTiers: every state of Chef Showdown with six chefs (float)
// and five (exact), solved by tiers, read back by QueryChefsTiers, gives
// the in-memory general solve's win probabilities, expected dishes and
// target; bad states are refused.
func TestQueryChefsTiers(t *testing.T) {
	for _, exact := range []bool{false, true} {
		n := 6
		if exact {
			n = 5
		}
		skills := make([]*big.Rat, n)
		for k := range skills {
			skills[k] = big.NewRat(int64(7+11*k), 100)
		}
		dir := t.TempDir()
		if _, err := SolveChefsTiers(context.Background(), ChefsTiersQuery{Skills: skills, Exact: exact, Dir: dir}); err != nil {
			t.Fatal(err)
		}
		rules, _ := chefs.NewRules(skills)
		var value func(chefs.State) ([]string, string)
		var choice func(chefs.State) (string, bool)
		if exact {
			whole, err := engine.Solve[chefs.State, *big.Rat](context.Background(), numeric.Exact{}, rules, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			value = func(s chefs.State) ([]string, string) {
				var v []string
				for _, x := range whole.Value(s) {
					v = append(v, x.RatString())
				}
				r, _, _ := whole.Reward(s)
				return v, r.RatString()
			}
			choice = func(s chefs.State) (string, bool) { _, name, ok := whole.Choice(s); return name, ok }
		} else {
			whole, err := engine.Solve[chefs.State, float64](context.Background(), numeric.Float{}, rules, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			value = func(s chefs.State) ([]string, string) {
				var v []string
				for _, x := range whole.Value(s) {
					v = append(v, big.NewRat(1, 1).SetFloat64(x).RatString())
				}
				r, _, _ := whole.Reward(s)
				return v, big.NewRat(1, 1).SetFloat64(r).RatString()
			}
			choice = func(s chefs.State) (string, bool) { _, name, ok := whole.Choice(s); return name, ok }
		}
		checked := 0
		for alive := uint32(1); alive < 1<<n; alive++ {
			for cook := range n {
				if alive&(1<<cook) == 0 || bits.OnesCount32(alive) == 1 && cook != bits.TrailingZeros32(alive) {
					continue
				}
				s := chefs.State{Alive: alive, Turn: int8(cook)}
				text := describeChefs(s, n)
				got, err := QueryChefsTiers(dir, text)
				if err != nil {
					if strings.Contains(err.Error(), "not reached in play") {
						continue
					}
					t.Fatalf("%s: %v", text, err)
				}
				wantV, wantR := value(s)
				for k, w := range wantV {
					g := big.NewRat(1, 1).SetFloat64(got.WinProbabilities[k]).RatString()
					if exact {
						g = got.WinProbabilitiesExact[k]
					}
					if g != w {
						t.Fatalf("%s: chef %d wins with %s, in memory %s", text, k+1, g, w)
					}
				}
				g := big.NewRat(1, 1).SetFloat64(got.ExpectedDishes).RatString()
				if exact {
					g = got.ExpectedDishesExact
				}
				if g != wantR {
					t.Fatalf("%s: %s dishes, in memory %s", text, g, wantR)
				}
				// The engine names an action by the chef it aims at.
				if name, ok := choice(s); ok != (got.Target > 0) || ok && name != strconv.Itoa(got.Target) {
					t.Fatalf("%s: target %d, in memory action %q (%v)", text, got.Target, name, ok)
				}
				checked++
			}
		}
		if checked < (1<<n)*n/4 {
			t.Fatalf("only %d states checked", checked)
		}
		start, err := QueryChefsTiers(dir, "start")
		if err != nil || start.State != describeChefs(rules.Start(), n) {
			t.Fatalf("start: %+v, %v", start, err)
		}
		for _, bad := range []string{"", "1,2", "0@1", "1,1@1", "1,2@3", "1,x@1", "1,2@", strings.Repeat("1,", 40) + "@1"} {
			if _, err := QueryChefsTiers(dir, bad); err == nil || !strings.Contains(err.Error(), "ALIVE@CHEF") {
				t.Errorf("%q: %v", bad, err)
			}
		}
	}
}

// FuzzParseChefsState: any text gives a state of n chefs or an error,
// never a panic, and a state read describes itself as text that reads
// back to it.
func FuzzParseChefsState(f *testing.F) {
	for _, s := range []string{"start", "1,3,4@3", "2@2", "1,1@1", "9@1", " 1 , 2 @ 2", "@", ","} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		const n = 8
		s, err := parseChefsState(text, n)
		if err != nil {
			return
		}
		if s.Alive == 0 || s.Alive >= 1<<n || s.Alive&(1<<s.Turn) == 0 {
			t.Fatalf("%q read as %+v", text, s)
		}
		back, err := parseChefsState(describeChefs(s, n), n)
		if err != nil || back != s {
			t.Fatalf("%q: %+v, described %q, read back %+v, %v", text, s, describeChefs(s, n), back, err)
		}
	})
}
