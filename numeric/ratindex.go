package numeric

import "math/big"

// RatIndex finds rationals by value: an index for each distinct value.
// Values whose numerator and denominator fit in an int64 (nearly all a
// game holds) are keyed by those two integers, others by their text, so
// most lookups build no text at all. The zero RatIndex is empty and ready.
type RatIndex struct {
	small map[[2]int64]uint32
	large map[string]uint32
	key   []byte
}

// Get returns the index stored for r's value.
func (x *RatIndex) Get(r *big.Rat) (uint32, bool) {
	if k, ok := smallKey(r); ok {
		i, ok := x.small[k]
		return i, ok
	}
	i, ok := x.large[string(x.text(r))]
	return i, ok
}

// Put stores index i for r's value.
func (x *RatIndex) Put(r *big.Rat, i uint32) {
	if k, ok := smallKey(r); ok {
		if x.small == nil {
			x.small = map[[2]int64]uint32{}
		}
		x.small[k] = i
		return
	}
	if x.large == nil {
		x.large = map[string]uint32{}
	}
	x.large[string(x.text(r))] = i
}

// Len is the number of values stored.
func (x *RatIndex) Len() int { return len(x.small) + len(x.large) }

// Grow makes room for about n values in all, so that a table of many
// distinct values (a payoff per state) is not rebuilt at every doubling.
func (x *RatIndex) Grow(n int) {
	if n <= x.Len() {
		return
	}
	small := make(map[[2]int64]uint32, n)
	for k, v := range x.small {
		small[k] = v
	}
	x.small = small
}

func smallKey(r *big.Rat) ([2]int64, bool) {
	n, d := r.Num(), r.Denom()
	if n.IsInt64() && d.IsInt64() {
		return [2]int64{n.Int64(), d.Int64()}, true
	}
	return [2]int64{}, false
}

// text is r as num/den in base 36, in a buffer reused from call to call.
func (x *RatIndex) text(r *big.Rat) []byte {
	x.key = r.Num().Append(x.key[:0], 36)
	x.key = append(x.key, '/')
	x.key = r.Denom().Append(x.key, 36)
	return x.key
}
