package tierfile_test

import (
	"errors"
	"io/fs"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/gamesolve/gamesolve/tierfile"
)

// randomTier is a tier of n states with random ascending keys, actions and
// values, floats (including signed zeros, infinities and subnormals, which
// must come back bit for bit) or rationals of up to 200 digits.
func randomTier(rng *rand.Rand, kind tierfile.Kind, n, width int) *tierfile.Tier {
	t := &tierfile.Tier{Game: "test game, seed-made", Kind: kind, Width: width, Tier: rng.Int64N(1000) - 500}
	key := uint64(0)
	for range n {
		key += 1 + rng.Uint64N(1000)
		t.Keys = append(t.Keys, key)
		t.Actions = append(t.Actions, int32(rng.IntN(10))-1)
	}
	specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), 5e-324, math.MaxFloat64, 1.0 / 3}
	for range n * width {
		switch kind {
		case tierfile.Float:
			v := rng.NormFloat64()
			if rng.IntN(10) == 0 {
				v = specials[rng.IntN(len(specials))]
			}
			t.Floats = append(t.Floats, v)
		case tierfile.Exact:
			num := randInt(rng, 1+rng.IntN(200))
			den := new(big.Int).Add(big.NewInt(1), randInt(rng, 12))
			if rng.IntN(2) == 0 {
				num.Neg(num)
			}
			t.Rats = append(t.Rats, new(big.Rat).SetFrac(num, den))
		}
	}
	return t
}

// randInt is a random integer below 10^digits.
func randInt(rng *rand.Rand, digits int) *big.Int {
	v := new(big.Int)
	for range digits {
		v.Mul(v, big.NewInt(10))
		v.Add(v, big.NewInt(rng.Int64N(10)))
	}
	return v
}

// writeTemp writes t to a file in a temporary directory and returns its
// name.
func writeTemp(tb testing.TB, t *tierfile.Tier) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "tier.gst")
	if err := tierfile.Write(path, t); err != nil {
		tb.Fatal(err)
	}
	return path
}

func sameTier(t *testing.T, got, want *tierfile.Tier) {
	t.Helper()
	if got.Game != want.Game || got.Kind != want.Kind || got.Width != want.Width || got.Tier != want.Tier || len(got.Keys) != len(want.Keys) {
		t.Fatalf("header %q %v %d %d (%d states), want %q %v %d %d (%d)", got.Game, got.Kind, got.Width, got.Tier, len(got.Keys), want.Game, want.Kind, want.Width, want.Tier, len(want.Keys))
	}
	for i := range want.Keys {
		if got.Keys[i] != want.Keys[i] || got.Actions[i] != want.Actions[i] {
			t.Fatalf("state %d: key %d action %d, want %d %d", i, got.Keys[i], got.Actions[i], want.Keys[i], want.Actions[i])
		}
	}
	for i := range want.Floats {
		if math.Float64bits(got.Floats[i]) != math.Float64bits(want.Floats[i]) {
			t.Fatalf("float %d: %v, want %v", i, got.Floats[i], want.Floats[i])
		}
	}
	for i := range want.Rats {
		if got.Rats[i].Cmp(want.Rats[i]) != 0 {
			t.Fatalf("value %d: %s, want %s", i, got.Rats[i].RatString(), want.Rats[i].RatString())
		}
	}
}

