package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/internal/hugepage"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// Options control Solve. The embedded solver.Options' Policy is ignored:
// the engine always keeps the policy, which costs 4 bytes a state, or 2
// where Solve keeps no graph (an action and its name a byte each, while
// fewer than 256; doc.go, "Method").
type Options struct {
	solver.Options
	// Precision is float mode's target for value iteration: a component
	// with decisions inside a cycle is solved when the proven gap between
	// its lower and upper bounds is at most Precision times the spread of
	// its payoffs (at least 1). 0 means 1e-12.
	Precision float64
	// TieTolerance is float mode's relative tie tolerance; 0 means
	// DefaultTieTolerance. Exact mode decides ties exactly.
	TieTolerance float64
	// MaxStates refuses games with more reachable states; 0 means only the
	// memory budget limits them.
	MaxStates int
	// MaxSweeps bounds value iteration's sweeps over one component (it is
	// also bounded to about 10^8 outcome visits), and MaxRounds strategy
	// iteration's rounds; 0 means 1,000,000 and 10,000. Where value
	// iteration stops short of the precision, strategy iteration takes
	// over (see Result.Unproven).
	MaxSweeps, MaxRounds int
	// Memory is the memory budget in bytes; 0 means budget.Available().
	Memory uint64
	// ExactStates is float mode's limit for exact re-solves: a component
	// of at most this many states whose float answer is not proven to the
	// precision is solved again in exact arithmetic (see doc.go, "Float
	// mode"); a larger one is, within a limit of work, as is any whose
	// value iteration converges slowly. 0 means DefaultExactStates; a
	// negative value turns exact re-solves off, leaving such components
	// flagged in Result.Unproven.
	ExactStates int
	// Renormalize, if positive, accepts an action whose probabilities sum
	// to within Renormalize of 1 (decimals rounded by a model generator:
	// 0.1 + 0.3 + 0.6000001) and divides each by their sum, exactly;
	// Graph.Renormalized counts such actions. 0 refuses any sum but 1.
	Renormalize float64
	// Discount, if set, is Shapley's discount γ, in (0, 1): a payoff
	// reached after k moves (chance moves included) is worth γ^k times
	// it, and so is the reward of the (k+1)th move. Play then ends with
	// probability 1, so no reward is infinite. Solve alone takes it
	// (doc.go, "Discounted games"); Analyze, AnalyzeBounded, LongRun and
	// Explore refuse it. The engine keeps the pointer: do not modify it.
	Discount *big.Rat
	// TierScratch, if set, is memory that ExploreTier reuses from one
	// tier to the next; a tiered solve makes one for its tiers. nil means
	// none.
	TierScratch *TierScratch

	// tuning, if not nil, replaces defaultTuning (tests only).
	tuning *tuning
}

// DefaultExactStates is Options.ExactStates when it is 0.
const DefaultExactStates = 4096

func (o Options) exactStates() int {
	if o.ExactStates == 0 {
		return DefaultExactStates
	}
	return o.ExactStates
}

func (o Options) memory() uint64 {
	if o.Memory > 0 {
		return o.Memory
	}
	return budget.Available()
}

func (o Options) precision() float64 {
	if o.Precision > 0 {
		return o.Precision
	}
	return 1e-12
}

// maxRounds is the bound on strategy and policy iteration rounds per
// component.
func (o Options) maxRounds() int {
	if o.MaxRounds > 0 {
		return o.MaxRounds
	}
	return 10000
}

func (o Options) tieTolerance() float64 {
	if o.TieTolerance > 0 {
		return o.TieTolerance
	}
	return DefaultTieTolerance
}

// ErrUnsupported is wrapped by the error for a component the engine has no
// correct answer for: a game component without a certified stationary
// equilibrium (doc.go, "Equilibria"). The message names the component, one
// of its states, and why.
var ErrUnsupported = errors.New("not solved")

// run is one solve, or one worker's part of it: what is solved (problem),
// where the answers go (solution), and the worker's scratch (workspace).
// newRun makes a run; workerRun, helper and exactTwin derive the others
// from it, so a new field is set up in one place.
type run[S comparable, T any, F numeric.Field[T]] struct {
	problem[S, T, F]
	solution[T]
	workspace[S, T, F]
}

// exit returns the solved values of state v if it is a tier's exit.
func (p *problem[S, T, F]) exit(v uint32) (*TierExit[T], bool) {
	if p.exits == nil || v < p.exitFrom {
		return nil, false
	}
	return &p.exits[v-p.exitFrom], true
}

