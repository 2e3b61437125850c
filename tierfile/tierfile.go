package tierfile

import (
	"bufio"
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"sort"
)

// ErrCorrupt reports a tier file that fails its checks: torn, truncated,
// or changed on disk. Its values are never returned.
var ErrCorrupt = errors.New("tierfile: corrupt tier file")

// Kind is how a tier's values are held.
type Kind uint8

// The kinds of values.
const (
	Float Kind = 1 // float64
	Exact Kind = 2 // big.Rat
)

func (k Kind) String() string {
	switch k {
	case Float:
		return "float"
	case Exact:
		return "exact"
	}
	return fmt.Sprintf("kind %d", uint8(k))
}

// Tier is one solved tier: its states' keys in ascending order, the action
// each chose (-1 where none), and Width values a state, in Floats or Rats
// by Kind (state i's are [i*Width, (i+1)*Width)).
type Tier struct {
	// Game describes the game and its parameters; files of different
	// descriptions never mix (its SHA-256 is stored and compared).
	Game    string
	Kind    Kind
	Width   int
	Tier    int64
	Keys    []uint64
	Actions []int32
	Floats  []float64
	Rats    []*big.Rat
}

const (
	magic     = "GSTIER01"
	endMagic  = "GSTIEND1"
	blockSize = 64 << 10
	// fixedHeader is the header's fixed fields after the magic and its
	// length: kind (1), width (4), tier (8), states (8), fingerprint (32).
	fixedHeader = 1 + 4 + 8 + 8 + sha256.Size
	// maxGame bounds the description read back.
	maxGame = 1 << 16
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Fingerprint is the SHA-256 of a game's description.
func Fingerprint(game string) [sha256.Size]byte { return sha256.Sum256([]byte(game)) }

// check validates t before it is written.
func (t *Tier) check() error {
	return t.checkWith(len(t.Floats))
}

// checkWith is check for a tier of floats float values, held or not.
func (t *Tier) checkWith(floats int) error {
	n := len(t.Keys)
	switch {
	case t.Width < 1 || t.Width > 1<<16:
		return fmt.Errorf("tierfile: tier %d: %d values a state (from 1 to 65536)", t.Tier, t.Width)
	case len(t.Game) > maxGame:
		return fmt.Errorf("tierfile: tier %d: a game description of %d bytes (at most %d)", t.Tier, len(t.Game), maxGame)
	case len(t.Actions) != n:
		return fmt.Errorf("tierfile: tier %d: %d actions for %d states", t.Tier, len(t.Actions), n)
	case t.Kind == Float && floats != n*t.Width:
		return fmt.Errorf("tierfile: tier %d: %d float values for %d states of %d", t.Tier, floats, n, t.Width)
	case t.Kind == Exact && len(t.Rats) != n*t.Width:
		return fmt.Errorf("tierfile: tier %d: %d exact values for %d states of %d", t.Tier, len(t.Rats), n, t.Width)
	case t.Kind != Float && t.Kind != Exact:
		return fmt.Errorf("tierfile: tier %d: unknown %v", t.Tier, t.Kind)
	}
	for i := 1; i < n; i++ {
		if t.Keys[i] <= t.Keys[i-1] {
			return fmt.Errorf("tierfile: tier %d: keys not ascending at state %d (%d after %d)", t.Tier, i, t.Keys[i], t.Keys[i-1])
		}
	}
	return nil
}

// blockWriter writes in blocks of blockSize bytes, keeping a CRC-32C of
// each, and the first error, after which it writes nothing. It gathers a
// whole block before it checksums and writes it: values of 4 and 8 bytes
// are then appended in place rather than written one at a time.
type blockWriter struct {
	w     io.Writer
	blk   []byte // the current block, capacity blockSize
	table []uint32
	err   error
}

func newBlockWriter(w io.Writer) *blockWriter {
	return &blockWriter{w: w, blk: make([]byte, 0, blockSize)}
}

func (b *blockWriter) write(p []byte) {
	for len(p) > 0 {
		n := copy(b.blk[len(b.blk):blockSize], p)
		b.blk = b.blk[:len(b.blk)+n]
		p = p[n:]
		if len(b.blk) == blockSize {
			b.flush()
		}
	}
}

// flush ends the current block, if it holds any bytes.
func (b *blockWriter) flush() {
	if len(b.blk) == 0 {
		return
	}
	b.table = append(b.table, crc32.Checksum(b.blk, castagnoli))
	if b.err == nil {
		_, b.err = b.w.Write(b.blk)
	}
	b.blk = b.blk[:0]
}

func (b *blockWriter) u64(v uint64) {
	if blockSize-len(b.blk) < 8 {
		var x [8]byte
		binary.LittleEndian.PutUint64(x[:], v)
		b.write(x[:])
		return
	}
	b.blk = binary.LittleEndian.AppendUint64(b.blk, v)
	if len(b.blk) == blockSize {
		b.flush()
	}
}

func (b *blockWriter) u32(v uint32) {
	if blockSize-len(b.blk) < 4 {
		var x [4]byte
		binary.LittleEndian.PutUint32(x[:], v)
		b.write(x[:])
		return
	}
	b.blk = binary.LittleEndian.AppendUint32(b.blk, v)
	if len(b.blk) == blockSize {
		b.flush()
	}
}

// Write stores t as path, atomically (WriteAtomic): path is either
// absent, the previous file, or all of t.
func Write(path string, t *Tier) error {
	if err := t.check(); err != nil {
		return err
	}
	return write(path, t, func(bw *blockWriter) error {
		switch t.Kind {
		case Float:
			for _, v := range t.Floats {
				bw.u64(math.Float64bits(v))
			}
		case Exact:
			var blob bytes.Buffer
			offs := make([]uint64, 0, len(t.Rats)+1)
			for _, v := range t.Rats {
				offs = append(offs, uint64(blob.Len()))
				blob.WriteString(v.RatString())
			}
			offs = append(offs, uint64(blob.Len()))
			for _, o := range offs {
				bw.u64(o)
			}
			bw.write(blob.Bytes())
		}
		return nil
	})
}

// WriteFrom is Write for a float tier whose values are too many to hold
// at once: t's Floats are nil, and next fills vals, Width long, with the
// values of each state in turn, in key order. The file is the one Write
// writes of the same tier.
func WriteFrom(path string, t *Tier, next func(vals []float64) error) error {
	if t.Kind != Float || t.Floats != nil {
		return fmt.Errorf("tierfile: tier %d: WriteFrom writes the values of a float tier from next only", t.Tier)
	}
	if err := t.checkWith(len(t.Keys) * t.Width); err != nil {
		return err
	}
	return write(path, t, func(bw *blockWriter) error {
		vals := make([]float64, t.Width)
		for range t.Keys {
			if err := next(vals); err != nil {
				return err
			}
			for _, v := range vals {
				bw.u64(math.Float64bits(v))
			}
		}
		return nil
	})
}

// write writes t's header, keys and actions, then its values by values,
// then the trailer of block checksums, atomically.
func write(path string, t *Tier, values func(bw *blockWriter) error) error {
	err := WriteAtomic(path, func(w io.Writer) error {
		bw := newBlockWriter(w)
		bw.write([]byte(magic))
		bw.u32(uint32(fixedHeader + len(t.Game)))
		bw.write([]byte{byte(t.Kind)})
		bw.u32(uint32(t.Width))
		bw.u64(uint64(t.Tier))
		bw.u64(uint64(len(t.Keys)))
		fp := Fingerprint(t.Game)
		bw.write(fp[:])
		bw.write([]byte(t.Game))
		for _, k := range t.Keys {
			bw.u64(k)
		}
		for _, a := range t.Actions {
			bw.u32(uint32(a))
		}
		if err := values(bw); err != nil {
			return err
		}
		bw.flush()
		// The trailer is written as it is: it is not in a block.
		var tr []byte
		for _, c := range bw.table {
			tr = binary.LittleEndian.AppendUint32(tr, c)
		}
		tr = binary.LittleEndian.AppendUint64(tr, uint64(len(bw.table)))
		tr = binary.LittleEndian.AppendUint32(tr, crc32.Checksum(tr, castagnoli))
		tr = append(tr, endMagic...)
		if bw.err != nil {
			return bw.err
		}
		_, err := w.Write(tr)
		return err
	})
	if err != nil {
		return fmt.Errorf("tierfile: tier %d: %w", t.Tier, err)
	}
	return nil
}

// WriteAtomic writes path atomically: write fills a temporary file beside
// it, which is synced and renamed over path, and the directory is synced.
// On failure the temporary file is removed and path is untouched.
func WriteAtomic(path string, write func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("tierfile: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := write(tmp); err != nil {
		return fmt.Errorf("tierfile: %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("tierfile: %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("tierfile: %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("tierfile: %w", err)
	}
	return syncDir(filepath.Dir(path))
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("tierfile: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("tierfile: syncing %s: %w", dir, err)
	}
	return nil
}

// Reader reads a tier file, checking each block the first time it is read.
type Reader struct {
	f                   *os.File
	path                string
	Game                string
	Kind                Kind
	Width               int
	Tier                int64
	Count               int
	fingerprint         [sha256.Size]byte
	body                int64 // bytes covered by the blocks
	keysAt, actsAt, vAt int64
	blobAt              int64 // exact: the start of the text blob
	table               []uint32
	checked             []bool
	buf                 []byte
	// sparse, once Index has run, is every indexStride-th key: a lookup
	// then reads one run of keys instead of searching the file.
	sparse []uint64
}

// indexStride is the keys between two entries of the sparse index: 4 KiB
// of keys.
const indexStride = 512

func corrupt(path, format string, a ...any) error {
	return fmt.Errorf("%w %s: %s", ErrCorrupt, path, fmt.Sprintf(format, a...))
}

// Open opens a tier file and checks its header, its trailer and that its
// sections fill it exactly. Missing files give an error for which
// errors.Is(err, fs.ErrNotExist) holds.
func Open(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("tierfile: %w", err)
	}
	r, err := open(f, path)
	if err != nil {
		f.Close()
		return nil, err
	}
	return r, nil
}

func open(f *os.File, path string) (*Reader, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("tierfile: %w", err)
	}
	size := st.Size()
	tail := int64(8 + 4 + len(endMagic))
	if size < int64(len(magic))+4+fixedHeader+tail {
		return nil, corrupt(path, "%d bytes, too short for a tier file", size)
	}
	end := make([]byte, tail)
	if _, err := f.ReadAt(end, size-tail); err != nil {
		return nil, fmt.Errorf("tierfile: %s: %w", path, err)
	}
	if string(end[12:]) != endMagic {
		return nil, corrupt(path, "no end marker (a torn write?)")
	}
	nb := binary.LittleEndian.Uint64(end[:8])
	if nb > uint64(size)/4 {
		return nil, corrupt(path, "a table of %d blocks in %d bytes", nb, size)
	}
	body := size - tail - int64(nb)*4
	if body < 0 || (body+blockSize-1)/blockSize != int64(nb) {
		return nil, corrupt(path, "%d blocks for %d bytes", nb, body)
	}
	tb := make([]byte, int64(nb)*4+8)
	if _, err := f.ReadAt(tb, body); err != nil {
		return nil, fmt.Errorf("tierfile: %s: %w", path, err)
	}
	if crc32.Checksum(tb, castagnoli) != binary.LittleEndian.Uint32(end[8:12]) {
		return nil, corrupt(path, "the block table's checksum")
	}
	r := &Reader{f: f, path: path, body: body, table: make([]uint32, nb), checked: make([]bool, nb)}
	for i := range r.table {
		r.table[i] = binary.LittleEndian.Uint32(tb[4*i:])
	}
	head, err := r.read(0, int64(len(magic))+4)
	if err != nil {
		return nil, err
	}
	if string(head[:len(magic)]) != magic {
		return nil, corrupt(path, "not a tier file (magic %q)", head[:len(magic)])
	}
	hl := int64(binary.LittleEndian.Uint32(head[len(magic):]))
	if hl < fixedHeader || hl > fixedHeader+maxGame {
		return nil, corrupt(path, "a header of %d bytes", hl)
	}
	h, err := r.read(int64(len(magic))+4, hl)
	if err != nil {
		return nil, err
	}
	r.Kind = Kind(h[0])
	width := binary.LittleEndian.Uint32(h[1:])
	r.Tier = int64(binary.LittleEndian.Uint64(h[5:]))
	count := binary.LittleEndian.Uint64(h[13:])
	copy(r.fingerprint[:], h[21:21+sha256.Size])
	r.Game = string(h[fixedHeader:])
	if Fingerprint(r.Game) != r.fingerprint {
		return nil, corrupt(path, "the game's fingerprint")
	}
	if width < 1 || width > 1<<16 || (r.Kind != Float && r.Kind != Exact) {
		return nil, corrupt(path, "%d values of %v a state", width, r.Kind)
	}
	r.Width = int(width)
	r.keysAt = int64(len(magic)) + 4 + hl
	if count > uint64(body)/12 {
		return nil, corrupt(path, "%d states in %d bytes", count, body)
	}
	r.Count = int(count)
	r.actsAt = r.keysAt + 8*int64(count)
	r.vAt = r.actsAt + 4*int64(count)
	vals := int64(count) * int64(width)
	switch r.Kind {
	case Float:
		if r.vAt+8*vals != body {
			return nil, corrupt(path, "%d bytes for %d states of %d floats", body, count, width)
		}
	case Exact:
		r.blobAt = r.vAt + 8*(vals+1)
		if r.blobAt > body {
			return nil, corrupt(path, "%d bytes for %d states of %d exact values", body, count, width)
		}
		last, err := r.u64(r.blobAt - 8)
		if err != nil {
			return nil, err
		}
		if r.blobAt+int64(last) != body || last > uint64(body) {
			return nil, corrupt(path, "a value blob of %d bytes where %d remain", last, body-r.blobAt)
		}
	}
	return r, nil
}

// Close closes the file.
func (r *Reader) Close() error { return r.f.Close() }

// Path is the file's name.
func (r *Reader) Path() string { return r.path }

// read returns n bytes at off, checking every block they touch.
func (r *Reader) read(off, n int64) ([]byte, error) {
	if off < 0 || n < 0 || off+n > r.body {
		return nil, corrupt(r.path, "a read of %d bytes at %d past the end", n, off)
	}
	for b := off / blockSize; b*blockSize < off+n; b++ {
		if err := r.checkBlock(b); err != nil {
			return nil, err
		}
	}
	if int64(cap(r.buf)) < n {
		r.buf = make([]byte, n)
	}
	buf := r.buf[:n]
	if _, err := r.f.ReadAt(buf, off); err != nil {
		return nil, fmt.Errorf("tierfile: %s: %w", r.path, err)
	}
	return buf, nil
}

func (r *Reader) checkBlock(b int64) error {
	if r.checked[b] {
		return nil
	}
	lo := b * blockSize
	hi := min(lo+blockSize, r.body)
	block := make([]byte, hi-lo)
	if _, err := r.f.ReadAt(block, lo); err != nil {
		return fmt.Errorf("tierfile: %s: %w", r.path, err)
	}
	if crc32.Checksum(block, castagnoli) != r.table[b] {
		return corrupt(r.path, "block %d (bytes %d to %d) fails its checksum", b, lo, hi)
	}
	r.checked[b] = true
	return nil
}

func (r *Reader) u64(off int64) (uint64, error) {
	b, err := r.read(off, 8)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint64(b), nil
}

// Verify checks every block of the file.
func (r *Reader) Verify() error {
	for b := range int64(len(r.table)) {
		if err := r.checkBlock(b); err != nil {
			return err
		}
	}
	return nil
}

// Record is one state's entry.
type Record struct {
	Key    uint64
	Action int32
	Floats []float64
	Rats   []*big.Rat
}

// Lookup finds the state with key, reading only the blocks its search
// touches.
func (r *Reader) Lookup(key uint64) (rec Record, ok bool, err error) {
	if r.sparse != nil {
		return r.lookupIndexed(key)
	}
	var ferr error
	i := sort.Search(r.Count, func(i int) bool {
		if ferr != nil {
			return true
		}
		k, err := r.u64(r.keysAt + 8*int64(i))
		if err != nil {
			ferr = err
			return true
		}
		return k >= key
	})
	if ferr != nil {
		return Record{}, false, ferr
	}
	if i == r.Count {
		return Record{}, false, nil
	}
	rec, err = r.record(i)
	if err != nil || rec.Key != key {
		return Record{}, false, err
	}
	return rec, true, nil
}

// Index reads the keys once, checking their blocks, and keeps every
// 512th: later lookups read 4 KiB of keys and the record, three reads,
// where a search of the file takes about twenty. It holds 8 bytes for
// each 512 states.
func (r *Reader) Index() error {
	if r.sparse != nil {
		return nil
	}
	sparse := make([]uint64, 0, r.Count/indexStride+1)
	for i := 0; i < r.Count; i += indexStride {
		k, err := r.u64(r.keysAt + 8*int64(i))
		if err != nil {
			return err
		}
		sparse = append(sparse, k)
	}
	r.sparse = sparse
	return nil
}

func (r *Reader) lookupIndexed(key uint64) (Record, bool, error) {
	// The run whose first key is the last at or below key.
	c, found := slices.BinarySearch(r.sparse, key)
	if !found {
		c--
	}
	if c < 0 {
		return Record{}, false, nil
	}
	lo := c * indexStride
	n := min(indexStride, r.Count-lo)
	b, err := r.read(r.keysAt+8*int64(lo), 8*int64(n))
	if err != nil {
		return Record{}, false, err
	}
	i, found := sort.Find(n, func(j int) int {
		return cmp.Compare(key, binary.LittleEndian.Uint64(b[8*j:]))
	})
	if !found {
		return Record{}, false, nil
	}
	rec, err := r.record(lo + i)
	if err != nil {
		return Record{}, false, err
	}
	if rec.Key != key {
		return Record{}, false, corrupt(r.path, "key %d found at state %d, which holds %d", key, lo+i, rec.Key)
	}
	return rec, true, nil
}

// record reads state i's entry.
func (r *Reader) record(i int) (Record, error) {
	k, err := r.u64(r.keysAt + 8*int64(i))
	if err != nil {
		return Record{}, err
	}
	a, err := r.read(r.actsAt+4*int64(i), 4)
	if err != nil {
		return Record{}, err
	}
	rec := Record{Key: k, Action: int32(binary.LittleEndian.Uint32(a))}
	w := int64(r.Width)
	switch r.Kind {
	case Float:
		b, err := r.read(r.vAt+8*w*int64(i), 8*w)
		if err != nil {
			return Record{}, err
		}
		rec.Floats = make([]float64, w)
		for j := range rec.Floats {
			rec.Floats[j] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*j:]))
		}
	case Exact:
		ob, err := r.read(r.vAt+8*w*int64(i), 8*(w+1))
		if err != nil {
			return Record{}, err
		}
		offs := make([]uint64, w+1)
		for j := range offs {
			offs[j] = binary.LittleEndian.Uint64(ob[8*j:])
		}
		rec.Rats = make([]*big.Rat, w)
		for j := range rec.Rats {
			lo, hi := offs[j], offs[j+1]
			if hi < lo || int64(hi) > r.body-r.blobAt {
				return Record{}, corrupt(r.path, "state %d's value %d at bytes %d to %d", i, j, lo, hi)
			}
			b, err := r.read(r.blobAt+int64(lo), int64(hi-lo))
			if err != nil {
				return Record{}, err
			}
			v, ok := new(big.Rat).SetString(string(b))
			if !ok {
				return Record{}, corrupt(r.path, "state %d's value %d, %q", i, j, b)
			}
			rec.Rats[j] = v
		}
	}
	return rec, nil
}

