package engine

import (
	"math"
	"math/big"
	"unsafe"

	"github.com/gamesolve/gamesolve/numeric"
)

// ratTable interns the rationals a game uses (probabilities, rewards,
// payoffs), so the graph stores a 4-byte id per use and each distinct value
// is converted to the solving field once. Id 0 is 0 and 1 is 1.
type ratTable struct {
	vals  []*big.Rat
	prob  []bool // vals[i] is in (0, 1]
	byPtr map[*big.Rat]uint32
	// Values are found by value in small when numerator and denominator
	// fit in an int64 (no text to build), else in large by their text.
	small map[[2]int64]uint32
	large map[string]uint32
	key   []byte
	// recent is a direct-mapped cache in front of byPtr: rules usually
	// pass the same few pointers (1/6, 1/2) millions of times.
	recent [64]struct {
		p  *big.Rat
		id uint32
	}
}

// maxPtrCache bounds the pointer cache: rules that allocate a fresh
// *big.Rat per outcome would otherwise fill it with dead pointers.
const maxPtrCache = 1 << 16

func newRatTable() *ratTable {
	t := &ratTable{byPtr: map[*big.Rat]uint32{}, small: map[[2]int64]uint32{}, large: map[string]uint32{}}
	t.id(new(big.Rat))
	t.id(big.NewRat(1, 1))
	return t
}

// id returns r's id; r must not be modified afterwards.
func (t *ratTable) id(r *big.Rat) uint32 {
	slot := &t.recent[(uintptr(unsafe.Pointer(r))>>4)%uintptr(len(t.recent))]
	if slot.p == r {
		return slot.id
	}
	id := t.lookup(r)
	slot.p, slot.id = r, id
	return id
}

// find returns r's id if r is in the table, adding nothing.
func (t *ratTable) find(r *big.Rat) (uint32, bool) {
	slot := &t.recent[(uintptr(unsafe.Pointer(r))>>4)%uintptr(len(t.recent))]
	if slot.p == r {
		return slot.id, true
	}
	id, ok := t.byPtr[r]
	if !ok {
		id, ok, _ = t.byValue(r)
	}
	if ok {
		slot.p, slot.id = r, id
	}
	return id, ok
}

// byValue finds r by value. Where it is not there, small tells which map
// to add it to: small under its numerator and denominator, else large
// under t.key.
func (t *ratTable) byValue(r *big.Rat) (id uint32, ok bool, small bool) {
	if n, d := r.Num(), r.Denom(); n.IsInt64() && d.IsInt64() {
		id, ok = t.small[[2]int64{n.Int64(), d.Int64()}]
		return id, ok, true
	}
	t.key = r.Num().Append(t.key[:0], 36)
	t.key = append(t.key, '/')
	t.key = r.Denom().Append(t.key, 36)
	id, ok = t.large[string(t.key)]
	return id, ok, false
}

func (t *ratTable) lookup(r *big.Rat) uint32 {
	if id, ok := t.byPtr[r]; ok {
		return id
	}
	id, ok, small := t.byValue(r)
	if !ok {
		id = t.add(r)
		if small {
			t.small[[2]int64{r.Num().Int64(), r.Denom().Int64()}] = id
		} else {
			t.large[string(t.key)] = id
		}
	}
	if len(t.byPtr) < maxPtrCache {
		t.byPtr[r] = id
	}
	return id
}

// add appends a copy of a value not yet in the table.
func (t *ratTable) add(r *big.Rat) uint32 {
	t.vals = append(t.vals, new(big.Rat).Set(r))
	t.prob = append(t.prob, numeric.IsProbability(r))
	return uint32(len(t.vals) - 1)
}

// fromFloat converts a float64 to the field: directly when T is float64,
// exactly through a big.Rat for any other field (0 for a NaN or infinity).
func fromFloat[T any, F numeric.Field[T]](f F, x float64) T {
	if v, ok := any(x).(T); ok {
		return v
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return f.New()
	}
	return f.FromRat(f.New(), new(big.Rat).SetFloat64(x))
}
