package distributed

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/games/chefs"
	"github.com/gamesolve/gamesolve/games/pig"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/tiered"
	"github.com/gamesolve/gamesolve/tierfile"
)

// Spec is a tiered solve as the workers rebuild it: the game and its
// parameters, the arithmetic, and the tier directory, which every worker
// must reach (a shared file system).
type Spec struct {
	// Game is "pig" (Target) or "chefs" (Skills, exact rationals as
	// text).
	Game   string
	Target int
	Skills []string
	Exact  bool
	Dir    string
	// WorkerMemory is the memory of one worker in bytes: Plan refuses a
	// game whose largest tier's records are too large for one worker to
	// merge, and a tier's stage one with a shard too large for one
	// worker to solve (tiered.TierBytes). 0: no check.
	WorkerMemory uint64
}

// Name is the description the tier directory records.
func (s Spec) Name() string {
	switch s.Game {
	case "pig":
		return fmt.Sprintf("pig target=%d", s.Target)
	case "chefs":
		if r, err := s.chefsRules(); err == nil {
			return r.Game()
		}
		return fmt.Sprintf("chefs skills=%v", s.Skills)
	}
	return s.Game
}

func (s Spec) options() tiered.Options {
	return tiered.Options{Dir: s.Dir, Game: s.Name(), Sharded: true}
}

func (s Spec) chefsRules() (chefs.TierRules, error) {
	skills := make([]*big.Rat, len(s.Skills))
	for k, text := range s.Skills {
		v, ok := new(big.Rat).SetString(text)
		if !ok {
			return chefs.TierRules{}, fmt.Errorf("distributed: skill %q is not a number", text)
		}
		skills[k] = v
	}
	r, err := chefs.NewRules(skills)
	return chefs.TierRules{Rules: r}, err
}

// Plan numbers the game's states (unless the directory holds the
// numbering) and lists its tiers in solving order. A tier's shards are
// solved on many workers, but its records are merged into its file on
// one: Plan refuses a game whose largest tier's records would not fit in
// one worker's memory (WorkerMemory), with the figure. (The stage that
// splits a tier refuses a shard too large to solve on one worker.)
func (s Spec) Plan(ctx context.Context) ([]tiered.TierPlan, error) {
	plan, err := s.plan(ctx)
	if err != nil || s.WorkerMemory == 0 {
		return plan, err
	}
	var big tiered.TierPlan
	for _, t := range plan {
		if !t.Done && t.States > big.States {
			big = t
		}
	}
	if need := s.writerBytes(big.States); need > float64(s.WorkerMemory) {
		return nil, fmt.Errorf("distributed: %w: tier %d has %d states, whose records one worker merges into the tier's file: it needs about %s, more than a worker's %s (--worker_memory)",
			budget.ErrTooLarge, big.Tier, big.States, budget.Bytes(need), budget.Bytes(float64(s.WorkerMemory)))
	}
	return plan, nil
}

// writerBytes is about the memory the merge of a tier of states states
// takes: its records twice (the shards' and the merged tier: an index, an
// action and the values a state, 8 bytes a float and about 100 an exact
// value) and the numbering's keys with a sort index.
func (s Spec) writerBytes(states int64) float64 {
	value := 8.0
	if s.Exact {
		value = 100
	}
	return float64(states) * (2*(12+value*float64(tiered.Width(s.players()))) + 24)
}

func (s Spec) plan(ctx context.Context) ([]tiered.TierPlan, error) {
	switch s.Game {
	case "pig":
		r, err := pig.New(s.Target)
		if err != nil {
			return nil, err
		}
		return tiered.Plan(ctx, r, s.Exact, s.options())
	case "chefs":
		r, err := s.chefsRules()
		if err != nil {
			return nil, err
		}
		return tiered.Plan(ctx, r, s.Exact, s.options())
	}
	return nil, fmt.Errorf("distributed: unknown game %q", s.Game)
}

