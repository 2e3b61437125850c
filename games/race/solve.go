package race

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/gamesolve/gamesolve/engine"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// Options controls what Solve computes besides the win probability: Policy
// asks for the optimal gamble in every state (A·B bytes); Progress counts
// rows of the table.
type Options = solver.Options

// Result is the solution of a race.
type Result[T any] struct {
	// Game is the game solved, with defaults filled in.
	Game Game
	// Win is the chooser's optimal probability of winning from the start.
	Win T
	// Policy is the optimal gamble in every state, if asked for.
	Policy *Policy
}

// Policy holds the chooser's optimal gamble for every pair of remaining
// points.
type Policy struct {
	CoinTarget, ChooserTarget int
	choice                    []uint8 // 1-based menu index, row-major by a
	// win[(a-1)*B+(b-1)] is F(a, b) in float64, kept for tables of at most
	// MaxWinTable cells (pictures and play need it; large ones need not).
	win []float64
}

// MaxWinTable bounds the tables whose win probabilities Policy keeps
// (Policy.Win): 4M cells, 32 MB.
const MaxWinTable = 1 << 22

// Win returns the chooser's optimal probability of winning when it is
// about to choose, the coin player needing a points and the chooser b
// (1 ≤ a ≤ CoinTarget, 1 ≤ b ≤ ChooserTarget), rounded to float64. ok is
// false when the table has more than MaxWinTable cells and was not kept.
// Where the coin player is about to flip, the chooser's chance is
// p·Win(a-gain, b) + (1-p)·Win(a, b), with Win 0 once a ≤ 0.
func (p *Policy) Win(a, b int) (w float64, ok bool) {
	if p.win == nil {
		return 0, false
	}
	if a < 1 || a > p.CoinTarget || b < 1 || b > p.ChooserTarget {
		panic(fmt.Sprintf("race: Policy.Win(%d, %d): want 1 ≤ a ≤ %d and 1 ≤ b ≤ %d", a, b, p.CoinTarget, p.ChooserTarget))
	}
	return p.win[(a-1)*p.ChooserTarget+(b-1)], true
}

// At returns the 1-based index into the menu of the optimal gamble when the
// coin player needs a points and the chooser b (1 ≤ a ≤ CoinTarget,
// 1 ≤ b ≤ ChooserTarget). For the doubling menu the index is T itself.
// Ties go to the gamble listed first. Arguments out of range are a
// programming error: At panics saying so.
func (p *Policy) At(a, b int) int {
	if a < 1 || a > p.CoinTarget || b < 1 || b > p.ChooserTarget {
		panic(fmt.Sprintf("race: Policy.At(%d, %d): want 1 ≤ a ≤ %d and 1 ≤ b ≤ %d", a, b, p.CoinTarget, p.ChooserTarget))
	}
	return int(p.choice[(a-1)*p.ChooserTarget+(b-1)])
}

// coefficients are the per-gamble constants of the closed form
// F = alpha*S + beta*X, precomputed once in the field.
type coefficients[T any] struct {
	gain        int
	alpha, beta T
}

