package tiered

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"

	"github.com/gamesolve/gamesolve/tierfile"
)

// mergeLimit bounds the bytes of a tier's records merged in memory: a
// float tier of more, solved a unit at a time, spills its values.
const mergeLimit = 256 << 20

func (o Options) mergeLimit() int64 {
	if o.MergeLimit != 0 {
		return o.MergeLimit
	}
	return mergeLimit
}

// spills reports whether a tier of states states, width values a state,
// has its values spilled to temporary files as its units are solved
// (spill) rather than merged in memory.
func (o Options) spills(kind tierfile.Kind, sharded bool, states int64, width int) bool {
	return sharded && kind == tierfile.Float && states > int64(o.unitStates()) &&
		(o.mergeLimit() < 0 || heldBytes(kind, int(states), width) > o.mergeLimit())
}

// spillBytes is the disk a tier's spilled values take until its file is
// written: as much again as its values.
func (o Options) spillBytes(kind tierfile.Kind, sharded bool, states int64, width int) uint64 {
	if !o.spills(kind, sharded, states, width) {
		return 0
	}
	return uint64(states) * uint64(width) * 8
}

// createSpill is os.Create for a unit's spill file (a test counts them).
var createSpill = os.Create

// spill is a float tier solved a unit at a time whose units' values are
// written to temporary files as they are solved, each unit's records held
// without them, so that memory holds a few bytes a state of the tier
// rather than its values. Its file is merged from them as it is written
// (write). The temporary files end in .tmp: an interrupted solve leaves
// them for tierfile.Dir.Clean.
type spill struct {
	tier  int64
	parts []*tierfile.Tier // Floats nil
	paths []string
}

// add writes part's values to a temporary file of dir and keeps the rest.
func (s *spill) add(dir string, part *tierfile.Tier) error {
	path := filepath.Join(dir, fmt.Sprintf("tier-%012d.unit-%06d.tmp", part.Tier, len(s.parts)))
	f, err := createSpill(path)
	if err != nil {
		return fmt.Errorf("tiered: %w", err)
	}
	s.tier = part.Tier
	s.paths = append(s.paths, path)
	bw := bufio.NewWriterSize(f, 64<<10)
	var b [8]byte
	for _, v := range part.Floats {
		binary.LittleEndian.PutUint64(b[:], math.Float64bits(v))
		bw.Write(b[:]) // its error is kept for Flush
	}
	err = bw.Flush()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("tiered: tier %d: spilling unit %d: %w", part.Tier, len(s.parts), err)
	}
	part.Floats = nil
	s.parts = append(s.parts, part)
	return nil
}

// remove removes the temporary files.
func (s *spill) remove() {
	for _, p := range s.paths {
		os.Remove(p)
	}
	s.paths = nil
}

// write writes the tier's file to dir, its values read back from the
// units' files in the merged order, checking ctx as it goes, and removes
// the temporary files.
func (s *spill) write(ctx context.Context, dir *tierfile.Dir) error {
	defer s.remove()
	out, from, err := mergeKeys(s.parts)
	if err != nil {
		return err
	}
	s.parts = nil // their keys and actions are merged into out
	readers := make([]*bufio.Reader, len(s.paths))
	for p, path := range s.paths {
		f, err := os.Open(path)
		if err != nil {
			return fmt.Errorf("tiered: %w", err)
		}
		defer f.Close()
		readers[p] = bufio.NewReaderSize(f, 64<<10)
	}
	buf := make([]byte, 8*out.Width)
	j := 0
	return dir.WriteFrom(out, func(vals []float64) error {
		if j%4096 == 0 && ctx.Err() != nil {
			return fmt.Errorf("tiered: tier %d: %w", out.Tier, ctx.Err())
		}
		if _, err := io.ReadFull(readers[from[j]], buf); err != nil {
			return fmt.Errorf("tiered: tier %d: reading back unit %d: %w", out.Tier, from[j], err)
		}
		for i := range vals {
			vals[i] = math.Float64frombits(binary.LittleEndian.Uint64(buf[8*i:]))
		}
		j++
		return nil
	})
}

// mergeOrder merges the keys of parts, each in ascending order, and
// returns the part of each key in the merged order. A key found twice is
// refused. It is a k-way merge on a binary heap of the parts' next keys:
// n log k comparisons for n keys in k parts.
func mergeOrder(parts []*tierfile.Tier) ([]int32, error) {
	n := 0
	for _, t := range parts {
		n += len(t.Keys)
	}
	if len(parts) > math.MaxInt32 {
		return nil, errors.New("tiered: too many parts to merge")
	}
	at := make([]int, len(parts))
	key := func(p int32) uint64 { return parts[p].Keys[at[p]] }
	var h []int32 // parts with keys left, a min-heap by next key
	less := func(a, b int) bool { return key(h[a]) < key(h[b]) }
	down := func(i int) {
		for {
			c := 2*i + 1
			if c >= len(h) {
				return
			}
			if c+1 < len(h) && less(c+1, c) {
				c++
			}
			if !less(c, i) {
				return
			}
			h[i], h[c] = h[c], h[i]
			i = c
		}
	}
	for p, t := range parts {
		if len(t.Keys) > 0 {
			h = append(h, int32(p))
		}
	}
	for i := len(h)/2 - 1; i >= 0; i-- {
		down(i)
	}
	from := make([]int32, 0, n)
	var last uint64
	for len(h) > 0 {
		p := h[0]
		k := key(p)
		if len(from) > 0 && k == last {
			return nil, fmt.Errorf("tiered: state index %d has two records", k)
		}
		from = append(from, p)
		last = k
		at[p]++
		if at[p] == len(parts[p].Keys) {
			h[0] = h[len(h)-1]
			h = h[:len(h)-1]
		}
		down(0)
	}
	return from, nil
}
