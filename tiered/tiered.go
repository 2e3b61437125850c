package tiered

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"time"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
	"github.com/gamesolve/gamesolve/tierfile"
)

// Options are a tiered solve's settings.
type Options struct {
	// Engine is what each tier's solve takes (Discount must be nil).
	Engine engine.Options
	// Dir is the tier directory: created if need be, resumed from if it
	// holds this game's tiers, refused if it holds another's.
	Dir string
	// Game describes the game and every parameter that changes its values
	// ("pig target=1000"): it names the directory's game.
	Game string
	// Progress, if set, is called after each tier.
	Progress func(Progress)
	// Held bounds the bytes of solved tiers kept whole in memory for
	// reading; 0 means a quarter of the memory budget, at most 512 MiB,
	// and a negative value keeps none (every read goes to the file).
	Held int64
}

// Progress is a tiered solve's progress after a tier.
type Progress struct {
	Tier              int
	TiersDone, Tiers  int
	StatesDone        int64 // in tiers solved by this run
	StatesLeft        int64 // in tiers not yet solved
	Elapsed           time.Duration
	Resumed           bool // the tier's file was already there
	StatesPerSecond   float64
	EstimatedTimeLeft time.Duration
}

// Summary is what a tiered solve found.
type Summary[T any] struct {
	// Values and Reward are the start's (Infinite: its expected reward is
	// infinite).
	Values   []T
	Reward   T
	Infinite bool
	// States and Tiers count the game; Resumed the tiers whose files were
	// already complete.
	States         int64
	Tiers, Resumed int
	// DiskBytes is the size of the tier files.
	DiskBytes int64
}

// Width is the values a tier file holds for each state of a game of
// players players: one per player, the expected reward, and 1 where it is
// infinite (else 0).
func Width(players int) int { return players + 2 }

// Solve solves rules tier by tier (engine.Tierer), from the last tier to
// the first, keeping one tier's graph in memory with the values it reads
// from the tiers after it, and writing each solved tier to opt.Dir
// (package tierfile). Every state gets the values Solve gives it in the
// whole game, to the last bit (engine.SolveTier). Run again on the same
// directory, it resumes: the numbering and every tier whose file is
// complete and intact are kept, a torn or corrupted file is solved again.
func Solve[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, rules engine.Rules[S], opt Options) (*Summary[T], error) {
	tr, dir, ord, err := prepare(ctx, rules, f.Exact(), opt)
	if err != nil {
		return nil, err
	}
	P := rules.Players()
	info := engine.TierInfo{States: ord.States, Total: ord.total}
	lk := &lookups[S, T]{dir: dir, tr: tr, players: P, budget: heldBudget(opt)}
	defer lk.close()
	sum := &Summary[T]{States: ord.States, Tiers: len(ord.Tiers)}
	began := time.Now()
	var done, left int64
	for _, t := range ord.Tiers {
		left += t.States
	}
	// Which tiers are done is settled first (a corrupt file is removed),
	// so that the next tier to solve is known: it is explored on a
	// goroutine of its own while the current one is solved, its exits
	// being read only when it is solved in turn.
	isDone, err := doneTiers(dir, ord)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := func(x int) int {
		for x--; x >= 0 && isDone[x]; x-- {
		}
		return x
	}
	var ahead chan explored[S]
	if x := next(len(ord.Tiers)); x >= 0 {
		ahead = exploreAhead(ctx, rules, opt, ord, ord.Tiers[x], f.Exact())
	}
	for x := len(ord.Tiers) - 1; x >= 0; x-- {
		t := ord.Tiers[x]
		ok := isDone[x]
		if ok {
			sum.Resumed++
		} else {
			ex := <-ahead
			if ex.err != nil {
				return nil, ex.err
			}
			if y := next(x); y >= 0 {
				ahead = exploreAhead(ctx, rules, opt, ord, ord.Tiers[y], f.Exact())
			}
			if err := solveTier(ctx, f, rules, opt, dir, t, ex, info, lk); err != nil {
				return nil, err
			}
			done += t.States
		}
		left -= t.States
		if opt.Progress != nil {
			p := Progress{Tier: t.Tier, TiersDone: len(ord.Tiers) - x, Tiers: len(ord.Tiers), StatesDone: done, StatesLeft: left, Elapsed: time.Since(began), Resumed: ok}
			if s := p.Elapsed.Seconds(); s > 0 && done > 0 {
				p.StatesPerSecond = float64(done) / s
				p.EstimatedTimeLeft = time.Duration(float64(left) / p.StatesPerSecond * float64(time.Second))
			}
			opt.Progress(p)
		}
	}
	e, err := lk.exit(rules.Start())
	if err != nil {
		return nil, err
	}
	sum.Values, sum.Reward, sum.Infinite = e.Values, e.Reward, e.Infinite
	for _, t := range ord.Tiers {
		if st, err := os.Stat(dir.Path(int64(t.Tier))); err == nil {
			sum.DiskBytes += st.Size()
		}
	}
	return sum, nil
}