// worker solves shards of the spec's game on one of the pipeline's
// workers (tiered.ShardSolver), whatever its state and value types.
type worker interface {
	shards(tier int) ([]tiered.Shard, error)
	solve(ctx context.Context, tier int, sh tiered.Shard, fed *tierfile.Tier) (*tierfile.Tier, tiered.Unproven, error)
	write(tier int, parts []*tierfile.Tier, u tiered.Unproven) error
	// feeder is the rules as a tiered.Feeder, nil for a game whose
	// shards do not feed the next tier's.
	feeder() tiered.Feeder
	close()
}

type gameWorker[S comparable, T any, F numeric.Field[T]] struct {
	f     F
	rules engine.Rules[S]
	opt   tiered.Options
	w     *tiered.ShardSolver[S, T, F]
}

func (g *gameWorker[S, T, F]) shards(tier int) ([]tiered.Shard, error) {
	return tiered.Shards(g.rules, g.f.Exact(), g.opt, tier)
}

func (g *gameWorker[S, T, F]) solve(ctx context.Context, tier int, sh tiered.Shard, fed *tierfile.Tier) (*tierfile.Tier, tiered.Unproven, error) {
	if g.w == nil {
		w, err := tiered.NewShardSolver[S, T](g.f, g.rules, g.opt)
		if err != nil {
			return nil, tiered.Unproven{}, err
		}
		g.w = w
	}
	return g.w.Solve(ctx, tier, sh, fed)
}

func (g *gameWorker[S, T, F]) write(tier int, parts []*tierfile.Tier, u tiered.Unproven) error {
	return tiered.WriteShards(g.rules, g.f.Exact(), g.opt, tier, parts, u)
}

func (g *gameWorker[S, T, F]) close() {
	if g.w != nil {
		g.w.Close()
	}
}

func (g *gameWorker[S, T, F]) feeder() tiered.Feeder {
	fd, _ := g.rules.(tiered.Feeder)
	return fd
}

func newWorker[S comparable](rules engine.Rules[S], exact bool, opt tiered.Options) worker {
	if exact {
		return &gameWorker[S, *big.Rat, numeric.Exact]{f: numeric.Exact{}, rules: rules, opt: opt}
	}
	return &gameWorker[S, float64, numeric.Float]{f: numeric.Float{}, rules: rules, opt: opt}
}

// lazyWorker is a DoFn's worker, made at its first element and released
// at the end of a bundle or of the DoFn.
type lazyWorker struct{ w worker }

func (l *lazyWorker) get(s Spec) (worker, error) {
	if l.w == nil {
		w, err := s.worker()
		if err != nil {
			return nil, err
		}
		l.w = w
	}
	return l.w, nil
}

func (l *lazyWorker) release() {
	if l.w != nil {
		l.w.close()
		l.w = nil
	}
}

// worker is the spec's game as a worker solves it.
func (s Spec) worker() (worker, error) {
	opt := s.options()
	// Set once: the engine would read the memory free at every shard.
	opt.Engine.Memory = s.WorkerMemory
	if opt.Engine.Memory == 0 {
		opt.Engine.Memory = budget.Available()
	}
	switch s.Game {
	case "pig":
		r, err := pig.New(s.Target)
		if err != nil {
			return nil, err
		}
		return newWorker(engine.Rules[pig.State](r), s.Exact, opt), nil
	case "chefs":
		r, err := s.chefsRules()
		if err != nil {
			return nil, err
		}
		return newWorker(engine.Rules[chefs.State](r), s.Exact, opt), nil
	}
	return nil, fmt.Errorf("distributed: unknown game %q", s.Game)
}

// The stages' elements: a shard is its states' indices, 8 bytes each; a
// part is a shard's solved records (a tierfile.Tier) and what it could
// not prove, in a little-endian binary form (encodePart).

type part struct {
	Records  *tierfile.Tier
	Unproven tiered.Unproven
}

func encodeShard(states []uint64) []byte {
	b := make([]byte, 0, 8*len(states))
	for _, k := range states {
		b = binary.LittleEndian.AppendUint64(b, k)
	}
	return b
}