// problem is what a run solves: the graph, its rationals in the field, and
// the objective. Workers share it, and it does not change while a
// component is solved (a lean graph's worker points g at its piece).
type problem[S comparable, T any, F numeric.Field[T]] struct {
	ctx  context.Context
	f    F
	g    *graph[S]
	opt  Options
	tol  float64
	rat  []T       // the graph's rationals in the field
	ratF []float64 // and as float64
	// Exact mode's fast sums (sums.go): the rationals as *big.Rat (nil in
	// float mode), and as numeric.Frac (D = 0 where one does not fit).
	ratX     []*big.Rat
	ratSmall []numeric.Frac
	// pairTotal is set when the game has two players and every terminal
	// pays them the same total (pairTotalT in the field): then a state
	// from which play surely ends has values adding up to it, and quotient
	// needs no arithmetic to check its exits.
	pairTotal  *big.Rat
	pairTotalT T
	// exits are the solved values of a tier's exits (SolveTier):
	// terminals of its graph that are states of later tiers, numbered
	// from exitFrom on. nil otherwise.
	exits    []TierExit[T]
	exitFrom uint32
	objective
	k kernels[S, T, F] // the arithmetic of the innermost steps (kernel.go)
}

// objective is what the players maximize, as Solve and Analyze read it
// (see analyze.go).
type objective struct {
	// np is the number of values per state: Solve's one per player,
	// Analyze's two (a zero-sum game of two sides).
	np int
	// side, if set, maps a player to the side whose value slot it
	// maximizes.
	side []int16
	// banned marks actions never chosen (Analyze's Emin: they risk an
	// infinite reward).
	banned []bool
	// rwt, if set, adds each outcome's reward, times rwt[j], to value slot
	// j (Analyze's expected rewards), and then play may not stay in an end
	// component forever ("stay" would be an infinite reward), which counts
	// only actions without reward.
	rwt []int8
}

// solution is where a run's answers go. Workers share it: each writes the
// slots of the components it solves.
type solution[T any] struct {
	vals   []T     // players' values, np per state
	rew    []T     // expected total reward under the policy
	inf    []bool  // reward infinite: play may not end
	choice []int32 // chosen action per state; 0 where there is no choice
	// choiceIdx and choiceName are, for a lean graph's Result, the chosen
	// action per state (in place of choice) and its name's id (there are
	// no actions to look it up in): a byte each while they fit.
	choiceIdx, choiceName idColumn
}

// workspace is one worker's scratch.
type workspace[S comparable, T any, F numeric.Field[T]] struct {
	// local is the local index of a state within the current component,
	// or -1; chainLocal the same for solveChain, which runs inside cycle.
	// Workers share them (see workerRun).
	local, chainLocal []int32
	comps             *components
	t1, t2            T
	rt                T // addReward's scratch
	chain             chainSolver[T]
	seed              chainSolver[float64] // exact mode's float strategy iteration (seed.go)
	seedScratch       seedScratch
	st                *stats // this worker's counts
	pairSum[T]
	exactSums
	// fixed marks the states whose action is given (choice) while one
	// player's best response is computed; nil otherwise.
	fixed []bool
	// err is the first error met where no error can be returned (inside
	// an elimination, say); solveComponent reports it.
	err error
	ec  ecGraph     // scratch of endComponents
	qs  quotient[T] // the arrays of the last quotient, reused by the next (quotient.go)
	// ex is this worker's exact twin, made on first use, which re-solves
	// small components whose float answer is not proven.
	ex *run[S, *big.Rat, numeric.Exact]
}

// pairSum is the total of the payoffs of the two players of a constant-sum
// component being solved (quotient finds it): sumT in the field, sumRat
// exactly (from its float64 in float mode), for the exact twin, which
// takes it as given (pairKnown).
type pairSum[T any] struct {
	sumT      T
	sumRat    *big.Rat
	pairKnown bool
}

// exactSums is exact mode's accumulators (sums.go), np+2 of them, each
// worker's own: a copied big.Int would share its digits.
type exactSums struct {
	dots []numeric.RatDot
	// cmpSums are bestExact's two sums, compared unreduced.
	cmpSums [2]numeric.RatDot
	// exitW and exitP gather a row's exits (targets, probabilities), and
	// exitMemo adds them up by value (exits.go).
	exitW    []uint32
	exitP    []uint32 // rational ids
	exitMemo exitMemo
}