// prepare opens the tier directory for the game, removes what torn writes
// left, numbers the states unless that is done, and checks the disk space
// the tiers without a file need.
func prepare[S comparable](ctx context.Context, rules engine.Rules[S], exact bool, opt Options) (engine.Tierer[S], *tierfile.Dir, *order, error) {
	tr, ok := rules.(engine.Tierer[S])
	if !ok {
		return nil, nil, nil, solver.Invalidf("tiered: the rules have no tiers (engine.Tierer)")
	}
	kind := tierfile.Float
	if exact {
		kind = tierfile.Exact
	}
	w := Width(rules.Players())
	dir, err := tierfile.OpenDir(opt.Dir, tierfile.Manifest{Game: opt.Game, Kind: kind, Width: w})
	if err != nil {
		return nil, nil, nil, err
	}
	if err := dir.Clean(); err != nil {
		return nil, nil, nil, err
	}
	ord, err := numbering(ctx, rules, opt.Dir)
	if err != nil {
		return nil, nil, nil, err
	}
	need := uint64(0)
	for _, t := range ord.Tiers {
		if _, err := os.Stat(dir.Path(int64(t.Tier))); err != nil {
			need += tierfile.FileBytes(opt.Game, kind, w, int(t.States), 40)
		}
	}
	if err := tierfile.CheckSpace(opt.Dir, need); err != nil {
		return nil, nil, nil, fmt.Errorf("tiered: %w", err)
	}
	return tr, dir, ord, nil
}

// TierPlan is one tier of a planned solve.
type TierPlan struct {
	Tier   int
	States int64
	Done   bool // its file is complete, intact and this game's
}

// Plan prepares opt.Dir as Solve does (the numbering included) and returns
// the tiers in the order they are solved, the last first: the work that a
// distributed runner hands out a tier at a time (SolveOne).
func Plan[S comparable](ctx context.Context, rules engine.Rules[S], exact bool, opt Options) ([]TierPlan, error) {
	_, dir, ord, err := prepare(ctx, rules, exact, opt)
	if err != nil {
		return nil, err
	}
	isDone, err := doneTiers(dir, ord)
	if err != nil {
		return nil, err
	}
	plan := make([]TierPlan, 0, len(ord.Tiers))
	for x := len(ord.Tiers) - 1; x >= 0; x-- {
		t := ord.Tiers[x]
		plan = append(plan, TierPlan{Tier: t.Tier, States: t.States, Done: isDone[x]})
	}
	return plan, nil
}

// doneTiers reports, for each tier of the numbering, whether its file is
// complete, intact and this game's (tierfile.Dir.Done, which removes a
// damaged one).
func doneTiers(dir *tierfile.Dir, ord *order) ([]bool, error) {
	isDone := make([]bool, len(ord.Tiers))
	for x, t := range ord.Tiers {
		var err error
		if isDone[x], _, err = dir.Done(int64(t.Tier)); err != nil {
			return nil, err
		}
	}
	return isDone, nil
}

// SolveOne solves tier tier of a directory that Plan prepared, every later
// tier's file being complete, and writes its file: the same file Solve
// writes.
func SolveOne[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, rules engine.Rules[S], opt Options, tier int) error {
	tr, dir, ord, err := prepare(ctx, rules, f.Exact(), opt)
	if err != nil {
		return err
	}
	x, found := slices.BinarySearchFunc(ord.Tiers, tier, func(t tierCount, tier int) int { return t.Tier - tier })
	if !found {
		return solver.Invalidf("tiered: the game has no tier %d", tier)
	}
	ex := <-exploreAhead(ctx, rules, opt, ord, ord.Tiers[x], f.Exact())
	if ex.err != nil {
		return ex.err
	}
	lk := &lookups[S, T]{dir: dir, tr: tr, players: rules.Players(), budget: heldBudget(opt)}
	defer lk.close()
	return solveTier(ctx, f, rules, opt, dir, ord.Tiers[x], ex, engine.TierInfo{States: ord.States, Total: ord.total}, lk)
}

