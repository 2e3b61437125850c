package engine

import (
	"context"

	"github.com/gamesolve/gamesolve/internal/hugepage"
)

// idColumn is a column of small ids: the rational table's, one per
// outcome (the graph's probabilities and rewards), and the action names',
// one per action. While every id is below 256 (a game of few distinct
// rationals and names: Pig's are 0, 1 and 1/6, roll and hold) an entry
// takes one byte, else four; a model file's arrays are adopted as they
// are (wide). Pig 100 has 6.7 million outcomes and 1.9 million actions:
// the three columns take 15 MB, not 62.
type idColumn struct {
	narrow []uint8
	wide   []uint32 // if not nil, the ids; else narrow
}

// at is outcome o's id.
func (c *idColumn) at(o uint32) uint32 {
	if c.wide != nil {
		return c.wide[o]
	}
	return uint32(c.narrow[o])
}

// newIDColumn returns a column of n ids up to most, all 0: a byte each if
// most is below 256.
func newIDColumn(n, most int) idColumn {
	if most < 256 {
		return idColumn{narrow: make([]uint8, n)}
	}
	return idColumn{wide: make([]uint32, n)}
}

// set writes entry o's id, which must fit the column (narrow: below 256).
func (c *idColumn) set(o uint32, id uint32) {
	if c.wide != nil {
		c.wide[o] = id
	} else {
		c.narrow[o] = uint8(id)
	}
}

func (c *idColumn) len() int {
	if c.wide != nil {
		return len(c.wide)
	}
	return len(c.narrow)
}

// uniform reports whether outcomes lo to hi-1 (at least one) have one id.
func (c *idColumn) uniform(lo, hi uint32) bool {
	if c.wide != nil {
		return uniform(c.wide[lo:hi])
	}
	return uniform(c.narrow[lo:hi])
}

// idBuilder is an idColumn being explored, appended to in chunks (column):
// bytes while every id fits, then four bytes each (widen copies what is
// there once).
type idBuilder struct {
	narrow column[uint8]
	wide   column[uint32]
	isWide bool
}

// sized makes the builder's chunk hold n ids, the first k of them 0 (a
// Sizer's hint).
func (b *idBuilder) sized(k, n int) { b.narrow.cur = hugepage.Make[uint8](k, n) }

// room makes room for k more ids in the current chunk (column.room).
func (b *idBuilder) room(k int) {
	if b.isWide {
		b.wide.room(k)
	} else {
		b.narrow.room(k)
	}
}

// push appends id; room must have made room for it.
func (b *idBuilder) push(id uint32) {
	if !b.isWide {
		if id < 1<<8 {
			b.narrow.push(uint8(id))
			return
		}
		b.widen()
	}
	b.wide.push(id)
}

// setLast sets the id k places from the end (1 is the last).
func (b *idBuilder) setLast(k int, id uint32) {
	if !b.isWide && id >= 1<<8 {
		b.widen()
	}
	if b.isWide {
		b.wide.cur[len(b.wide.cur)-k] = id
	} else {
		b.narrow.cur[len(b.narrow.cur)-k] = uint8(id)
	}
}

// zeros appends k zeros, as a chunk of their own.
func (b *idBuilder) zeros(k int) {
	if b.isWide {
		b.wide.zeros(k)
	} else {
		b.narrow.zeros(k)
	}
}

func (b *idBuilder) len() int {
	if b.isWide {
		return b.wide.len()
	}
	return b.narrow.len()
}

// widen copies the ids into one chunk of four bytes each, with the room
// the current chunk had left (an action's outcomes stay in one chunk).
func (b *idBuilder) widen() {
	n := b.narrow.len()
	w := hugepage.Make[uint32](0, n+max(cap(b.narrow.cur)-len(b.narrow.cur), 4096))
	for _, ch := range b.narrow.full {
		for _, id := range ch {
			w = append(w, uint32(id))
		}
	}
	for _, id := range b.narrow.cur {
		w = append(w, uint32(id))
	}
	b.narrow, b.wide, b.isWide = column[uint8]{}, column[uint32]{cur: w}, true
}

// bytes is the memory of the current chunk, for hugepage.PopulateAhead.
func (b *idBuilder) bytes() []byte {
	if b.isWide {
		return hugepage.Bytes(b.wide.cur)
	}
	return hugepage.Bytes(b.narrow.cur)
}

// copies is what flat copies, in bytes: the ids, where they are in more
// than one chunk.
func (b *idBuilder) copies() float64 {
	switch {
	case b.isWide && len(b.wide.full) > 0:
		return 4 * float64(b.len())
	case !b.isWide && len(b.narrow.full) > 0:
		return float64(b.len())
	}
	return 0
}

// flat returns the column (column.flat).
func (b *idBuilder) flat(ctx context.Context) (idColumn, error) {
	if b.isWide {
		w, err := b.wide.flat(ctx)
		return idColumn{wide: w}, err
	}
	n, err := b.narrow.flat(ctx)
	return idColumn{narrow: n}, err
}