// ReadAll checks the whole file and returns it as a Tier.
func (r *Reader) ReadAll() (*Tier, error) {
	if err := r.Verify(); err != nil {
		return nil, err
	}
	t := &Tier{Game: r.Game, Kind: r.Kind, Width: r.Width, Tier: r.Tier,
		Keys: make([]uint64, r.Count), Actions: make([]int32, r.Count)}
	sec := io.NewSectionReader(r.f, r.keysAt, r.body-r.keysAt)
	br := bufio.NewReaderSize(sec, 1<<20)
	var b [8]byte
	u64 := func() (uint64, error) {
		if _, err := io.ReadFull(br, b[:8]); err != nil {
			return 0, fmt.Errorf("tierfile: %s: %w", r.path, err)
		}
		return binary.LittleEndian.Uint64(b[:8]), nil
	}
	var err error
	for i := range t.Keys {
		if t.Keys[i], err = u64(); err != nil {
			return nil, err
		}
		if i > 0 && t.Keys[i] <= t.Keys[i-1] {
			return nil, corrupt(r.path, "keys not ascending at state %d", i)
		}
	}
	for i := range t.Actions {
		if _, err := io.ReadFull(br, b[:4]); err != nil {
			return nil, fmt.Errorf("tierfile: %s: %w", r.path, err)
		}
		t.Actions[i] = int32(binary.LittleEndian.Uint32(b[:4]))
	}
	n := r.Count * r.Width
	switch r.Kind {
	case Float:
		t.Floats = make([]float64, n)
		for i := range t.Floats {
			v, err := u64()
			if err != nil {
				return nil, err
			}
			t.Floats[i] = math.Float64frombits(v)
		}
	case Exact:
		offs := make([]uint64, n+1)
		for i := range offs {
			if offs[i], err = u64(); err != nil {
				return nil, err
			}
		}
		blob := make([]byte, r.body-r.blobAt)
		if _, err := io.ReadFull(br, blob); err != nil {
			return nil, fmt.Errorf("tierfile: %s: %w", r.path, err)
		}
		t.Rats = make([]*big.Rat, n)
		for i := range t.Rats {
			lo, hi := offs[i], offs[i+1]
			if hi < lo || hi > uint64(len(blob)) {
				return nil, corrupt(r.path, "value %d at bytes %d to %d", i, lo, hi)
			}
			v, ok := new(big.Rat).SetString(string(blob[lo:hi]))
			if !ok {
				return nil, corrupt(r.path, "value %d, %q", i, blob[lo:hi])
			}
			t.Rats[i] = v
		}
	}
	return t, nil
}
