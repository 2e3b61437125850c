package distributed

import (
	"math"
	"math/big"
	"reflect"
	"testing"

	"github.com/gamesolve/gamesolve/tiered"
	"github.com/gamesolve/gamesolve/tierfile"
)

func sampleParts() []part {
	return []part{
		{Records: &tierfile.Tier{Game: "pig target=60", Kind: tierfile.Float, Width: 4, Tier: 59, Keys: []uint64{3, 9}, Actions: []int32{0, -1},
			Floats: []float64{0.5, 0.5, 2, 0, math.Inf(1), math.Copysign(0, -1), math.NaN(), 1}}},
		{Records: &tierfile.Tier{Game: "chefs", Kind: tierfile.Exact, Width: 3, Tier: 1, Keys: []uint64{7}, Actions: []int32{2},
			Rats: []*big.Rat{big.NewRat(1, 3), big.NewRat(-7, 2), new(big.Rat)}},
			Unproven: tiered.Unproven{Components: 2, Bound: 1e-9}},
	}
}

// TestPartRoundTrip: a part decodes to what was encoded, floats bit for
// bit and exact values exactly, and every cut of an encoding is refused.
func TestPartRoundTrip(t *testing.T) {
	for _, p := range sampleParts() {
		b := encodePart(p)
		got, err := decodePart(b)
		if err != nil {
			t.Fatal(err)
		}
		if got.Records.Kind == tierfile.Float {
			for i, v := range p.Records.Floats {
				if math.Float64bits(v) != math.Float64bits(got.Records.Floats[i]) {
					t.Fatalf("float %d: %v, want %v", i, got.Records.Floats[i], v)
				}
			}
			got.Records.Floats, p.Records.Floats = nil, nil
		} else {
			for i, v := range p.Records.Rats {
				if v.Cmp(got.Records.Rats[i]) != 0 {
					t.Fatalf("value %d: %v, want %v", i, got.Records.Rats[i], v)
				}
			}
			got.Records.Rats, p.Records.Rats = nil, nil
		}
		if !reflect.DeepEqual(got, p) {
			t.Fatalf("got %+v, want %+v", got, p)
		}
		for n := range len(b) {
			if _, err := decodePart(b[:n]); err == nil {
				t.Fatalf("%d of %d bytes decoded", n, len(b))
			}
		}
	}
}

// FuzzDecodePart: any bytes give a part or an error, never a panic, and a
// part decoded, encoded again, decodes to the same encoding.
func FuzzDecodePart(f *testing.F) {
	for _, p := range sampleParts() {
		f.Add(encodePart(p))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := decodePart(b)
		if err != nil {
			return
		}
		again := encodePart(p)
		q, err := decodePart(again)
		if err != nil {
			t.Fatalf("its own encoding refused: %v", err)
		}
		if string(encodePart(q)) != string(again) {
			t.Fatal("encoded differently the second time")
		}
	})
}