// Solve explores the game from its start and solves every reachable state:
// each player's value, the optimal policy, and the expected total reward
// under it. It returns an error wrapping solver.ErrInvalid for rules that
// describe a malformed state, budget.ErrTooLarge for a game beyond the
// memory budget, ErrUnsupported for a component no method here solves
// correctly, an error wrapping ErrChanged (and solver.ErrInvalid) for
// rules that describe a state differently when it is expanded again, and
// the context's error on cancellation.
func Solve[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, rules Rules[S], opt Options) (*Result[S, T], error) {
	valueBytes := 8.0
	if f.Exact() {
		valueBytes = 120 // a *big.Rat with small numerator and denominator
	}
	var err error
	if opt.Discount, err = DiscountOf(rules, opt); err != nil {
		return nil, err
	}
	if err := opt.checkDiscount(); err != nil {
		return nil, err
	}
	// Without an Indexer, finding each outcome's state again costs a
	// second hash lookup, more than a stored graph saves. A discounted
	// graph is rewritten after exploration: it is kept.
	ix, indexed := rules.(Indexer[S])
	lean := indexed && ix.IndexLimit() >= opt.tune().leanFrom && opt.Discount == nil
	g, err := explore(ctx, rules, opt, valueBytes, lean)
	if err != nil {
		return nil, err
	}
	if opt.Discount != nil {
		if err := g.discount(ctx, opt.Discount, opt.memory()); err != nil {
			return nil, err
		}
	}
	return solveGraph(ctx, f, g, opt)
}

// solveGraph solves an explored game: Solve's work after exploration, and
// Analyze's for questions about coalitions (coalitionGame).
func solveGraph[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, g *graph[S], opt Options) (*Result[S, T], error) {
	return solveGraphWith(ctx, f, g, opt, nil)
}

// solveGraphWith is solveGraph with setup called on the run before any
// component is solved (SolveTier's exits and the whole game's total).
func solveGraphWith[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, g *graph[S], opt Options, setup func(r *run[S, T, F])) (*Result[S, T], error) {
	N := len(g.states)
	P := g.players
	vals := newValues(f, N*P)
	r := newRun(ctx, f, g, opt, P, vals, make([]bool, N))
	if setup != nil {
		setup(r)
	}
	if r.exits == nil { // a tier's run has the whole game's total
		if total, ok := g.terminalTotal(); ok && P == 2 {
			r.pairTotal, r.pairTotalT = total, f.FromRat(f.New(), total)
		}
	}
	var st *stats
	var err error
	switch {
	case g.lean != nil:
		st, err = solveLean(r)
	case opt.WorkerCount() >= 2 && N >= opt.tune().streamFrom:
		r.perState(N)
		st, err = r.solveFound()
	default:
		r.perState(N)
		r.comps, err = tarjanGraph(ctx, g)
		if err != nil {
			return nil, err
		}
		st, err = r.solveAll(nil)
	}
	if err != nil {
		return nil, err
	}
	res := &Result[S, T]{Players: P, States: g.reached, Seeded: N - g.reached - g.stops, Methods: map[Method]int{}, g: g, vals: r.vals, rew: r.rew, inf: r.inf, choice: r.choice, choiceIdx: r.choiceIdx, choiceName: r.choiceName}
	for m := range st.methods {
		res.Components += st.methods[m]
		res.SeededComponents += st.seeded[m]
		if c := st.methods[m]; c > 0 {
			res.Methods[Method(m)] = c
		}
	}
	res.EndComponents, res.Sweeps, res.Gap = st.ends, st.sweeps, st.gap
	res.Unproven, res.Bound, res.Resolved = st.unproven, st.bound, st.resolved
	res.Equilibria = st.equilibria - st.seededEq
	res.lean, res.shared = g.lean != nil, st.shared
	return res, nil
}

// solveFound decomposes the graph (a state's edges are its outcomes) and
// solves each component once it is found and every component it leads to
// is solved: the decomposition and the solving overlap, and each
// component's successors are listed while its outcomes are fresh in the
// cache, not in a pass of their own. topo decides whether the workers
// share them out or the decomposition's goroutine solves them as found
// (handOut).
func (r *run[S, T, F]) solveFound() (*stats, error) {
	g := r.g
	N := len(g.states)
	sc := sccScratch{ctx: r.ctx}
	c := &sc.c
	c.of, c.start, c.members = hugepage.Make[int32](N, N), make([]uint32, 0, N+1), hugepage.Make[uint32](0, N)
	view := c.full()
	r.comps = view
	succOfK := succOf(view, r.edges)
	var succ []int32
	found := func(h *handOut) error {
		var err error
		sc.emit = func(k int) bool {
			succ = succ[:0]
			if !h.solvesInline() {
				succOfK(k, func(c int32) { succ = append(succ, c) })
			}
			_, err = h.hand(k, succ)
			return err == nil
		}
		if sc.decompose(N, g.actStart, g.outStart, g.to) == nil {
			if cerr := r.ctx.Err(); cerr != nil {
				return fmt.Errorf("engine: %w", cerr)
			}
			if err != nil {
				return err
			}
			return errStopped
		}
		return nil
	}
	st, err := r.solveAll(found)
	r.comps = c
	return st, err
}