// TestRoundTrip writes tiers of both kinds and several sizes (empty, one
// state, and past several 64 KiB blocks) and reads them back whole and by
// lookup, bit for bit.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		kind     tierfile.Kind
		n, width int
	}{
		{tierfile.Float, 0, 1}, {tierfile.Float, 1, 3}, {tierfile.Float, 20000, 3},
		{tierfile.Exact, 0, 2}, {tierfile.Exact, 1, 1}, {tierfile.Exact, 3000, 2},
	} {
		want := randomTier(rng, tc.kind, tc.n, tc.width)
		r, err := tierfile.Open(writeTemp(t, want))
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		sameTier(t, got, want)
		// Without and with the sparse index (Index), the same answers.
		for _, indexed := range []bool{false, true} {
			if indexed {
				if err := r.Index(); err != nil {
					t.Fatal(err)
				}
			}
			for range 50 {
				if tc.n == 0 {
					break
				}
				i := rng.IntN(tc.n)
				rec, ok, err := r.Lookup(want.Keys[i])
				if err != nil || !ok {
					t.Fatalf("%v %d: lookup of state %d: ok %v, %v", tc.kind, tc.n, i, ok, err)
				}
				if rec.Action != want.Actions[i] {
					t.Fatalf("state %d: action %d, want %d", i, rec.Action, want.Actions[i])
				}
				for j := range tc.width {
					switch tc.kind {
					case tierfile.Float:
						if math.Float64bits(rec.Floats[j]) != math.Float64bits(want.Floats[i*tc.width+j]) {
							t.Fatalf("state %d value %d: %v, want %v", i, j, rec.Floats[j], want.Floats[i*tc.width+j])
						}
					case tierfile.Exact:
						if rec.Rats[j].Cmp(want.Rats[i*tc.width+j]) != 0 {
							t.Fatalf("state %d value %d: %s", i, j, rec.Rats[j].RatString())
						}
					}
				}
				// Keys between states are absent.
				if want.Keys[i] > 1 && (i == 0 || want.Keys[i-1] < want.Keys[i]-1) {
					if _, ok, err := r.Lookup(want.Keys[i] - 1); ok || err != nil {
						t.Fatalf("key %d, not stored, found: %v %v", want.Keys[i]-1, ok, err)
					}
				}
			}
			if _, ok, err := r.Lookup(math.MaxUint64); ok || err != nil {
				t.Fatalf("the largest key found: %v %v", ok, err)
			}
			if _, ok, err := r.Lookup(0); ok != (tc.n > 0 && want.Keys[0] == 0) || err != nil {
				t.Fatalf("key 0: %v %v", ok, err)
			}
		}
		r.Close()
	}
}

// TestCorruption changes one byte anywhere in a file, or cuts it short,
// and requires ErrCorrupt from Open, Verify or ReadAll: never values.
func TestCorruption(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, kind := range []tierfile.Kind{tierfile.Float, tierfile.Exact} {
		path := writeTemp(t, randomTier(rng, kind, 9000, 2))
		good, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for trial := range 300 {
			bad := append([]byte(nil), good...)
			what := ""
			switch {
			case trial < 40: // the header, the table and the end, densely
				at := trial
				if trial >= 20 {
					at = len(bad) - 1 - (trial-20)*3
				}
				bad[at] ^= byte(1 + rng.IntN(255))
				what = "a byte changed near an end"
			case trial < 270:
				bad[rng.IntN(len(bad))] ^= byte(1 << rng.IntN(8))
				what = "a bit flipped"
			default:
				bad = bad[:rng.IntN(len(bad))]
				what = "cut short"
			}
			if err := os.WriteFile(path, bad, 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := tierfile.Open(path)
			if err == nil {
				_, err = r.ReadAll()
				r.Close()
			}
			if !errors.Is(err, tierfile.ErrCorrupt) {
				t.Fatalf("%v, trial %d (%s): err = %v, want ErrCorrupt", kind, trial, what, err)
			}
		}
	}
}

// TestWriteRefuses: keys out of order, mismatched lengths and unknown
// kinds are refused before anything is written.
func TestWriteRefuses(t *testing.T) {
	dir := t.TempDir()
	for name, tier := range map[string]*tierfile.Tier{
		"descending": {Kind: tierfile.Float, Width: 1, Keys: []uint64{2, 1}, Actions: []int32{0, 0}, Floats: []float64{1, 2}},
		"repeated":   {Kind: tierfile.Float, Width: 1, Keys: []uint64{2, 2}, Actions: []int32{0, 0}, Floats: []float64{1, 2}},
		"actions":    {Kind: tierfile.Float, Width: 1, Keys: []uint64{1}, Floats: []float64{1}},
		"values":     {Kind: tierfile.Exact, Width: 2, Keys: []uint64{1}, Actions: []int32{0}, Rats: []*big.Rat{big.NewRat(1, 2)}},
		"kind":       {Kind: 7, Width: 1},
		"width":      {Kind: tierfile.Float, Width: 0},
	} {
		path := filepath.Join(dir, name)
		if err := tierfile.Write(path, tier); err == nil {
			t.Errorf("%s: written", name)
		}
		if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: a file was left: %v", name, err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("%d files left behind", len(ents))
	}
}