// explored is a tier read from its order file and explored.
type explored[S comparable] struct {
	keys   []uint64
	states []S
	tg     *engine.TierGraph[S]
	err    error
}

// exploreAhead explores tier t on a goroutine; the channel gives the
// result.
func exploreAhead[S comparable](ctx context.Context, rules engine.Rules[S], opt Options, ord *order, t tierCount, exact bool) chan explored[S] {
	ch := make(chan explored[S], 1)
	go func() {
		var ex explored[S]
		defer func() { ch <- ex }()
		tr := rules.(engine.Tierer[S])
		if ex.keys, ex.err = ord.read(opt.Dir, t); ex.err != nil {
			return
		}
		ex.states = make([]S, len(ex.keys))
		for i, k := range ex.keys {
			s, ok := tr.State(int(k))
			if !ok {
				ex.err = fmt.Errorf("tiered: tier %d: index %d has no state", t.Tier, k)
				return
			}
			ex.states[i] = s
		}
		if ex.tg, ex.err = engine.ExploreTier(ctx, rules, opt.Engine, exact, t.Tier, ex.states); ex.err != nil {
			ex.err = fmt.Errorf("tiered: tier %d: %w", t.Tier, ex.err)
		}
	}()
	return ch
}

// solveTier solves tier t, explored, and writes its file.
func solveTier[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, rules engine.Rules[S], opt Options, dir *tierfile.Dir, t tierCount, ex explored[S], info engine.TierInfo, lk *lookups[S, T]) error {
	keys, states := ex.keys, ex.states
	res, err := engine.SolveExplored(ctx, f, ex.tg, info, lk.exit)
	if err != nil {
		return fmt.Errorf("tiered: tier %d: %w", t.Tier, err)
	}
	P := rules.Players()
	w := Width(P)
	perm := make([]int, len(keys))
	for i := range perm {
		perm[i] = i
	}
	sort.Slice(perm, func(a, b int) bool { return keys[perm[a]] < keys[perm[b]] })
	out := &tierfile.Tier{Game: opt.Game, Kind: dir.Manifest().Kind, Width: w, Tier: int64(t.Tier), Keys: make([]uint64, len(keys)), Actions: make([]int32, len(keys))}
	vals := make([]T, 0, w)
	for j, i := range perm {
		s := states[i]
		out.Keys[j] = keys[i]
		a, _, ok := res.Choice(s)
		if !ok {
			a = -1
		}
		out.Actions[j] = int32(a)
		rew, finite, _ := res.Reward(s)
		vals = append(vals[:0], res.Value(s)...)
		inf := f.FromInt(f.New(), 0)
		if !finite {
			rew, inf = f.FromInt(f.New(), 0), f.FromInt(f.New(), 1)
		}
		vals = append(vals, rew, inf)
		for _, v := range vals {
			switch x := any(v).(type) {
			case float64:
				out.Floats = append(out.Floats, x)
			case *big.Rat:
				out.Rats = append(out.Rats, new(big.Rat).Set(x))
			}
		}
	}
	return dir.Write(out)
}

// lookups reads solved states from the tier files. A tier that fits in
// what is left of the budget is read whole and kept decoded; past the
// budget, a tier's file stays open and each state is looked up in it
// through a sparse index of its keys (tierfile.Reader.Index), three
// reads. A game such as Pig to 1,000, whose tiers each read a few states
// from hundreds of later tiers, needs the second.
type lookups[S comparable, T any] struct {
	dir     *tierfile.Dir
	tr      engine.Tierer[S]
	players int
	budget  int64
	held    int64
	tiers   map[int]*heldTier[T]
	readers map[int]*tierfile.Reader
}

// heldTier is a tier file's keys, and each state's values as the field's
// (float64 or *big.Rat): players values, the reward, 1 if it is infinite.
type heldTier[T any] struct {
	keys  []uint64
	vals  []T
	width int
}

// maxReaders bounds the tier files kept open.
const maxReaders = 2048