// newRun sets up a run on graph g with np values per state (vals, with
// inf, may come filled in: Analyze's settled states): the field's
// rationals, the scratch, and every state unnumbered.
func newRun[S comparable, T any, F numeric.Field[T]](ctx context.Context, f F, g *graph[S], opt Options, np int, vals []T, inf []bool) *run[S, T, F] {
	N := len(g.states)
	r := &run[S, T, F]{problem: problem[S, T, F]{ctx: ctx, f: f, g: g, opt: opt, tol: opt.tieTolerance(), objective: objective{np: np}}}
	r.rat = make([]T, len(g.rats.vals))
	r.ratF = make([]float64, len(g.rats.vals))
	for i, q := range g.rats.vals {
		r.rat[i] = f.FromRat(f.New(), q)
		r.ratF[i] = numeric.RatFloat64(q)
	}
	if x, ok := any(r.rat).([]*big.Rat); ok {
		r.sumsOver(x)
	}
	r.k = chooseKernels(&r.problem)
	r.solution = solution[T]{vals: vals, rew: newValues(f, N), inf: inf}
	r.workspace = r.newWorkspace(budget.NewGuard(ctx, opt.memory()))
	return r
}

// sumsOver gives an exact problem its fast sums (sums.go) over its
// rationals x, unless the tuning turns them off.
func (p *problem[S, T, F]) sumsOver(x []*big.Rat) {
	if !p.opt.tune().exactSums {
		return
	}
	p.ratX = x
	p.ratSmall = make([]numeric.Frac, len(x)) // D = 0: not small
	if p.opt.tune().smallSums {
		for i, q := range x {
			p.ratSmall[i], _ = numeric.FracOf(q)
		}
	}
}

// newWorkspace returns fresh scratch for a worker of r's problem, whose
// memory guard watches this worker's goroutine (a guard keeps its first
// error).
func (p *problem[S, T, F]) newWorkspace(guard *budget.Guard) workspace[S, T, F] {
	f := p.f
	w := workspace[S, T, F]{t1: f.New(), t2: f.New(), rt: f.New()}
	w.chain = chainSolver[T]{guard: guard, tune: p.opt.tune()}
	w.seed = chainSolver[float64]{tune: p.opt.tune()}
	w.sumT, w.sumRat = f.New(), new(big.Rat)
	if p.ratX != nil {
		w.dots = make([]numeric.RatDot, p.np+2)
	}
	return w
}

// perState gives the run its arrays of a slot per state of n: choice (0),
// and local and chainLocal (-1). solveLean keeps choices in its own
// columns, and its workers have their pieces' arrays.
func (r *run[S, T, F]) perState(n int) {
	r.choice = hugepage.Make[int32](n, n)
	r.local, r.chainLocal = minusOnes(r.local, n), minusOnes(r.chainLocal, n)
}

// newValues returns n fresh values (0) of field f. In exact mode they are
// one slab of big.Rat, not n allocations, which for a model of a million
// states take about half a second before solving can begin.
func newValues[T any, F numeric.Field[T]](f F, n int) []T {
	vals := hugepage.Make[T](n, n)
	if xs, ok := any(vals).([]*big.Rat); ok {
		slab := hugepage.Make[big.Rat](n, n)
		for i := range xs {
			xs[i] = &slab[i]
		}
		return vals
	}
	if x, ok := any(f.New()).(float64); ok && x == 0 {
		// Float mode's 0 is the zero value make gave: no pass over
		// them, which would bring every page in up front, without a
		// look at the deadline.
		return vals
	}
	for i := range vals {
		vals[i] = f.New()
	}
	return vals
}