// Solve computes the chooser's optimal win probability, in the arithmetic of
// f. It returns an error wrapping solver.ErrInvalid for a malformed game, one
// wrapping budget.ErrTooLarge for an instance beyond this machine, and the
// context's error if ctx is cancelled.
func Solve[T any, F numeric.Field[T]](ctx context.Context, f F, game Game, opt Options) (*Result[T], error) {
	g, err := game.normalized()
	if err != nil {
		return nil, err
	}
	if err := checkResources(g, f.Exact(), opt.Policy); err != nil {
		return nil, err
	}
	A, B, cg := g.CoinTarget, g.ChooserTarget, g.Coin.Gain
	one := f.FromInt(f.New(), 1)
	p := f.FromRat(f.New(), g.Coin.P)
	pMiss := f.Sub(f.New(), one, p)

	coef := make([]coefficients[T], len(g.Menu))
	for i, m := range g.Menu {
		// D = 1 - (1-q)(1-p); alpha = q/D; beta = (1-q)p/D.
		q := new(big.Rat).Set(m.P)
		qMiss := new(big.Rat).Sub(big.NewRat(1, 1), q)
		den := new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Mul(qMiss, new(big.Rat).Sub(big.NewRat(1, 1), g.Coin.P)))
		alpha := new(big.Rat).Quo(q, den)
		beta := new(big.Rat).Quo(new(big.Rat).Mul(qMiss, g.Coin.P), den)
		coef[i] = coefficients[T]{gain: m.Gain, alpha: f.FromRat(f.New(), alpha), beta: f.FromRat(f.New(), beta)}
	}

	// Rows are computed by W workers in a pipeline: worker w takes rows
	// a ≡ w (mod W) and, before each block of columns, waits until row a-g
	// has passed that block. rows[a mod (g+W)] holds F(a,·): row a needs
	// rows a-g..a, and a ring of g+W rows is never overwritten while read.
	workers := opt.WorkerCount()
	if opt.Workers <= 0 {
		if float64(A)*float64(B)*float64(len(coef)) < 1<<18 {
			workers = 1 // not worth the goroutines
		}
	}
	workers = min(workers, A)
	ring := cg + workers
	newRow := func() []T {
		row := make([]T, B+1)
		for b := range row {
			row[b] = f.New()
		}
		return row
	}
	// zeroRow is the row of a ≤ 0 (the coin player has won); column 0 is 1
	// (the chooser has won).
	zeroRow := newRow()
	rows := make([][]T, ring)
	for i := range rows {
		rows[i] = newRow()
		rows[i][0] = f.Set(rows[i][0], one)
	}
	row := func(a int) []T {
		if a <= 0 {
			return zeroRow
		}
		return rows[a%ring]
	}
	// Row a reads the progress of row a-g: its finished columns, in a
	// ring of as many places as rows.
	done := newDoneRing(ring, B)

	var pol *Policy
	if opt.Policy {
		pol = &Policy{CoinTarget: A, ChooserTarget: B, choice: make([]uint8, A*B)}
		if A*B <= MaxWinTable {
			pol.win = make([]float64, A*B)
		}
	}
	var progressMu sync.Mutex
	var rowsDone int64
	var cancelled atomic.Bool
	const block = 64
	// Float mode runs a float64 copy of the inner loop (floatBlock).
	var kernel *floatKernel
	if _, isFloat := any(f).(numeric.Float); isFloat && useFloatKernel {
		kernel = &floatKernel{p: any(p).(float64), pMiss: any(pMiss).(float64)}
		for _, c := range coef {
			kernel.coef = append(kernel.coef, floatCoef{gain: c.gain, alpha: any(c.alpha).(float64), beta: any(c.beta).(float64)})
		}
		kernel.sorted = boundsDescend(kernel.coef)
	}
	// Exact mode runs a copy that reduces fractions once per cell.
	var xkernel *exactKernel
	if _, isExact := any(f).(numeric.Exact); isExact && useExactKernel {
		gains := make([]int, len(coef))
		alpha := make([]*big.Rat, len(coef))
		beta := make([]*big.Rat, len(coef))
		for i, c := range coef {
			gains[i], alpha[i], beta[i] = c.gain, any(c.alpha).(*big.Rat), any(c.beta).(*big.Rat)
		}
		xkernel = newExactKernel(any(p).(*big.Rat), any(pMiss).(*big.Rat), gains, alpha, beta)
	}
	if kernel != nil && cg == 1 && useSkew {
		var progress func(int64)
		if opt.Progress != nil {
			progress = func(rows int64) { opt.Progress(rows, int64(A)) }
		}
		fA, fA1, err := kernel.skew().solveSkew(ctx, A, B, workers, pol, progress)
		if err != nil {
			return nil, err
		}
		win := f.New()
		if g.First == Chooser {
			win = f.Set(win, any(fA).(T))
		} else {
			win = f.Lin2(win, p, any(fA1).(T), pMiss, any(fA).(T))
		}
		return &Result[T]{Game: g, Win: win, Policy: pol}, nil
	}
	solveRows := func(first int) {
		best, cand, s := f.New(), f.New(), f.New()
		var gRow []float64 // the float kernel's G(a, ·) for the current row
		if kernel != nil {
			gRow = make([]float64, B+1)
		}
		var xs *exactScratch
		if xkernel != nil {
			xs = newExactScratch(B)
		}
		for a := first; a <= A; a += workers {
			cur, prev := row(a), row(a-cg)
			for b0 := 1; b0 <= B; b0 += block {
				b1 := min(b0+block-1, B)
				for a > cg && !done.reached(a-cg, b1) && !cancelled.Load() {
					runtime.Gosched()
				}
				if cancelled.Load() {
					break // the rows below may be unfinished
				}
				if kernel != nil || xkernel != nil {
					var choice []uint8
					if pol != nil {
						choice = pol.choice[(a-1)*B:]
					}
					if kernel != nil {
						kernel.block(any(cur).([]float64), any(prev).([]float64), gRow, b0, b1, choice)
					} else {
						xkernel.block(any(cur).([]*big.Rat), any(prev).([]*big.Rat), xs, b0, b1, choice)
					}
					done.set(a, b1)
					continue
				}
				for b := b0; b <= b1; b++ {
					x := prev[b] // F(a-g, b): the coin scores, the chooser moves again
					bestIdx := -1
					for i := range coef {
						c := &coef[i]
						if c.gain >= b {
							s = f.Set(s, one)
						} else {
							// S = G(a, b-gain) = p F(a-g, b-gain) + (1-p) F(a, b-gain)
							s = f.Lin2(s, p, prev[b-c.gain], pMiss, cur[b-c.gain])
						}
						cand = f.Lin2(cand, c.alpha, s, c.beta, x)
						if bestIdx < 0 || engine.Better(f, engine.DefaultTieTolerance, cand, best) {
							best, cand = cand, best
							bestIdx = i
						}
					}
					// Swap rather than copy: best's storage becomes the cell.
					cur[b], best = best, cur[b]
					if pol != nil {
						pol.choice[(a-1)*B+(b-1)] = uint8(bestIdx + 1)
					}
				}
				done.set(a, b1)
			}
			if pol != nil && pol.win != nil {
				for b := 1; b <= B; b++ {
					pol.win[(a-1)*B+(b-1)] = f.Float64(cur[b])
				}
			}
			if ctx.Err() != nil {
				cancelled.Store(true)
			}
			if cancelled.Load() {
				done.release() // no worker waits forever on this row
				return
			}
			if opt.Progress != nil {
				progressMu.Lock()
				rowsDone++
				opt.Progress(rowsDone, int64(A))
				progressMu.Unlock()
			}
		}
	}
	var wg sync.WaitGroup
	for w := 1; w <= workers; w++ {
		wg.Go(func() { solveRows(w) })
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("race: %w", err)
	}

	win := f.New()
	if g.First == Chooser {
		win = f.Set(win, row(A)[B])
	} else {
		// G(A,B) = p F(A-g, B) + (1-p) F(A, B)
		win = f.Lin2(win, p, row(A - cg)[B], pMiss, row(A)[B])
	}
	return &Result[T]{Game: g, Win: win, Policy: pol}, nil
}