// source returns tier t held whole, or its open reader.
func (l *lookups[S, T]) source(t int) (*heldTier[T], *tierfile.Reader, error) {
	if h, ok := l.tiers[t]; ok {
		return h, nil, nil
	}
	if r, ok := l.readers[t]; ok {
		return nil, r, nil
	}
	r, err := tierfile.Open(l.dir.Path(int64(t)))
	if err != nil {
		return nil, nil, err
	}
	bytes := int64(r.Count) * (8 + 8*int64(r.Width))
	if r.Kind == tierfile.Exact {
		bytes += int64(r.Count) * int64(r.Width) * 64
	}
	if l.held+bytes <= l.budget {
		tt, err := r.ReadAll()
		r.Close()
		if err != nil {
			return nil, nil, err
		}
		h := &heldTier[T]{keys: tt.Keys, width: tt.Width, vals: fieldValues[T](tt.Floats, tt.Rats)}
		if len(h.vals) != len(h.keys)*h.width {
			return nil, nil, fmt.Errorf("tiered: tier %d's file holds %v values, not this solve's", t, tt.Kind)
		}
		if l.tiers == nil {
			l.tiers = map[int]*heldTier[T]{}
		}
		l.tiers[t] = h
		l.held += bytes
		return h, nil, nil
	}
	if err := r.Index(); err != nil {
		r.Close()
		return nil, nil, err
	}
	if len(l.readers) >= maxReaders {
		l.close()
	}
	if l.readers == nil {
		l.readers = map[int]*tierfile.Reader{}
	}
	l.readers[t] = r
	return nil, r, nil
}

// fieldValues is floats or rats as the field's values.
func fieldValues[T any](floats []float64, rats []*big.Rat) []T {
	var out []T
	switch v := any(&out).(type) {
	case *[]float64:
		*v = floats
	case *[]*big.Rat:
		*v = rats
	}
	return out
}

func (l *lookups[S, T]) close() {
	for t, r := range l.readers {
		r.Close()
		delete(l.readers, t)
	}
}

// exit is state s's solved values, from its tier's file.
func (l *lookups[S, T]) exit(s S) (engine.TierExit[T], error) {
	t := l.tr.Tier(s)
	h, r, err := l.source(t)
	if err != nil {
		return engine.TierExit[T]{}, err
	}
	key, _ := l.tr.Index(s)
	var rec []T
	if h != nil {
		i, found := slices.BinarySearch(h.keys, uint64(key))
		if !found {
			return engine.TierExit[T]{}, fmt.Errorf("tiered: state %v (index %d) is not in tier %d's file", s, key, t)
		}
		rec = h.vals[i*h.width : (i+1)*h.width]
	} else {
		got, found, err := r.Lookup(uint64(key))
		switch {
		case err != nil:
			return engine.TierExit[T]{}, err
		case !found:
			return engine.TierExit[T]{}, fmt.Errorf("tiered: state %v (index %d) is not in tier %d's file", s, key, t)
		}
		rec = fieldValues[T](got.Floats, got.Rats)
		if len(rec) != r.Width {
			return engine.TierExit[T]{}, fmt.Errorf("tiered: tier %d's file holds %v values, not this solve's", t, r.Kind)
		}
	}
	P := l.players
	e := engine.TierExit[T]{Values: rec[:P:P], Reward: rec[P]}
	switch x := any(rec[P+1]).(type) {
	case float64:
		e.Infinite = x != 0
	case *big.Rat:
		e.Infinite = x.Sign() != 0
	}
	return e, nil
}

// heldBudget is the memory that solved tiers kept whole for reading may
// take: a quarter of the budget, at most maxHeld.
func heldBudget(opt Options) int64 {
	switch {
	case opt.Held < 0:
		return 0
	case opt.Held > 0:
		return opt.Held
	}
	m := opt.Engine.Memory
	if m == 0 {
		m = budget.Available()
	}
	return min(int64(m/4), maxHeld)
}

// maxHeld bounds the tiers kept whole, so that a solve of tiers that read
// many others (Pig to 1,000) stays within a couple of gigabytes.
const maxHeld = 512 << 20

// The numbering: each tier's states in the order Solve numbers them, as
// order files beside the tier files, and order.json, written when the
// numbering pass is complete, with each file's count and checksum.

type order struct {
	States int64       `json:"states"`
	Total  string      `json:"total"` // the terminals' common total, "" if none
	Tiers  []tierCount `json:"tiers"` // ascending
	total  *big.Rat
}

type tierCount struct {
	Tier   int    `json:"tier"`
	States int64  `json:"states"`
	CRC    uint32 `json:"crc32c"`
}

const orderName = "order.json"

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func orderPath(dir string, tier int) string {
	return filepath.Join(dir, fmt.Sprintf("order-%012d.bin", tier))
}