func decodeShard(key uint64, b []byte) tiered.Shard {
	sh := tiered.Shard{Key: key, States: make([]uint64, len(b)/8)}
	for i := range sh.States {
		sh.States[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return sh
}

// encodePart writes p as: the game's description (a uvarint length and
// its bytes), the kind (1 byte), the width, the tier and the number of
// states n (uvarints), n keys (8 bytes each), n actions (4), n·width
// values (8 bytes a float; a uvarint length and the RatString of an
// exact value), the unproven components (uvarint) and their bound (8).
func encodePart(p part) []byte {
	t := p.Records
	b := binary.AppendUvarint(nil, uint64(len(t.Game)))
	b = append(b, t.Game...)
	b = append(b, byte(t.Kind))
	b = binary.AppendUvarint(b, uint64(t.Width))
	b = binary.AppendUvarint(b, uint64(t.Tier))
	b = binary.AppendUvarint(b, uint64(len(t.Keys)))
	for _, k := range t.Keys {
		b = binary.LittleEndian.AppendUint64(b, k)
	}
	for _, a := range t.Actions {
		b = binary.LittleEndian.AppendUint32(b, uint32(a))
	}
	for _, v := range t.Floats {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
	}
	for _, v := range t.Rats {
		r := v.RatString()
		b = binary.AppendUvarint(b, uint64(len(r)))
		b = append(b, r...)
	}
	b = binary.AppendUvarint(b, uint64(p.Unproven.Components))
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(p.Unproven.Bound))
}

// partReader reads what encodePart wrote, remembering the first error.
type partReader struct {
	b   []byte
	err error
}

func (r *partReader) next(n uint64) []byte {
	if r.err != nil || n > uint64(len(r.b)) {
		r.err = errors.New("distributed: a shard's records are cut short")
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *partReader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err = errors.New("distributed: a shard's records are damaged")
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *partReader) u64() uint64 {
	if b := r.next(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

func decodePart(b []byte) (part, error) {
	r := &partReader{b: b}
	t := &tierfile.Tier{}
	t.Game = string(r.next(r.uvarint()))
	if k := r.next(1); k != nil {
		t.Kind = tierfile.Kind(k[0])
	}
	t.Width, t.Tier = int(r.uvarint()), int64(r.uvarint())
	n := r.uvarint()
	// Each state takes at least 12 bytes: a count past that is damage.
	if r.err == nil && (n > uint64(len(r.b))/12 || t.Width < 1 || t.Width > 1<<16) {
		r.err = errors.New("distributed: a shard's records are damaged")
	}
	if r.err != nil {
		return part{}, r.err
	}
	t.Keys, t.Actions = make([]uint64, n), make([]int32, n)
	for i := range t.Keys {
		t.Keys[i] = r.u64()
	}
	for i := range t.Actions {
		if a := r.next(4); a != nil {
			t.Actions[i] = int32(binary.LittleEndian.Uint32(a))
		}
	}
	values := int(n) * t.Width
	switch t.Kind {
	case tierfile.Float:
		t.Floats = make([]float64, 0, values)
		for range values {
			t.Floats = append(t.Floats, math.Float64frombits(r.u64()))
		}
	case tierfile.Exact:
		t.Rats = make([]*big.Rat, 0, values)
		for range values {
			v, ok := new(big.Rat).SetString(string(r.next(r.uvarint())))
			if !ok && r.err == nil {
				r.err = errors.New("distributed: a shard's records hold a value that is not a number")
			}
			t.Rats = append(t.Rats, v)
		}
	default:
		r.err = fmt.Errorf("distributed: a shard's records of %v", t.Kind)
	}
	p := part{Records: t}
	p.Unproven.Components = int(r.uvarint())
	p.Unproven.Bound = math.Float64frombits(r.u64())
	if r.err == nil && len(r.b) != 0 {
		r.err = errors.New("distributed: a shard's records run on past their end")
	}
	return p, r.err
}

// Counters of how each shard read the values of the states it leads to:
// fed by the shards of the next tier (a grouped shuffle), or from the
// tier files.
var (
	shardsFed       = beam.NewCounter("gamesolve", "shards_fed")
	shardsFromFiles = beam.NewCounter("gamesolve", "shards_from_files")
)

// ShardCounts reads a finished pipeline's counters: the shards fed by
// the next tier's (the grouped shuffle) and those that read the tier
// files.
func ShardCounts(res beam.PipelineResult) (fed, fromFiles int64) {
	for _, c := range res.Metrics().AllMetrics().Counters() {
		switch c.Name() {
		case "shards_fed":
			fed += c.Result()
		case "shards_from_files":
			fromFiles += c.Result()
		}
	}
	return fed, fromFiles
}

// splitFn is the start of a tier's stage: once the stage before is done
// (its side input), it splits the tier into shards, each one element,
// and refuses a shard too large for one worker.
type splitFn struct {
	Spec Spec
	Tier int
	w    lazyWorker
}

func (f *splitFn) ProcessElement(ctx context.Context, _ int, _ []int, emit func(uint64, []byte)) error {
	w, err := f.w.get(f.Spec)
	if err != nil {
		return err
	}
	shards, err := w.shards(f.Tier)
	if err != nil {
		return fmt.Errorf("distributed: tier %d: %w", f.Tier, err)
	}
	if f.Spec.WorkerMemory > 0 {
		var big tiered.Shard
		for _, sh := range shards {
			if len(sh.States) > len(big.States) {
				big = sh
			}
		}
		if need := tiered.TierBytes(int64(len(big.States)), f.Spec.players(), f.Spec.Exact); need > float64(f.Spec.WorkerMemory) {
			return fmt.Errorf("distributed: %w: shard %d of tier %d has %d states and is solved on one worker: it needs about %s, more than a worker's %s (--worker_memory)",
				budget.ErrTooLarge, big.Key, f.Tier, len(big.States), budget.Bytes(need), budget.Bytes(float64(f.Spec.WorkerMemory)))
		}
	}
	for _, sh := range shards {
		emit(sh.Key, encodeShard(sh.States))
	}
	return nil
}

func (f *splitFn) Teardown() { f.w.release() }

// solveFn solves shards that read what they lead to from the tier files,
// and emits each shard's records to the tier's writer and, for a game
// whose shards feed the next tier's, to each shard that reads them.
type solveFn struct {
	Spec Spec
	Tier int
	w    lazyWorker
}

func (f *solveFn) ProcessElement(ctx context.Context, key uint64, states []byte, emit func([]byte), feed func(uint64, []byte)) error {
	shardsFromFiles.Inc(ctx, 1)
	return solveShard(ctx, f.Spec, &f.w, f.Tier, decodeShard(key, states), nil, emit, feed)
}

// FinishBundle lets the tiers read go: a worker keeps no stage's
// reads past its bundle.
func (f *solveFn) FinishBundle(_ func([]byte), _ func(uint64, []byte)) {
	f.w.release()
}

// solveFedFn solves shards grouped with the records the next tier's
// shards fed them (CoGroupByKey by shard), reading no tier file.
type solveFedFn struct {
	Spec Spec
	Tier int
	w    lazyWorker
}

func (f *solveFedFn) ProcessElement(ctx context.Context, key uint64, states func(*[]byte) bool, fedIter func(*[]byte) bool, emit func([]byte), feed func(uint64, []byte)) error {
	var b []byte
	if !states(&b) {
		return nil // records fed to a shard play does not reach
	}
	var fed []*tierfile.Tier
	var r []byte
	for fedIter(&r) {
		p, err := decodePart(r)
		if err != nil {
			return err
		}
		fed = append(fed, p.Records)
	}
	all := &tierfile.Tier{Width: tiered.Width(f.Spec.players())}
	if len(fed) > 0 {
		var err error
		if all, err = tiered.Merge(fed); err != nil {
			return fmt.Errorf("distributed: tier %d, shard %d: %w", f.Tier, key, err)
		}
	}
	shardsFed.Inc(ctx, 1)
	return solveShard(ctx, f.Spec, &f.w, f.Tier, decodeShard(key, b), all, emit, feed)
}

// FinishBundle lets the tiers read go: a worker keeps no stage's
// reads past its bundle.
func (f *solveFedFn) FinishBundle(_ func([]byte), _ func(uint64, []byte)) {
	f.w.release()
}

func solveShard(ctx context.Context, spec Spec, lw *lazyWorker, tier int, sh tiered.Shard, fed *tierfile.Tier, emit func([]byte), feed func(uint64, []byte)) error {
	w, err := lw.get(spec)
	if err != nil {
		return err
	}
	out, u, err := w.solve(ctx, tier, sh, fed)
	if err != nil {
		return fmt.Errorf("distributed: %w", err)
	}
	emit(encodePart(part{Records: out, Unproven: u}))
	if fd := w.feeder(); fd != nil {
		// Only the records go up: what was not proven is counted once,
		// in this tier's file.
		r := encodePart(part{Records: out})
		for _, k := range fd.Feeds(tier, sh.Key) {
			feed(k, r)
		}
	}
	return nil
}

// writeFn is the end of a tier's stage: it merges the tier's shards into
// its file and emits the tier, which the next stage waits for.
type writeFn struct {
	Spec Spec
	Tier int
	w    lazyWorker
}

func (f *writeFn) ProcessElement(ctx context.Context, _ int, parts func(*[]byte) bool, emit func(int)) error {
	w, err := f.w.get(f.Spec)
	if err != nil {
		return err
	}
	var recs []*tierfile.Tier
	var u tiered.Unproven
	var b []byte
	for parts(&b) {
		p, err := decodePart(b)
		if err != nil {
			return err
		}
		recs = append(recs, p.Records)
		u.Add(p.Unproven)
	}
	if err := w.write(f.Tier, recs, u); err != nil {
		return fmt.Errorf("distributed: %w", err)
	}
	emit(f.Tier)
	return nil
}

func (f *writeFn) Teardown() { f.w.release() }

func (s Spec) players() int {
	if s.Game == "chefs" {
		return len(s.Skills)
	}
	return 2
}

func init() {
	register.DoFn4x1[context.Context, int, []int, func(uint64, []byte), error](&splitFn{})
	register.DoFn5x1[context.Context, uint64, []byte, func([]byte), func(uint64, []byte), error](&solveFn{})
	register.DoFn6x1[context.Context, uint64, func(*[]byte) bool, func(*[]byte) bool, func([]byte), func(uint64, []byte), error](&solveFedFn{})
	register.DoFn4x1[context.Context, int, func(*[]byte) bool, func(int), error](&writeFn{})
	register.Emitter1[[]byte]()
	register.Emitter1[int]()
	register.Emitter2[uint64, []byte]()
	register.Iter1[[]byte]()
	beam.RegisterType(reflect.TypeOf((*Spec)(nil)).Elem())
}

// Build adds a stage for each tier that plan lists as not done, in order,
// and returns the last stage's output (an empty plan gives a stage that
// does nothing). A stage splits its tier into shards (tiered.Sharder),
// shares them among the workers, each solving a shard with the core
// engine, and merges their records into the tier's file, which the next
// stage waits for. A shard reads the values of the states it leads to
// from the tier files, except in a game whose shards feed the next
// tier's (tiered.Feeder, Chef Showdown): there each shard's records go
// to the shards that read them, grouped by shard with the next tier's
// shards (CoGroupByKey), and no tier file is read.
func Build(s beam.Scope, spec Spec, plan []tiered.TierPlan) beam.PCollection {
	prev := beam.Create(s.Scope("start"), -1)
	feeds := false // the game's shards feed the next tier's
	if w, err := spec.worker(); err == nil {
		feeds = w.feeder() != nil
		w.close()
	}
	var fed beam.PCollection // the records fed to the shards of tier fedTier
	fedTier := -1
	for _, t := range plan {
		if t.Done {
			continue
		}
		st := s.Scope(fmt.Sprintf("tier %d", t.Tier))
		shards := beam.ParDo(st, &splitFn{Spec: spec, Tier: t.Tier}, beam.Create(st, t.Tier), beam.SideInput{Input: prev})
		var parts, up beam.PCollection
		if fed.IsValid() && fedTier == t.Tier {
			parts, up = beam.ParDo2(st, &solveFedFn{Spec: spec, Tier: t.Tier}, beam.CoGroupByKey(st, shards, fed))
		} else {
			parts, up = beam.ParDo2(st, &solveFn{Spec: spec, Tier: t.Tier}, beam.Reshuffle(st, shards))
		}
		prev = beam.ParDo(st, &writeFn{Spec: spec, Tier: t.Tier}, beam.GroupByKey(st, beam.AddFixedKey(st, parts)))
		if feeds {
			fed, fedTier = up, t.Tier-1
		}
	}
	return prev
}