// terminalTotal reports whether every terminal's payoffs add up to the same
// total, and which.
func (g *graph[S]) terminalTotal() (*big.Rat, bool) {
	if g.lean != nil {
		// Added up as explored: the payoffs are not kept.
		return g.total.result()
	}
	var ts terminalSum
	for v, o := range g.owner {
		if o == Terminal {
			ts.add(g.pay[g.payStart[v]:g.payStart[v+1]], g.rats)
		}
	}
	return ts.result()
}

// deciding reports whether state v is a decision with a real choice.
// Where r.fixed[v] is set (another player's action in a best response),
// the state takes r.choice[v].
func (r *run[S, T, F]) deciding(v uint32) bool {
	g := r.g
	if g.owner[v] < 0 || (r.fixed != nil && r.fixed[v]) {
		return false
	}
	if r.banned == nil {
		return g.actStart[v+1]-g.actStart[v] > 1
	}
	n := 0
	for a := g.actStart[v]; a < g.actStart[v+1]; a++ {
		if !r.banned[a] {
			n++
		}
	}
	return n > 1
}

// addReward adds outcome o's probability times its reward, weighted for
// value slot j (rwt), to z.
func (r *run[S, T, F]) addReward(z T, j int, o uint32) T {
	g, f := r.g, r.f
	switch r.rwt[j] {
	case 1:
		return f.AddMul(z, z, r.rat[g.prob.at(o)], r.rat[g.reward.at(o)])
	case -1:
		r.rt = f.Mul(r.rt, r.rat[g.prob.at(o)], r.rat[g.reward.at(o)])
		return f.Sub(z, z, r.rt)
	}
	return z
}

// owner returns the player deciding at v (its side, where sides are set),
// or Chance or Terminal.
func (p *problem[S, T, F]) owner(v uint32) int {
	o := int(p.g.owner[v])
	if o >= 0 && p.side != nil {
		return int(p.side[o])
	}
	return o
}

// usable reports whether action a of state v may be chosen.
func (p *problem[S, T, F]) usable(v uint32, a int) bool {
	return p.banned == nil || !p.banned[p.g.actStart[v]+uint32(a)]
}

// fail records the first error of the component being solved.
func (r *run[S, T, F]) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// solveComponent solves component k, and reports an error recorded on the
// way (a cancelled or too large elimination) with the component named.
func (r *run[S, T, F]) solveComponent(k int, comp []uint32) (Method, error) {
	m, err := r.solveComponentOnce(k, comp)
	if err == nil && r.err != nil {
		err = fmt.Errorf("engine: component %d (%d states, including %s): %w", k, len(comp), r.g.name(comp[0]), r.err)
	}
	return m, err
}

func (r *run[S, T, F]) solveComponentOnce(k int, comp []uint32) (Method, error) {
	if len(comp) == 1 {
		v := comp[0]
		selfLoop := false
		lo, hi := r.g.outStart[r.g.actStart[v]], r.g.outStart[r.g.actStart[v+1]]
		for o := lo; o < hi; o++ {
			selfLoop = selfLoop || r.g.to[o] == v
		}
		if r.deciding(v) {
			r.decideOne(v)
		} else {
			r.solveOne(v, int(r.choice[v]))
		}
		if selfLoop {
			return ClosedForm, nil
		}
		return Direct, nil
	}
	var players []int
	for _, v := range comp {
		if r.deciding(v) {
			p := r.owner(v)
			found := false
			for _, q := range players {
				found = found || q == p
			}
			if !found {
				players = append(players, p)
			}
		}
	}
	if len(players) == 0 {
		if r.solveComponentChain(comp) {
			return Sweeps, nil
		}
		return Elimination, nil
	}
	if r.exitChoice(comp) {
		r.solveComponentChain(comp)
		return ExitChoice, nil
	}
	if len(players) == 1 {
		return r.cycle(k, comp, players[0], -1)
	}
	if len(players) == 2 {
		// Two players whose payoffs add up to one total wherever play
		// leaves the component: one's gain is the other's loss, and the
		// component is solved for the first one's value (unless the
		// totals differ or a player would rather keep play going, which
		// pays both 0: cycle reports errStall).
		m, err := r.cycle(k, comp, min(players[0], players[1]), max(players[0], players[1]))
		if !errors.Is(err, errStall) {
			return m, err
		}
	}
	return r.equilibrium(k, comp, sortedPlayers(players), nil)
}

