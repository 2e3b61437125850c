package cgt

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/big"
	"slices"
	"sync"
	"time"

	"github.com/gamesolve/gamesolve/budget"
)

// Game is a canonical short game. The zero Game is 0. Games are made only
// by this package (Parse, New, Add, ...); using any other Game value is a
// programming error and panics with a message saying so, as math/big does
// for its preconditions.
type Game uint32

// MaxNodes bounds the number of distinct canonical games the process keeps.
const MaxNodes = 20_000_000

// ErrTooLarge is returned when a computation would exceed MaxNodes or another
// size limit. It wraps budget.ErrTooLarge, so one errors.Is test covers
// every solver's refusals.
var ErrTooLarge = fmt.Errorf("cgt: game too large (%w)", budget.ErrTooLarge)

// node is one canonical game. Numbers keep their value and compute their
// options on demand, so an integer like 10^9 is one node, not a chain.
type node struct {
	left, right []Game   // canonical options, sorted (nil for numbers)
	num         *big.Rat // non-nil iff the game is a number
	nus         *nus     // set once the game is known to be x + n·↑ + *m
	nusChecked  bool     // recognition was attempted
	ls, rs      *big.Rat // the stops, once computed (see stops)
	walls       *walls   // the thermograph, once computed
}

// nus is x + n·↑ + *m.
type nus struct {
	x    *big.Rat
	n, m int
}

func (v nus) key() string { return fmt.Sprintf("%s/%d/%d", v.x.RatString(), v.n, v.m) }

var tab = newTable()

type table struct {
	mu     sync.Mutex
	nodes  []node
	byKey  map[string]Game
	byNum  map[string]Game
	byNus  map[string]Game
	sums   map[[2]Game]Game
	negs   map[Game]Game
	leMemo map[[2]Game]bool
	work   int // steps of the current call, see MaxWork
	limit  int // steps allowed: MaxWork, or less inside withBudget
	ctx    context.Context
	start  time.Time
}

func newTable() *table {
	t := &table{
		byKey:  map[string]Game{},
		byNum:  map[string]Game{},
		byNus:  map[string]Game{},
		sums:   map[[2]Game]Game{},
		negs:   map[Game]Game{},
		leMemo: map[[2]Game]bool{},
	}
	zero := new(big.Rat)
	t.nodes = append(t.nodes, node{num: zero, nus: &nus{x: zero}, nusChecked: true})
	t.byNum[zero.RatString()] = 0
	t.byNus[nus{x: zero}.key()] = 0
	return t
}

// MaxWork bounds the comparisons and canonicalisations of one call (a few
// seconds), so that hostile sums such as 1000*881 ± 18888 fail with
// ErrTooLarge instead of running for hours.
const MaxWork = 10_000_000

// check panics with a clear message for Games this package did not make.
func (t *table) check(games ...Game) {
	for _, g := range games {
		if int(g) >= len(t.nodes) {
			panic(fmt.Sprintf("cgt: invalid Game %d: not made by this package", g))
		}
	}
}

// step counts one unit of work.
func (t *table) step() {
	t.work++
	if t.work&4095 == 0 {
		if t.ctx != nil && t.ctx.Err() != nil {
			panic(cancelled{t.ctx.Err()})
		}
		if time.Since(t.start) > MaxDuration {
			panic(tooLarge{fmt.Sprintf("more than %v of work", MaxDuration)})
		}
	}
	if t.work > t.limit {
		if t.limit < MaxWork {
			panic(budgetExceeded{})
		}
		panic(tooLarge{fmt.Sprintf("more than %d steps", MaxWork)})
	}
}

// tooLarge is the panic value that unwinds a computation that outgrew the
// table; exported functions recover it into ErrTooLarge.
type tooLarge struct{ what string }

// MaxDuration bounds the wall time of one call. Steps are uneven (one
// comparison of two 1000-digit numbers costs far more than one of small
// ones), so time is bounded too, checked every few thousand steps.
const MaxDuration = 30 * time.Second

// cancelled unwinds a computation whose context ended.
type cancelled struct{ err error }

// locked runs f with the table locked, turning a size overflow into an error.
func locked[T any](f func() T) (res T, err error) {
	return lockedCtx(context.Background(), f)
}

// lockedCtx is locked that also stops, with the context's error, when ctx
// ends.
func lockedCtx[T any](ctx context.Context, f func() T) (res T, err error) {
	tab.mu.Lock()
	defer tab.mu.Unlock()
	tab.work, tab.limit = 0, MaxWork
	tab.ctx, tab.start = ctx, time.Now()
	defer func() {
		tab.ctx = nil
		if r := recover(); r != nil {
			switch r := r.(type) {
			case tooLarge:
				err = fmt.Errorf("%w: %s", ErrTooLarge, r.what)
			case cancelled:
				err = fmt.Errorf("cgt: %w", r.err)
			default:
				panic(r)
			}
		}
	}()
	if err := ctx.Err(); err != nil {
		return res, fmt.Errorf("cgt: %w", err)
	}
	return f(), nil
}

func (t *table) add(n node) Game {
	if len(t.nodes) >= MaxNodes {
		panic(tooLarge{fmt.Sprintf("more than %d distinct games", MaxNodes)})
	}
	t.nodes = append(t.nodes, n)
	return Game(len(t.nodes) - 1)
}

// number returns the canonical game of the dyadic rational x.
func (t *table) number(x *big.Rat) Game {
	k := x.RatString()
	if g, ok := t.byNum[k]; ok {
		return g
	}
	x = new(big.Rat).Set(x)
	g := t.add(node{num: x, nus: &nus{x: x}, nusChecked: true})
	t.byNum[k] = g
	return g
}

// intern returns the game with exactly these canonical options, which must
// already be in canonical form (no dominated or reversible options) and not
// a number.
func (t *table) intern(left, right []Game) Game {
	slices.Sort(left)
	slices.Sort(right)
	left, right = slices.Compact(left), slices.Compact(right)
	buf := make([]byte, 0, 5*(len(left)+len(right))+2)
	buf = binary.AppendUvarint(buf, uint64(len(left)))
	for _, g := range left {
		buf = binary.AppendUvarint(buf, uint64(g))
	}
	for _, g := range right {
		buf = binary.AppendUvarint(buf, uint64(g))
	}
	k := string(buf)
	if g, ok := t.byKey[k]; ok {
		return g
	}
	g := t.add(node{left: slices.Clip(left), right: slices.Clip(right)})
	t.byKey[k] = g
	return g
}

func (t *table) isNumber(g Game) bool { return t.nodes[g].num != nil }

// options returns g's canonical Left and Right options; numbers compute
// theirs: n = {n-1|}, -n = {|-n+1}, m/2^k = {(m-1)/2^k | (m+1)/2^k}.
func (t *table) options(g Game) (left, right []Game) {
	nd := &t.nodes[g]
	if nd.num == nil {
		return nd.left, nd.right
	}
	x := nd.num
	if x.IsInt() {
		switch x.Sign() {
		case 1:
			return []Game{t.number(new(big.Rat).Sub(x, big.NewRat(1, 1)))}, nil
		case -1:
			return nil, []Game{t.number(new(big.Rat).Add(x, big.NewRat(1, 1)))}
		}
		return nil, nil
	}
	step := new(big.Rat).SetFrac(big.NewInt(1), x.Denom())
	return []Game{t.number(new(big.Rat).Sub(x, step))}, []Game{t.number(new(big.Rat).Add(x, step))}
}