// doneRing holds how far rows (or groups of rows) have got, for the rows
// that wait on them, in a ring of places: row r's place is r mod the
// ring's length, and it holds r·(B+1) plus r's finished columns, so that
// a place only grows as later rows take it, and a row that has reached
// column b is told apart from an earlier one with the same place. The
// ring must be long enough that a row's place is taken again only after
// every row waiting on it has finished: then a place beyond r·(B+1)+b
// means r has reached b. Memory follows the rows in flight, not the
// table's length (a race with a billion rows of three columns).
type doneRing struct {
	at []atomic.Int64
	B  int64
}

func newDoneRing(n, B int) *doneRing {
	return &doneRing{at: make([]atomic.Int64, n), B: int64(B)}
}

// set records that row r has finished its columns up to b.
func (d *doneRing) set(r, b int) {
	d.at[r%len(d.at)].Store(int64(r)*(d.B+1) + int64(b))
}

// reached reports whether row r has finished its columns up to b.
func (d *doneRing) reached(r, b int) bool {
	return d.at[r%len(d.at)].Load() >= int64(r)*(d.B+1)+int64(b)
}

// release lets every waiting row go on: the solve is stopping.
func (d *doneRing) release() {
	for i := range d.at {
		d.at[i].Store(math.MaxInt64)
	}
}