// tieOrder returns state v's action indices in tie order.
func (r *run[S, T, F]) tieOrder(v uint32, buf []int) []int {
	n := int(r.g.actStart[v+1] - r.g.actStart[v])
	buf = buf[:0]
	for a := range n {
		if r.usable(v, a) {
			buf = append(buf, a)
		}
	}
	n = len(buf)
	if r.g.tieRank != nil && r.g.tieRank[v] != nil {
		ranks := r.g.tieRank[v]
		for i := 1; i < n; i++ {
			for j := i; j > 0 && ranks[buf[j]] < ranks[buf[j-1]]; j-- {
				buf[j], buf[j-1] = buf[j-1], buf[j]
			}
		}
	}
	return buf
}

// decideOne solves a single decision state that is a component on its
// own: each action by the closed form, the best by the owner's payoff. An
// action that loops forever wins only if strictly better: progress is
// preferred in a tie.
func (r *run[S, T, F]) decideOne(v uint32) {
	f, P := r.f, r.np
	p := r.owner(v)
	var order [16]int
	best, bestLoops := -1, false
	bestVal := f.New()
	for _, a := range r.tieOrder(v, order[:0]) {
		loops := r.solveOne(v, a)
		cand := r.vals[int(v)*P+p]
		switch {
		case best < 0,
			// With rewards counted, looping forever is an infinite reward,
			// never a choice (the graph algorithms left a way out).
			bestLoops && r.rwt != nil && !loops,
			!(loops && r.rwt != nil) && Better(f, r.tol, cand, bestVal),
			bestLoops && !loops && Tied(f, r.tol, cand, bestVal):
			best, bestLoops = a, loops
			bestVal = f.Set(bestVal, cand)
		}
	}
	r.solveOne(v, best)
	r.choice[v] = int32(best)
}

// exitChoice applies where every decision in the component only chooses
// among exits: all actions of a state have the same outcomes inside the
// component (the chef game: a miss passes the turn whatever the target).
// Each decision is then settled by the exits alone, and it returns true.
func (r *run[S, T, F]) exitChoice(comp []uint32) bool {
	g := r.g
	k := r.comps.of[comp[0]]
	inside := func(o uint32) bool { return r.comps.of[g.to[o]] == k }
	var order [64]int
	for _, v := range comp {
		if !r.deciding(v) {
			continue
		}
		first := -1
		for a := range int(g.actStart[v+1] - g.actStart[v]) {
			if !r.usable(v, a) {
				continue
			}
			if first < 0 {
				first = a
				continue
			}
			lo0, hi0 := r.actionOutcomes(v, first)
			lo, hi := r.actionOutcomes(v, a)
			if !sameInside(g, lo0, hi0, lo, hi, inside, r.rwt != nil) {
				return false
			}
		}
	}
	f, P := r.f, r.np
	sum := f.New()
	best := f.New()
	for _, v := range comp {
		if !r.deciding(v) {
			continue
		}
		p := r.owner(v)
		bestA := -1
		var bestScale float64
		for _, a := range r.tieOrder(v, order[:0]) {
			lo, hi := r.actionOutcomes(v, a)
			sum = f.FromInt(sum, 0)
			scale := 0.0
			for o := lo; o < hi; o++ {
				if !inside(o) {
					w := r.vals[int(g.to[o])*P+p]
					sum = f.AddMul(sum, sum, r.rat[g.prob.at(o)], w)
					scale += r.ratF[g.prob.at(o)] * math.Abs(f.Float64(w))
					if rid := g.reward.at(o); rid != 0 && r.rwt != nil && r.rwt[p] != 0 {
						// The exit's reward, counted in the value.
						sum = r.addReward(sum, p, o)
						scale += r.ratF[g.prob.at(o)] * r.ratF[rid]
					}
				}
			}
			if bestA < 0 || betterScaled(f, r.tol, sum, best, math.Max(scale, bestScale)) {
				bestA = a
				best = f.Set(best, sum)
				bestScale = scale
			}
		}
		r.choice[v] = int32(bestA)
	}
	return true
}

// sameInside reports whether two outcome ranges have the same outcomes
// (target and probability, and reward if rewards counts) among those
// inside the component, in order.
func sameInside[S comparable](g *graph[S], lo0, hi0, lo, hi uint32, inside func(uint32) bool, rewards bool) bool {
	i, j := lo0, lo
	for {
		for i < hi0 && !inside(i) {
			i++
		}
		for j < hi && !inside(j) {
			j++
		}
		if i == hi0 || j == hi {
			return i == hi0 && j == hi
		}
		if g.to[i] != g.to[j] || g.prob.at(i) != g.prob.at(j) || (rewards && g.reward.at(i) != g.reward.at(j)) {
			return false
		}
		i++
		j++
	}
}
