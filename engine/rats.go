package engine

import (
	"math/big"
)

// ratTable interns the rationals a game uses (probabilities, rewards,
// payoffs), so the graph stores a 4-byte id per use and each distinct value
// is converted to the solving field once. Id 0 is 0 and 1 is 1.
type ratTable struct {
	vals  []*big.Rat
	byPtr map[*big.Rat]uint32
	byVal map[string]uint32
	key   []byte
}

// maxPtrCache bounds the pointer cache: rules that allocate a fresh
// *big.Rat per outcome would otherwise fill it with dead pointers.
const maxPtrCache = 1 << 16

func newRatTable() *ratTable {
	t := &ratTable{byPtr: map[*big.Rat]uint32{}, byVal: map[string]uint32{}}
	t.id(new(big.Rat))
	t.id(big.NewRat(1, 1))
	return t
}

// id returns r's id; r must not be modified afterwards.
func (t *ratTable) id(r *big.Rat) uint32 {
	if id, ok := t.byPtr[r]; ok {
		return id
	}
	t.key = r.Num().Append(t.key[:0], 36)
	t.key = append(t.key, '/')
	t.key = r.Denom().Append(t.key, 36)
	id, ok := t.byVal[string(t.key)]
	if !ok {
		id = uint32(len(t.vals))
		t.vals = append(t.vals, new(big.Rat).Set(r))
		t.byVal[string(t.key)] = id
	}
	if len(t.byPtr) < maxPtrCache {
		t.byPtr[r] = id
	}
	return id
}
