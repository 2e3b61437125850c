package engine

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// An idBuilder holds what is pushed, set and zeroed, in one byte an id
// until an id of 256 or more comes and in four after; the column it
// makes reads back the same ids, and uniform as on the ids.
func TestIDBuilder(t *testing.T) {
	t.Parallel()
	for seed := range 40 {
		rng := rand.New(rand.NewPCG(uint64(seed), 3))
		var b idBuilder
		var want []uint32
		if seed%2 == 0 {
			k := rng.IntN(5)
			b.sized(k, k+rng.IntN(3000))
			want = make([]uint32, k)
		}
		limit := uint32(200)
		if seed%4 < 2 {
			limit = 1000 // ids past a byte: widened somewhere
		}
		for range 200 {
			n := 1 + rng.IntN(40)
			b.room(n)
			for range n {
				id := uint32(rng.IntN(int(limit)))
				if rng.IntN(50) > 0 {
					id %= 256
				}
				b.push(id)
				want = append(want, id)
			}
			if rng.IntN(5) == 0 {
				k := 1 + rng.IntN(n)
				id := uint32(rng.IntN(int(limit)))
				b.setLast(k, id)
				want[len(want)-k] = id
			}
			if rng.IntN(20) == 0 {
				k := rng.IntN(100)
				b.zeros(k)
				want = append(want, make([]uint32, k)...)
			}
			if b.len() != len(want) {
				t.Fatalf("seed %d: %d ids, want %d", seed, b.len(), len(want))
			}
		}
		wide := slices.ContainsFunc(want, func(id uint32) bool { return id >= 256 })
		if b.isWide != wide {
			t.Errorf("seed %d: wide %v, want %v", seed, b.isWide, wide)
		}
		c, err := b.flat(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if c.len() != len(want) || (c.wide != nil) != wide {
			t.Fatalf("seed %d: column of %d (wide %v), want %d (%v)", seed, c.len(), c.wide != nil, len(want), wide)
		}
		for o, id := range want {
			if got := c.at(uint32(o)); got != id {
				t.Fatalf("seed %d: id %d is %d, want %d", seed, o, got, id)
			}
		}
		for range 100 {
			lo := rng.IntN(len(want))
			hi := lo + 1 + rng.IntN(min(4, len(want)-lo))
			if got := c.uniform(uint32(lo), uint32(hi)); got != uniform(want[lo:hi]) {
				t.Errorf("seed %d: uniform(%d, %d) = %v", seed, lo, hi, got)
			}
		}
	}
}
