package tiered

import (
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"math/big"
	mathbits "math/bits"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
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
	// Sharded says the tiers are solved a shard at a time (Sharder,
	// ShardSolver), by a distributed runner: Plan then leaves the memory
	// a whole tier would take unchecked.
	Sharded bool
	// LimitMemory has Solve set the Go runtime's soft memory limit
	// (runtime/debug.SetMemoryLimit) to what it expects to hold, a
	// quarter more than workingSet, while it runs, unless a limit is set
	// already (GOMEMLIMIT): left alone, the collector lets the heap grow
	// to twice what is live, and a solve that holds a gigabyte takes
	// two. For a command that runs one solve, not a library call.
	LimitMemory bool
	// UnitStates bounds the states of the part of a tier solved at once,
	// for rules with shards (Sharder); 0 means 2^18.
	UnitStates int
	// MergeLimit bounds the bytes of a tier's records merged in memory,
	// for rules with shards in float mode: a tier of more, solved a unit
	// at a time, has each unit's values written to a temporary file as it
	// is solved, and read back in order as the tier's file is written, so
	// that memory holds 28 bytes a state of the tier rather than its
	// values, and the disk its values once more until the file is
	// written. 0 means 256 MiB; a negative value spills every tier of
	// more than one unit.
	MergeLimit int64
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
	// Unproven counts the components, in all tiers, whose float values
	// could not be proven to the precision (engine.Result.Unproven);
	// Bound is the largest proven error among them (+Inf: none known).
	Unproven int
	Bound    float64
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
	opt.Engine = withScratch(opt.Engine)
	P := rules.Players()
	if opt.LimitMemory {
		if prev := debug.SetMemoryLimit(-1); prev == math.MaxInt64 {
			_, sharded := rules.(Sharder[S])
			debug.SetMemoryLimit(int64(1.25 * workingSet(ord, opt, P, f.Exact(), sharded)))
			defer debug.SetMemoryLimit(prev)
		}
	}
	info := engine.TierInfo{States: ord.States, Total: ord.total}
	lk := &lookups[S, T]{dir: dir, tr: tr, players: P, budget: heldBudget(opt)}
	sum := &Summary[T]{States: ord.States, Tiers: len(ord.Tiers)}
	began := time.Now()
	var done, left int64
	for _, t := range ord.Tiers {
		left += t.States
	}
	// Which tiers are done is settled first (a corrupt file is removed),
	// so that the tiers to solve are known: they are explored a unit at a
	// time on a goroutine of its own while the unit before is solved, and
	// the values of their exits in tiers already solved are read there
	// too (those in the tier being solved are read when the unit is
	// solved in turn).
	isDone, err := doneTiers(dir, ord)
	if err != nil {
		lk.close()
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	var todo []tierCount
	for x := len(ord.Tiers) - 1; x >= 0; x-- {
		if !isDone[x] {
			todo = append(todo, ord.Tiers[x])
		}
	}
	// A tier is ready to be read ahead when it was solved before, or by
	// this solve, which solves them in descending order.
	var solvedTo atomic.Int64
	solvedTo.Store(math.MaxInt64)
	ready := func(tier int) bool {
		if int64(tier) >= solvedTo.Load() {
			return true
		}
		x, found := slices.BinarySearchFunc(ord.Tiers, tier, func(t tierCount, tier int) int { return t.Tier - tier })
		return found && isDone[x]
	}
	ahead := exploreUnits(ctx, rules, opt, ord, todo, f.Exact(), lk, ready)
	defer func() {
		cancel()
		for range ahead { // it stops with the context
		}
		lk.close()
	}()
	for x := len(ord.Tiers) - 1; x >= 0; x-- {
		t := ord.Tiers[x]
		ok := isDone[x]
		if ok {
			sum.Resumed++
			proof, err := readProof(opt.Dir, t.Tier)
			if err != nil {
				return nil, err
			}
			sum.addProof(proof)
		} else {
			st, err := solveUnits(ctx, f, rules, opt, dir, t, ahead, info, lk)
			if err != nil {
				return nil, err
			}
			sum.addProof(st.proof)
			lk.keep(st)
			if err := lk.write(ctx, st); err != nil {
				return nil, err
			}
			solvedTo.Store(int64(t.Tier))
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
	if err := lk.settle(); err != nil {
		return nil, err
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
	ts, sized := rules.(TierSizer)
	_, sharded := rules.(Sharder[S])
	var largest, total int64
	if sized && !opt.Sharded {
		// The memory and the disk first, so that a refusal leaves nothing
		// behind.
		largest, total = ts.TierSizes()
		if err := checkLargest(opt, rules.Players(), exact, sharded, largest); err != nil {
			return nil, nil, nil, err
		}
	}
	// Only a tier solved here in units spills; a distributed runner's
	// shards are merged by its workers.
	spilling := sharded && !opt.Sharded
	if sized {
		if err := checkDisk(opt, kind, w, spilling, largest, total); err != nil {
			return nil, nil, nil, err
		}
	}
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
	if !opt.Sharded {
		if err := checkTiers(ord, opt, rules.Players(), exact, sharded); err != nil {
			return nil, nil, nil, err
		}
	}
	// The files of the tiers to solve, and the largest spill among them.
	need, spilled := uint64(0), uint64(0)
	for _, t := range ord.Tiers {
		if _, err := os.Stat(dir.Path(int64(t.Tier))); err != nil {
			need += tierfile.FileBytes(opt.Game, kind, w, int(t.States), 40)
			spilled = max(spilled, opt.spillBytes(kind, spilling, t.States, w))
		}
	}
	need += spilled
	if err := checkSpace(opt.Dir, need); err != nil {
		return nil, nil, nil, fmt.Errorf("tiered: %w", err)
	}
	return tr, dir, ord, nil
}

// TierBytes is about the memory one tier of states states of a game of
// players players takes to explore and solve: its graph with the states
// of later tiers it leads to, and their values. As measured: in float
// mode 650 bytes a state for Pig (tier 299 of Pig to 300, 89,104 states,
// 72 MB) and about 1.4 KB for Chef Showdown with 18 chefs (tier 8,
// 437,580 states), so 550 + 50 a player; in exact mode 2.7 KB for Pig
// (tier 59 of Pig to 60), so 2,500 + 100 a player. A game with more
// outcomes a state takes more, and the engine's own guard stops a tier
// that outgrows the budget.
func TierBytes(states int64, players int, exact bool) float64 {
	if exact {
		return (2500 + 100*float64(players)) * float64(states)
	}
	return (550 + 50*float64(players)) * float64(states)
}

// TierSizer is implemented by rules that know the size of their tiers
// ahead: the states of the largest and of all. Solve then refuses a game
// too large for the memory (its largest tier) or for the disk (the tier
// files and the numbering's 16 bytes a state) before it numbers anything.
type TierSizer interface {
	TierSizes() (largest, total int64)
}

// checkLargest is TierSizer's check of the memory.
func checkLargest(opt Options, players int, exact, sharded bool, largest int64) error {
	return tierEstimate(opt, players, exact, sharded, "the largest tier", largest).CheckWithin(memoryOf(opt))
}

func memoryOf(opt Options) uint64 {
	if opt.Engine.Memory != 0 {
		return opt.Engine.Memory
	}
	return budget.Available()
}

// tierEstimate is the memory solving a tier of states states takes:
// whole (TierBytes), or for rules with shards a unit at a time, with the
// records of the whole tier, which its file is merged from.
func tierEstimate(opt Options, players int, exact, sharded bool, what string, states int64) budget.Estimate {
	if !sharded || states <= int64(opt.unitStates()) {
		return budget.Estimate{What: fmt.Sprintf("tiered: %s has %d states: solved whole, it", what, states), Bytes: TierBytes(states, players, exact)}
	}
	kind := tierfile.Float
	if exact {
		kind = tierfile.Exact
	}
	units := 2 * TierBytes(int64(opt.unitStates()), players, exact)
	if opt.spills(kind, true, states, Width(players)) {
		// Two units; the keys and actions of the units and of the merged
		// tier, and the unit of each state (spill.tier); a buffer a unit.
		need := units + 28*float64(states) + 64<<10*math.Ceil(float64(states)/float64(opt.unitStates()))
		return budget.Estimate{What: fmt.Sprintf("tiered: %s has %d states: solved %d at a time, its values spilled to disk, it", what, states, opt.unitStates()), Bytes: need}
	}
	// Two units (one explored while one is solved) and the records twice
	// (the units' and the merged tier's).
	need := units + 2*float64(heldBytes(kind, int(states), Width(players)))
	return budget.Estimate{What: fmt.Sprintf("tiered: %s has %d states: solved %d at a time, with its records, it", what, states, opt.unitStates()), Bytes: need}
}

// checkDisk is TierSizer's check of the disk, before the numbering.
func checkDisk(opt Options, kind tierfile.Kind, width int, sharded bool, largest, total int64) error {
	if _, err := os.Stat(filepath.Join(opt.Dir, orderName)); err == nil {
		return nil // numbered: the tiers' own check follows
	}
	need := tierfile.FileBytes(opt.Game, kind, width, int(min(total, 1<<40)), 40) + 16*uint64(total) + opt.spillBytes(kind, sharded, largest, width)
	if err := checkSpace(opt.Dir, need); err != nil {
		return fmt.Errorf("tiered: %d states: %w", total, err)
	}
	return nil
}

// workingSet is about the memory a solve holds at most: the largest
// tier's solve (tierEstimate), the solved tiers kept for reading
// (heldBudget), the tiers queued for writing, and 64 MiB for the rest.
func workingSet(ord *order, opt Options, players int, exact, sharded bool) float64 {
	var largest int64
	for _, t := range ord.Tiers {
		largest = max(largest, t.States)
	}
	kind := tierfile.Float
	if exact {
		kind = tierfile.Exact
	}
	queued := float64(writeQueue * heldBytes(kind, int(largest), Width(players)))
	return tierEstimate(opt, players, exact, sharded, "", largest).Bytes + float64(heldBudget(opt)) + queued + 64<<20
}

// checkTiers refuses, before any tier is solved, a game whose largest
// tier would not fit in memory: a tier is solved whole in one process, or
// for rules with shards a unit at a time.
func checkTiers(ord *order, opt Options, players int, exact, sharded bool) error {
	var big tierCount
	for _, t := range ord.Tiers {
		if t.States > big.States {
			big = t
		}
	}
	return tierEstimate(opt, players, exact, sharded, fmt.Sprintf("tier %d, the largest,", big.Tier), big.States).CheckWithin(memoryOf(opt))
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
	opt.Engine = withScratch(opt.Engine)
	lk := &lookups[S, T]{dir: dir, tr: tr, players: rules.Players(), budget: heldBudget(opt)}
	ctx, cancel := context.WithCancel(ctx)
	// Every tier after this one is solved: its exits are read ahead.
	ahead := exploreUnits(ctx, rules, opt, ord, ord.Tiers[x:x+1], f.Exact(), lk, func(int) bool { return true })
	defer func() {
		cancel()
		for range ahead {
		}
		lk.close()
	}()
	st, err := solveUnits(ctx, f, rules, opt, dir, ord.Tiers[x], ahead, engine.TierInfo{States: ord.States, Total: ord.total}, lk)
	if err != nil {
		return err
	}
	return writeTier(ctx, dir, st)
}

// tierProof is what a tier's file does not say: how many of its
// components' float values are not proven to the precision, and the
// largest proven error among them (nil: none known). It is written, only
// where there are such components, beside the tier's file and before it.
type tierProof struct {
	Components int      `json:"unproven_components"`
	Bound      *float64 `json:"bound"`
}

func proofPath(dir string, tier int) string {
	return filepath.Join(dir, fmt.Sprintf("tier-%012d.unproven.json", tier))
}

// solvedTier is a tier solved: its file's contents, its proof (nil where
// every value is proven), and, where its units' values were spilled, the
// spill its file is written from (out is then nil).
type solvedTier struct {
	out   *tierfile.Tier
	proof *tierProof
	spill *spill
}

// writeTier writes tier st's file, and first its proof's if it has one.
func writeTier(ctx context.Context, dir *tierfile.Dir, st solvedTier) error {
	if proof := st.proof; proof != nil {
		data, err := json.Marshal(proof)
		if err != nil {
			return fmt.Errorf("tiered: %w", err)
		}
		if err := tierfile.WriteAtomic(proofPath(dir.Root(), st.tier()), func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
			return err
		}
	}
	if st.spill != nil {
		return st.spill.write(ctx, dir)
	}
	return dir.Write(st.out)
}

// tier is st's tier.
func (st solvedTier) tier() int {
	if st.spill != nil {
		return int(st.spill.tier)
	}
	return int(st.out.Tier)
}

// readProof reads the proof of a tier whose file is complete (nil where
// it has none).
func readProof(dir string, tier int) (*tierProof, error) {
	data, err := os.ReadFile(proofPath(dir, tier))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("tiered: %w", err)
	}
	var p tierProof
	if err := json.Unmarshal(data, &p); err != nil || p.Components <= 0 {
		return nil, fmt.Errorf("%w: %s: delete it and tier %d's file to solve the tier again", tierfile.ErrCorrupt, proofPath(dir, tier), tier)
	}
	return &p, nil
}

func (s *Summary[T]) addProof(p *tierProof) {
	if p == nil {
		return
	}
	if s.Unproven == 0 {
		s.Bound = 0
	}
	s.Unproven += p.Components
	if p.Bound == nil {
		s.Bound = math.Inf(1)
	} else {
		s.Bound = math.Max(s.Bound, *p.Bound)
	}
}

// explored is a unit of a tier (some of its shards, or all of it) read
// from its order file and explored: its keys in order, the order that
// sorts them (perm), and the values of its exits read ahead (Values nil
// for those not read yet); unit counts the tier's units from 0.
type explored[S comparable, T any] struct {
	tier        tierCount
	unit, units int
	keys        []uint64
	perm        []int32
	tg          *engine.TierGraph[S]
	exits       []engine.TierExit[T]
	err         error
}

// unitStates bounds the states of a unit: a tier of more is solved a few
// shards at a time (Sharder), so that its graph, not the tier's, is what
// memory holds, however large the tier. A unit of 2^18 Pig states takes
// about 170 MB.
const unitStates = 1 << 18

func (o Options) unitStates() int {
	if o.UnitStates > 0 {
		return o.UnitStates
	}
	return unitStates
}

// unitsOf splits a tier's keys, in the tier's order, into units: whole
// shards (Sharder) packed in the order of their first states up to
// opt.unitStates() states a unit (a larger shard is a unit alone), each
// unit's keys in the tier's order. Rules without shards, and a tier no
// larger than a unit, are one unit.
func unitsOf[S comparable](rules engine.Rules[S], opt Options, keys []uint64) [][]uint64 {
	sh, ok := rules.(Sharder[S])
	limit := opt.unitStates()
	if !ok || len(keys) <= limit {
		return [][]uint64{keys}
	}
	tr := rules.(engine.Tierer[S])
	shardOf := make([]uint64, len(keys))
	sizes := map[uint64]int{}
	var order []uint64
	for i, k := range keys {
		s, _ := tr.State(int(k))
		shardOf[i] = sh.Shard(s)
		if sizes[shardOf[i]] == 0 {
			order = append(order, shardOf[i])
		}
		sizes[shardOf[i]]++
	}
	unitOf := make(map[uint64]int, len(order))
	var counts []int
	for _, key := range order {
		if len(counts) == 0 || counts[len(counts)-1] > 0 && counts[len(counts)-1]+sizes[key] > limit {
			counts = append(counts, 0)
		}
		unitOf[key] = len(counts) - 1
		counts[len(counts)-1] += sizes[key]
	}
	units := make([][]uint64, len(counts))
	for u, c := range counts {
		units[u] = make([]uint64, 0, c)
	}
	for i, k := range keys {
		u := unitOf[shardOf[i]]
		units[u] = append(units[u], k)
	}
	return units
}

// exploreUnits explores the units of tiers, in order, ahead of the solve,
// and reads the values of their exits from lk where ready says their tier
// is solved (the others are read when the unit is solved). The channel
// gives each unit in order, and is closed after the last or an error.
//
// Units of up to smallUnit states are explored on explorers goroutines
// at once, that many ahead of the solve: a small tier is explored in
// about the time it is solved, and one goroutine exploring them in turn
// would leave a core idle while it waits. A larger unit is explored
// alone, one ahead, so that memory holds two units at most, as
// workingSet counts.
func exploreUnits[S comparable, T any](ctx context.Context, rules engine.Rules[S], opt Options, ord *order, tiers []tierCount, exact bool, lk *lookups[S, T], ready func(tier int) bool) chan explored[S, T] {
	type job struct {
		t         tierCount
		u, units  int
		keys      []uint64
		slots     int
		res       chan explored[S, T]
		exploreIt bool // false: res already holds the error
	}
	explorers := min(max(opt.Engine.WorkerCount(), 1), maxExplorers)
	// slots holds a token for each unit explored and not yet given to
	// the solve; a large unit takes them all.
	slots := make(chan struct{}, explorers)
	jobs := make(chan job)
	inOrder := make(chan job, explorers)
	tr := rules.(engine.Tierer[S])
	go func() {
		defer close(jobs)
		defer close(inOrder)
		give := func(j job) bool {
			for range j.slots {
				select {
				case slots <- struct{}{}:
				case <-ctx.Done():
					return false
				}
			}
			if j.exploreIt {
				select {
				case jobs <- j:
				case <-ctx.Done():
					return false
				}
			}
			select {
			case inOrder <- j:
				return true
			case <-ctx.Done():
				return false
			}
		}
		for _, t := range tiers {
			keys, err := ord.read(opt.Dir, t)
			if err != nil {
				j := job{res: make(chan explored[S, T], 1)}
				j.res <- explored[S, T]{err: err}
				give(j)
				return
			}
			units := unitsOf(rules, opt, keys)
			for u, uk := range units {
				j := job{t: t, u: u, units: len(units), keys: uk, slots: 1, res: make(chan explored[S, T], 1), exploreIt: true}
				if len(uk) > smallUnit {
					j.slots = explorers
				}
				if !give(j) {
					return
				}
			}
		}
	}()
	var exploring sync.WaitGroup
	for range explorers {
		exploring.Go(func() {
			for j := range jobs {
				ex, err := exploreKeys[S, T](ctx, rules, opt, j.t.Tier, j.keys, exact)
				ex.tier, ex.unit, ex.units = j.t, j.u, j.units
				if err == nil {
					err = readExits(ctx, rules, &ex, fmt.Sprintf("tier %d", j.t.Tier), &lk.mu, func(s S) (engine.TierExit[T], bool, error) {
						if !ready(tr.Tier(s)) {
							return engine.TierExit[T]{}, false, nil
						}
						e, err := lk.exitLocked(s)
						return e, true, err
					}, false)
				}
				ex.err = err
				j.res <- ex
			}
		})
	}
	out := make(chan explored[S, T])
	go func() {
		// The explorers end, once the jobs do, before the channel is
		// closed: after an error or a cancel, the caller cancels the
		// context and drains the channel, and so waits for them.
		defer close(out)
		defer exploring.Wait()
		for j := range inOrder {
			var ex explored[S, T]
			select {
			case ex = <-j.res:
			case <-ctx.Done():
				return
			}
			select {
			case out <- ex:
			case <-ctx.Done():
				return
			}
			for range j.slots {
				<-slots
			}
			if ex.err != nil {
				return
			}
		}
	}()
	return out
}

// Look-ahead of exploreUnits: at most maxExplorers units of up to
// smallUnit states each are explored at once.
const (
	maxExplorers = 4
	smallUnit    = 1 << 15
)

// exitBatch is how many exits readExits reads under one lock.
const exitBatch = 256

// readExits reads the values of ex's exits by read, which may leave one
// to be read when the unit is solved (false), checking ctx as it goes;
// where names the unit in errors. mu, if not nil, is held while read is
// called, let go every exitBatch exits: readers that share lookups take
// its lock once a batch, not once an exit. With missing, only the exits
// not read yet are read.
func readExits[S comparable, T any](ctx context.Context, rules engine.Rules[S], ex *explored[S, T], where string, mu sync.Locker, read func(S) (engine.TierExit[T], bool, error), missing bool) error {
	if mu != nil {
		mu.Lock()
		defer mu.Unlock()
	}
	for k := range ex.exits {
		if missing && ex.exits[k].Values != nil {
			continue
		}
		if mu != nil && k%exitBatch == exitBatch-1 {
			mu.Unlock()
			mu.Lock()
		}
		if k%4096 == 0 && ctx.Err() != nil {
			return fmt.Errorf("tiered: %w", ctx.Err())
		}
		s := ex.tg.Exit(k)
		e, ok, err := read(s)
		if err != nil {
			return fmt.Errorf("tiered: %s: the solved state %s: %w", where, describe(rules, s), err)
		}
		if ok {
			ex.exits[k] = e
		}
	}
	return nil
}

// solveUnits solves tier t's units, as ahead gives them, and returns the
// tier solved: its records merged, or spilled (Options.MergeLimit).
func solveUnits[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, rules engine.Rules[S], opt Options, dir *tierfile.Dir, t tierCount, ahead chan explored[S, T], info engine.TierInfo, lk *lookups[S, T]) (st solvedTier, err error) {
	var parts []*tierfile.Tier
	var u Unproven
	var sp *spill
	defer func() {
		if err != nil && sp != nil {
			sp.remove()
		}
	}()
	for {
		ex, ok := <-ahead
		switch {
		case !ok && ctx.Err() != nil:
			return st, fmt.Errorf("tiered: tier %d: %w", t.Tier, ctx.Err())
		case !ok:
			return st, fmt.Errorf("tiered: tier %d was not explored", t.Tier)
		case ex.err != nil:
			return st, ex.err
		case ex.tier.Tier != t.Tier:
			return st, fmt.Errorf("tiered: tier %d explored while tier %d is solved", ex.tier.Tier, t.Tier)
		}
		out, proof, err := solveTier(ctx, f, rules, opt, dir, t, ex, info, lk)
		if err != nil {
			return st, err
		}
		u.Add(proof.unproven())
		if ex.units == 1 {
			return solvedTier{out: out, proof: proof}, nil
		}
		if sp == nil && opt.spills(out.Kind, true, t.States, out.Width) {
			sp = new(spill)
		}
		if sp != nil {
			if err := sp.add(dir.Root(), out); err != nil {
				return st, err
			}
		} else {
			parts = append(parts, out)
		}
		if ex.unit == ex.units-1 {
			if sp != nil {
				return solvedTier{proof: u.proof(), spill: sp}, nil
			}
			out, err := Merge(parts)
			if err != nil {
				return st, fmt.Errorf("tiered: tier %d: %w", t.Tier, err)
			}
			return solvedTier{out: out, proof: u.proof()}, nil
		}
	}
}

// withScratch is opt with a TierScratch, for the explorations of one
// solve, if it has none.
func withScratch(opt engine.Options) engine.Options {
	if opt.TierScratch == nil {
		opt.TierScratch = new(engine.TierScratch)
	}
	return opt
}

// exploreKeys explores the states of tier whose indices keys lists, in
// the tier's order: the whole tier, or a shard of it.
func exploreKeys[S comparable, T any](ctx context.Context, rules engine.Rules[S], opt Options, tier int, keys []uint64, exact bool) (explored[S, T], error) {
	tr := rules.(engine.Tierer[S])
	ex := explored[S, T]{keys: keys}
	states := make([]S, len(keys))
	for i, k := range keys {
		s, ok := tr.State(int(k))
		if !ok {
			return ex, fmt.Errorf("tiered: tier %d: index %d has no state", tier, k)
		}
		states[i] = s
	}
	var err error
	if ex.tg, err = engine.ExploreTier(ctx, rules, opt.Engine, exact, tier, states); err != nil {
		return ex, fmt.Errorf("tiered: tier %d: %w", tier, err)
	}
	ex.perm = ascending(keys)
	ex.exits = make([]engine.TierExit[T], ex.tg.Exits())
	return ex, nil
}

// ascending returns the positions of keys in ascending order of key.
// Where each key and its position fit in 64 bits together, the pairs are
// sorted as integers, with no comparison function to call.
func ascending(keys []uint64) []int32 {
	perm := make([]int32, len(keys))
	bits := uint(mathbits.Len(uint(len(keys))))
	var most uint64
	for _, k := range keys {
		most = max(most, k)
	}
	if mathbits.Len64(most)+int(bits) > 64 {
		for i := range perm {
			perm[i] = int32(i)
		}
		slices.SortFunc(perm, func(a, b int32) int { return cmp.Compare(keys[a], keys[b]) })
		return perm
	}
	packed := make([]uint64, len(keys))
	for i, k := range keys {
		packed[i] = k<<bits | uint64(i)
	}
	slices.Sort(packed)
	for j, p := range packed {
		perm[j] = int32(p & (1<<bits - 1))
	}
	return perm
}

// solveTier solves tier t, explored, reading the values of the exits not
// read ahead from lk, and returns its file's contents and its proof (nil
// where every value is proven).
func solveTier[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, rules engine.Rules[S], opt Options, dir *tierfile.Dir, t tierCount, ex explored[S, T], info engine.TierInfo, lk *lookups[S, T]) (*tierfile.Tier, *tierProof, error) {
	keys := ex.keys
	// The exits not read ahead are read now, those of the tier before
	// this one, just solved, under one lock.
	err := readExits(ctx, rules, &ex, fmt.Sprintf("tier %d", t.Tier), &lk.mu, func(s S) (engine.TierExit[T], bool, error) {
		e, err := lk.exitLocked(s)
		return e, true, err
	}, true)
	if err != nil {
		return nil, nil, err
	}
	res, err := engine.SolveExploredExits(ctx, f, ex.tg, info, ex.exits)
	if err != nil {
		return nil, nil, fmt.Errorf("tiered: tier %d: %w", t.Tier, err)
	}
	var proof *tierProof
	if res.Unproven > 0 {
		proof = &tierProof{Components: res.Unproven}
		if !math.IsInf(res.Bound, 0) && !math.IsNaN(res.Bound) {
			proof.Bound = &res.Bound
		}
	}
	P := rules.Players()
	w := Width(P)
	out := &tierfile.Tier{Game: opt.Game, Kind: dir.Manifest().Kind, Width: w, Tier: int64(t.Tier), Keys: make([]uint64, len(keys)), Actions: make([]int32, len(keys))}
	if f.Exact() {
		out.Rats = make([]*big.Rat, 0, len(keys)*w)
	} else {
		out.Floats = make([]float64, 0, len(keys)*w)
	}
	add := func(v T) {
		switch x := any(v).(type) {
		case float64:
			out.Floats = append(out.Floats, x)
		case *big.Rat:
			out.Rats = append(out.Rats, new(big.Rat).Set(x))
		}
	}
	zero, one := f.FromInt(f.New(), 0), f.FromInt(f.New(), 1)
	for j, i := range ex.perm {
		out.Keys[j] = keys[i]
		vals, rew, finite, a := res.At(int(i))
		out.Actions[j] = int32(a)
		for _, v := range vals {
			add(v)
		}
		if finite {
			add(rew)
			add(zero)
		} else {
			add(zero)
			add(one)
		}
	}
	return out, proof, nil
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
	// at, if not nil, is 1 + the position of each held tier's state (by
	// index) in its tier's records, 0 for other states: an exit is then
	// found at once rather than by a search of its tier's keys. It is made
	// for rules of at most maxAt indices (16 MiB).
	at []uint32
	// w writes the solved tiers' files in the background.
	w writer
	// mu serializes the solve's goroutine and the ones exploring ahead.
	mu sync.Mutex
}

const maxAt = 1 << 22

// hold keeps tier t's records h for reading; l.mu is held.
func (l *lookups[S, T]) hold(t int, h *heldTier[T], bytes int64) {
	if l.tiers == nil {
		l.tiers = map[int]*heldTier[T]{}
		if n := l.tr.IndexLimit(); n > 0 && n <= maxAt {
			l.at = make([]uint32, n)
		}
	}
	l.tiers[t] = h
	l.held += bytes
	if l.at != nil {
		for i, k := range h.keys {
			if k < uint64(len(l.at)) {
				l.at[k] = uint32(i) + 1
			}
		}
	}
}

// keep holds tier out, just solved, for reading, if it fits what is left
// of the budget: a tier's values are read most by the tiers just before
// it, and so need not be read back from its file.
func (l *lookups[S, T]) keep(st solvedTier) {
	out := st.out
	if out == nil {
		return // spilled: read from its file
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	bytes := heldBytes(out.Kind, len(out.Keys), out.Width)
	if l.held+bytes > l.budget {
		return
	}
	l.hold(int(out.Tier), &heldTier[T]{keys: out.Keys, width: out.Width, vals: fieldValues[T](out.Floats, out.Rats)}, bytes)
}

// heldBytes is about what a tier of count states takes held.
func heldBytes(kind tierfile.Kind, count, width int) int64 {
	bytes := int64(count) * (8 + 8*int64(width))
	if kind == tierfile.Exact {
		bytes += int64(count) * int64(width) * 64
	}
	return bytes
}

// write has tier st's file written in the background, so that the next
// tiers are solved meanwhile (st is not modified after).
func (l *lookups[S, T]) write(ctx context.Context, st solvedTier) error {
	return l.w.write(ctx, l.dir, st)
}

// settle waits for every file written in the background and returns the
// first error.
func (l *lookups[S, T]) settle() error { return l.w.wait(-1) }

// writer writes tier files on a goroutine of its own, in order, with up
// to writeQueue waiting: a file's fsync takes milliseconds, and a solve
// of small tiers would otherwise wait for each.
type writer struct {
	queue   chan solvedTier
	stopped chan struct{}
	mu      sync.Mutex
	changed sync.Cond
	pending map[int]bool // tiers queued or being written
	err     error        // the first write's error
}

const writeQueue = 4

func (w *writer) write(ctx context.Context, dir *tierfile.Dir, st solvedTier) error {
	w.mu.Lock()
	if w.queue == nil {
		w.queue, w.stopped, w.pending = make(chan solvedTier, writeQueue), make(chan struct{}), map[int]bool{}
		w.changed.L = &w.mu
		go w.run(ctx, dir)
	}
	err := w.err
	if err == nil {
		w.pending[st.tier()] = true
	}
	w.mu.Unlock()
	if err != nil {
		if st.spill != nil {
			st.spill.remove()
		}
		return err
	}
	w.queue <- st
	return nil
}

func (w *writer) run(ctx context.Context, dir *tierfile.Dir) {
	defer close(w.stopped)
	for p := range w.queue {
		w.mu.Lock()
		failed := w.err != nil
		w.mu.Unlock()
		var err error
		if !failed {
			err = writeTier(ctx, dir, p)
		} else if p.spill != nil {
			p.spill.remove()
		}
		w.mu.Lock()
		if err != nil && w.err == nil {
			w.err = err
		}
		delete(w.pending, p.tier())
		w.changed.Broadcast()
		w.mu.Unlock()
	}
}

// wait waits until tier t's file is written (t = -1: every file queued)
// and returns the first error.
func (w *writer) wait(t int) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for w.pending != nil && (t < 0 && len(w.pending) > 0 || t >= 0 && w.pending[t]) {
		w.changed.Wait()
	}
	return w.err
}

// stop waits for the files queued and ends the goroutine.
func (w *writer) stop() {
	if w.queue != nil {
		close(w.queue)
		<-w.stopped
		w.queue = nil
	}
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
	if err := l.w.wait(t); err != nil {
		return nil, nil, err
	}
	r, err := tierfile.Open(l.dir.Path(int64(t)))
	if err != nil {
		return nil, nil, err
	}
	if l.held+heldBytes(r.Kind, r.Count, r.Width) <= l.budget {
		tt, err := r.ReadAll()
		r.Close()
		if err != nil {
			return nil, nil, err
		}
		h := &heldTier[T]{keys: tt.Keys, width: tt.Width, vals: fieldValues[T](tt.Floats, tt.Rats)}
		if len(h.vals) != len(h.keys)*h.width {
			return nil, nil, fmt.Errorf("tiered: tier %d's file holds %v values, not this solve's", t, tt.Kind)
		}
		l.hold(t, h, heldBytes(r.Kind, r.Count, r.Width))
		return h, nil, nil
	}
	if err := r.Index(); err != nil {
		r.Close()
		return nil, nil, err
	}
	if len(l.readers) >= maxReaders {
		l.closeReaders()
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

// close waits for the background write and closes the readers.
func (l *lookups[S, T]) close() {
	l.w.stop()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closeReaders()
}

func (l *lookups[S, T]) closeReaders() {
	for t, r := range l.readers {
		r.Close()
		delete(l.readers, t)
	}
}

// exit is state s's solved values, from its tier's file.
func (l *lookups[S, T]) exit(s S) (engine.TierExit[T], error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.exitLocked(s)
}

// exitLocked is exit, with l.mu held.
func (l *lookups[S, T]) exitLocked(s S) (engine.TierExit[T], error) {
	t := l.tr.Tier(s)
	h, r, err := l.source(t)
	if err != nil {
		return engine.TierExit[T]{}, err
	}
	key, _ := l.tr.Index(s)
	var rec []T
	if h != nil {
		i, found := 0, false
		if key >= 0 && key < len(l.at) {
			if p := int(l.at[key]) - 1; p >= 0 && p < len(h.keys) && h.keys[p] == uint64(key) {
				i, found = p, true
			}
		}
		if !found {
			i, found = slices.BinarySearch(h.keys, uint64(key))
		}
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
	return recordExit(rec, l.players), nil
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
	ow := &orderWriter{dir: dir}
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
		if c != nil {
			o.Tiers = append(o.Tiers, *c)
		}
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
	buf    [][]uint64   // by tier
	counts []*tierCount // by tier; nil for none yet
	states int64
}

// The numbering writes 16 bytes a state (8 to the order files, 8 to its
// queue) before the tiers' own space is known and checked: it looks at
// the free space every spaceEvery states and stops, refusing, when less
// than spaceLeft is left.
const (
	spaceEvery = 1 << 20
	spaceLeft  = 256 << 20
)

// freeSpace is tierfile.FreeSpace (a test's disk fills up).
var freeSpace = tierfile.FreeSpace

// checkSpace is tierfile.CheckSpace through freeSpace.
func checkSpace(path string, need uint64) error {
	free, err := freeSpace(path)
	if err != nil {
		return err
	}
	return tierfile.HasSpace(path, need, free)
}

const orderBatch = 8192

// maxTier bounds the tiers' numbers (a file and a buffer each).
const maxTier = 1<<22 - 1

func (w *orderWriter) add(tier int, i uint64) error {
	if tier < 0 || tier > maxTier {
		return solver.Invalidf("tiered: tier %d (tiers are numbered from 0 to %d)", tier, maxTier)
	}
	if w.states++; w.states%spaceEvery == 0 {
		free, err := freeSpace(w.dir)
		if err != nil {
			return err
		}
		if free < spaceLeft {
			return fmt.Errorf("%w: the numbering pass has numbered %d states so far, 16 bytes each on disk, and %s has %s left; the tier files need more still", tierfile.ErrNoSpace, w.states, w.dir, budget.Bytes(float64(free)))
		}
	}
	if tier >= len(w.buf) {
		w.buf = append(w.buf, make([][]uint64, tier+1-len(w.buf))...)
		w.counts = append(w.counts, make([]*tierCount, tier+1-len(w.counts))...)
	}
	w.buf[tier] = append(w.buf[tier], i)
	if len(w.buf[tier]) >= orderBatch {
		return w.flush(tier)
	}
	return nil
}

func (w *orderWriter) flush(tier int) error {
	f, err := os.OpenFile(orderPath(w.dir, tier), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("tiered: %w", err)
	}
	err = w.append(f, tier)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("tiered: tier %d's numbering: %w", tier, cerr)
	}
	return err
}

// append writes tier's buffered indices to f, its order file.
func (w *orderWriter) append(f *os.File, tier int) error {
	c := w.counts[tier]
	if c == nil {
		c = &tierCount{Tier: tier}
		w.counts[tier] = c
	}
	b := make([]byte, 8*len(w.buf[tier]))
	for k, i := range w.buf[tier] {
		binary.LittleEndian.PutUint64(b[8*k:], i)
	}
	if _, err := f.Write(b); err != nil {
		return fmt.Errorf("tiered: tier %d's numbering: %w", tier, err)
	}
	c.States += int64(len(w.buf[tier]))
	c.CRC = crc32.Update(c.CRC, castagnoli, b)
	w.buf[tier] = w.buf[tier][:0]
	return nil
}

// flushAll writes what each tier has left and syncs every order file, on
// a few goroutines (the file system commits syncs that overlap together;
// each tier's buffer and count are its own), before order.json says they
// are complete.
func (w *orderWriter) flushAll() error {
	var tiers []int
	for tier := range w.buf {
		if len(w.buf[tier]) > 0 || w.counts[tier] != nil {
			tiers = append(tiers, tier)
			if w.counts[tier] == nil {
				w.counts[tier] = &tierCount{Tier: tier}
			}
		}
	}
	errs := make([]error, len(tiers))
	var wg sync.WaitGroup
	const syncers = 8
	for g := range syncers {
		wg.Go(func() {
			for k := g; k < len(tiers); k += syncers {
				errs[k] = w.finish(tiers[k])
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("tiered: %w", err)
	}
	return nil
}

// finish appends what tier has left to its order file and syncs it.
func (w *orderWriter) finish(tier int) error {
	f, err := os.OpenFile(orderPath(w.dir, tier), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	if len(w.buf[tier]) > 0 {
		err = w.append(f, tier)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// describe is state s as the rules describe it.
func describe[S comparable](rules engine.Rules[S], s S) string {
	if d, ok := rules.(engine.Describer[S]); ok {
		return d.Describe(s)
	}
	return fmt.Sprintf("%v", s)
}