// numbering returns the directory's numbering, running the numbering pass
// (engine.TierOrder) first if it is not complete.
func numbering[S comparable](ctx context.Context, rules engine.Rules[S], dir string) (*order, error) {
	data, err := os.ReadFile(filepath.Join(dir, orderName))
	if err == nil {
		var o order
		if err := json.Unmarshal(data, &o); err != nil {
			return nil, fmt.Errorf("tiered: %s: %w", orderName, err)
		}
		if o.Total != "" {
			var ok bool
			if o.total, ok = new(big.Rat).SetString(o.Total); !ok {
				return nil, fmt.Errorf("tiered: %s: total %q", orderName, o.Total)
			}
		}
		return &o, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("tiered: %w", err)
	}
	old, _ := filepath.Glob(filepath.Join(dir, "order-*.bin"))
	for _, p := range old {
		if err := os.Remove(p); err != nil {
			return nil, fmt.Errorf("tiered: %w", err)
		}
	}
	ow := &orderWriter{dir: dir, buf: map[int][]uint64{}, counts: map[int]*tierCount{}}
	info, err := engine.TierOrder(ctx, rules, dir, ow.add)
	if err == nil {
		err = ow.flushAll()
	}
	if err != nil {
		return nil, err
	}
	o := &order{States: info.States, total: info.Total}
	if info.Total != nil {
		o.Total = info.Total.RatString()
	}
	for _, c := range ow.counts {
		o.Tiers = append(o.Tiers, *c)
	}
	slices.SortFunc(o.Tiers, func(a, b tierCount) int { return a.Tier - b.Tier })
	out, err := json.MarshalIndent(o, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("tiered: %w", err)
	}
	if err := tierfile.WriteAtomic(filepath.Join(dir, orderName), func(w io.Writer) error { _, err := w.Write(out); return err }); err != nil {
		return nil, err
	}
	return o, nil
}

// read returns tier t's states' indices in order, checked against the
// count and checksum the numbering recorded.
func (o *order) read(dir string, t tierCount) ([]uint64, error) {
	data, err := os.ReadFile(orderPath(dir, t.Tier))
	if err != nil {
		return nil, fmt.Errorf("tiered: tier %d's numbering: %w", t.Tier, err)
	}
	if int64(len(data)) != 8*t.States || crc32.Checksum(data, castagnoli) != t.CRC {
		return nil, fmt.Errorf("%w: tier %d's numbering (%s): delete %s to number the game again", tierfile.ErrCorrupt, t.Tier, orderPath(dir, t.Tier), orderName)
	}
	keys := make([]uint64, t.States)
	for i := range keys {
		keys[i] = binary.LittleEndian.Uint64(data[8*i:])
	}
	return keys, nil
}

// orderWriter appends each tier's indices to its order file, a batch at a
// time, so that no more than one file is open however many tiers there
// are.
type orderWriter struct {
	dir    string
	buf    map[int][]uint64
	counts map[int]*tierCount
}

const orderBatch = 8192

func (w *orderWriter) add(tier int, i uint64) error {
	if tier < 0 {
		return solver.Invalidf("tiered: tier %d (tiers are numbered from 0)", tier)
	}
	w.buf[tier] = append(w.buf[tier], i)
	if len(w.buf[tier]) >= orderBatch {
		return w.flush(tier)
	}
	return nil
}

func (w *orderWriter) flush(tier int) error {
	c := w.counts[tier]
	if c == nil {
		c = &tierCount{Tier: tier}
		w.counts[tier] = c
	}
	b := make([]byte, 8*len(w.buf[tier]))
	for k, i := range w.buf[tier] {
		binary.LittleEndian.PutUint64(b[8*k:], i)
	}
	f, err := os.OpenFile(orderPath(w.dir, tier), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("tiered: %w", err)
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return fmt.Errorf("tiered: tier %d's numbering: %w", tier, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("tiered: tier %d's numbering: %w", tier, err)
	}
	c.States += int64(len(w.buf[tier]))
	c.CRC = crc32.Update(c.CRC, castagnoli, b)
	w.buf[tier] = w.buf[tier][:0]
	return nil
}

func (w *orderWriter) flushAll() error {
	for tier, b := range w.buf {
		if len(b) > 0 {
			if err := w.flush(tier); err != nil {
				return err
			}
		}
	}
	// The files are synced before order.json says they are complete.
	for tier := range w.counts {
		f, err := os.OpenFile(orderPath(w.dir, tier), os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("tiered: %w", err)
		}
		err = f.Sync()
		f.Close()
		if err != nil {
			return fmt.Errorf("tiered: %w", err)
		}
	}
	return nil
}