// useFloatKernel switches the float64 kernel on; tests turn it off to
// compare it with the generic loop.
var useFloatKernel = true

// floatKernel is float mode's inner loop written for float64. Through the
// numeric.Field type parameter every operation is an indirect call (Float
// and Exact share one GC shape, so Go does not specialize the generic code),
// which made the loop 2x slower than the C peer. The arithmetic is the
// generic loop's, expression for expression, so results are bit for bit
// the same (TestFloatKernel).
type floatKernel struct {
	p, pMiss float64
	coef     []floatCoef
	sorted   bool // see boundsDescend
}

// boundsDescend reports whether the bound alpha + beta·x of each gamble is
// at least the next one's for every x in [0, 1], in exact arithmetic on
// the float64 coefficients: it is linear in x, so it suffices at x = 0 and
// x = 1. (Since alpha + beta = 1 for every gamble, the bound is
// x + alpha·(1-x), and this holds when the menu is in decreasing order of
// alpha, as the doubling menu is.) Then once one gamble's bound is at most
// the best, every later gamble's is too, up to rounding: its candidate
// exceeds the best by a few units in the last place at most, far less
// than the tie tolerance that a replacement needs. The kernel stops there,
// with the same result as looking at the rest.
func boundsDescend(coef []floatCoef) bool {
	rat := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
	for i := 1; i < len(coef); i++ {
		a0, a1 := rat(coef[i-1].alpha), rat(coef[i].alpha)
		s0 := new(big.Rat).Add(a0, rat(coef[i-1].beta))
		s1 := new(big.Rat).Add(a1, rat(coef[i].beta))
		if a0.Cmp(a1) < 0 || s0.Cmp(s1) < 0 {
			return false
		}
	}
	return true
}

type floatCoef struct {
	gain        int
	alpha, beta float64
}

// block fills cur[b0..b1] from prev (row a-g) and cur itself; choice, if not
// nil, receives the 1-based index of the best gamble at choice[b-1]. g holds
// G(a, b) = p F(a-g, b) + (1-p) F(a, b) for the row's finished cells, filled
// in as they finish, so each is computed once instead of once per gamble
// (the same expression, so the same bits).
func (k *floatKernel) block(cur, prev, g []float64, b0, b1 int, choice []uint8) {
	p, pMiss := k.p, k.pMiss
	for b := b0; b <= b1; b++ {
		x := prev[b]
		best, bestIdx := 0.0, -1
		for i := range k.coef {
			c := &k.coef[i]
			bx := float64(c.beta * x) // rounded, as Field.Lin2 does
			// cand = alpha·s + beta·x with 0 ≤ s ≤ 1 and alpha ≥ 0 is at
			// most alpha + beta·x, also after rounding (it is monotone):
			// a gamble whose bound does not exceed the best cannot
			// replace it, so its S is not read.
			if bestIdx >= 0 && c.alpha+bx <= best {
				if k.sorted {
					break
				}
				continue
			}
			s := 1.0
			if c.gain < b {
				s = g[b-c.gain]
			}
			cand := float64(c.alpha*s) + bx
			if bestIdx < 0 {
				best, bestIdx = cand, i
				continue
			}
			if cand > best {
				// engine.TiedFloat, inlined: cand - best is positive here,
				// and both are sums of products of non-negative numbers,
				// so max(1, |cand|, |best|) is max(1, cand).
				scale := 1.0
				if cand > scale {
					scale = cand
				}
				if cand-best > engine.DefaultTieTolerance*scale {
					best, bestIdx = cand, i
				}
			}
		}
		cur[b] = best
		g[b] = float64(p*prev[b]) + float64(pMiss*cur[b])
		if choice != nil {
			choice[b-1] = uint8(bestIdx + 1)
		}
	}
}
