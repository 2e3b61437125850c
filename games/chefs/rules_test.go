package chefs

import (
	"context"
	"math/big"
	"math/bits"
	"testing"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
)

// The general engine and the layered solver agree bit for bit in exact
// mode: every win probability, the expected dishes, and every reachable
// state's target.
func TestGeneralAgreesExactly(t *testing.T) {
	cases := [][]*big.Rat{
		fib(t, 2), fib(t, 4), fib(t, 7),
		rats("1/4", "1/2", "1"),
		rats("1/2", "1/2", "1/2", "1/2"),
		rats("1", "1", "1/3"),
		rats("1/3", "2/5", "0.6", "0.9", "1/7"),
	}
	for _, skills := range cases {
		fast, err := Solve(context.Background(), numeric.Exact{}, skills, Options{Policy: true})
		if err != nil {
			t.Fatal(err)
		}
		gen, res, err := SolveGeneral(context.Background(), numeric.Exact{}, skills, engine.Options{Options: Options{Policy: true}})
		if err != nil {
			t.Fatal(err)
		}
		if fast.Dishes.Cmp(gen.Dishes) != 0 {
			t.Errorf("%v: dishes fast %v, general %v", skills, fast.Dishes, gen.Dishes)
		}
		for k := range fast.Win {
			if fast.Win[k].Cmp(gen.Win[k]) != 0 {
				t.Errorf("%v: chef %d fast %v, general %v", skills, k+1, fast.Win[k], gen.Win[k])
			}
		}
		n := len(skills)
		compared := 0
		for mask := uint32(1); mask < 1<<n; mask++ {
			if bits.OnesCount32(mask) < 2 {
				continue
			}
			for k := 1; k <= n; k++ {
				if mask&(1<<(k-1)) == 0 || !res.Lookup(State{Alive: mask, Turn: int8(k - 1)}) {
					continue
				}
				a, _ := fast.Policy.Target(mask, k)
				b, _ := gen.Policy.Target(mask, k)
				compared++
				if a != b {
					t.Errorf("%v: survivors %b, chef %d: fast shoots %d, general %d", skills, mask, k, a, b)
				}
			}
		}
		if compared == 0 {
			t.Errorf("%v: nothing compared", skills)
		}
		if n >= 3 && allBelowOne(skills) && res.Methods[engine.ExitChoice] == 0 {
			t.Errorf("%v: methods %v, want exit choice", skills, res.Methods)
		}
	}
}

func allBelowOne(skills []*big.Rat) bool {
	for _, p := range skills {
		if p.Cmp(big.NewRat(1, 1)) >= 0 {
			return false
		}
	}
	return true
}
