package engine

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/solver"
)

// Tierer is implemented by rules whose states fall into tiers, for a solve
// that keeps one tier in memory at a time (doc.go, "Tiers"). No outcome
// of a state may lead to an earlier tier (a smaller number); a tier's
// states may lead to one another freely. Every state must have an index
// (Indexer), and State inverts it, so that a state can be kept on disk as
// its index.
type Tierer[S comparable] interface {
	Indexer[S]
	// Tier is state s's tier, from 0.
	Tier(s S) int
	// State is the state that Index numbers i.
	State(i int) (S, bool)
}

// ErrTierOrder reports a move from a tier to an earlier one.
var ErrTierOrder = errors.New("engine: a move to an earlier tier")

// TierOrder explores rules in the order Solve numbers their states
// (breadth first from the start, each state's outcomes in the order
// Expand lists them, then the Seeder's seeds and the states only they
// reach) and calls visit with each state's tier and index in that order.
// A solve of one tier that numbers its states in this order numbers each
// component's states as Solve does, which float methods such as
// Gauss–Seidel sweeps need to give the same values to the last bit.
//
// It keeps one bit a possible index, and the queue of states still to
// expand in a file in dir (removed on return): 8 bytes a state. It refuses
// a state without an index, an index that State does not invert, and a
// move to an earlier tier (ErrTierOrder, naming both states).
func TierOrder[S comparable](ctx context.Context, rules Rules[S], dir string, visit func(tier int, index uint64) error) (TierInfo, error) {
	var info TierInfo
	var err error
	info.States, info.Total, err = tierOrder(ctx, rules, dir, visit)
	return info, err
}

// TierInfo is what TierOrder learns of the whole game: its states, and
// the total every terminal pays when they all pay the same one (nil when
// they do not), which SolveTier needs to treat each tier as Solve treats
// it in the whole game.
type TierInfo struct {
	States int64
	Total  *big.Rat
}

func tierOrder[S comparable](ctx context.Context, rules Rules[S], dir string, visit func(tier int, index uint64) error) (int64, *big.Rat, error) {
	tr, ok := rules.(Tierer[S])
	if !ok {
		return 0, nil, solver.Invalidf("engine: the rules have no tiers (Tierer)")
	}
	limit := tr.IndexLimit()
	if limit <= 0 {
		return 0, nil, solver.Invalidf("engine: an index limit of %d", limit)
	}
	est := budget.Estimate{What: fmt.Sprintf("engine: tiers: one bit for each of %d indices", limit), Bytes: float64(limit) / 8}
	if err := est.Check(); err != nil {
		return 0, nil, err
	}
	seen := make([]uint64, (limit+63)/64)
	describe := describer(rules)
	q, err := newDiskQueue(dir)
	if err != nil {
		return 0, nil, err
	}
	defer q.remove()
	var count int64
	var total terminalSum
	add := func(s S) error {
		i, ok := tr.Index(s)
		if !ok || i < 0 || i >= limit {
			return solver.Invalidf("engine: tiers: state %s has no index below %d", describe(s), limit)
		}
		if seen[i/64]&(1<<(i%64)) != 0 {
			return nil
		}
		seen[i/64] |= 1 << (i % 64)
		if back, ok := tr.State(i); !ok || back != s {
			return solver.Invalidf("engine: tiers: State(%d) does not give back state %s, whose index it is", i, describe(s))
		}
		count++
		if err := visit(tr.Tier(s), uint64(i)); err != nil {
			return err
		}
		return q.push(uint64(i))
	}
	if err := add(rules.Start()); err != nil {
		return 0, nil, err
	}
	var seeds []S
	if sd, ok := rules.(Seeder[S]); ok {
		seeds = sd.Seeds()
	}
	var n Node[S]
	for expanded := int64(0); ; expanded++ {
		if expanded%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, nil, fmt.Errorf("engine: tiers: %w", err)
			}
		}
		i, ok, err := q.pop()
		if err != nil {
			return 0, nil, err
		}
		if !ok {
			if len(seeds) == 0 {
				if sum, same := total.result(); same {
					return count, sum, nil
				}
				return count, nil, nil
			}
			for _, s := range seeds {
				if err := add(s); err != nil {
					return 0, nil, err
				}
			}
			seeds = nil
			expanded--
			continue
		}
		s, _ := tr.State(int(i))
		n.reset()
		if err := expandSafely(rules, s, &n); err != nil {
			return 0, nil, fmt.Errorf("engine: state %s: %w", describe(s), err)
		}
		if n.owner == Terminal {
			total.addRats(n.payoff)
		}
		from := tr.Tier(s)
		for _, o := range n.outs {
			if t := tr.Tier(o.To); t < from {
				return 0, nil, fmt.Errorf("%w: state %s (tier %d) leads to state %s (tier %d)", ErrTierOrder, describe(s), from, describe(o.To), t)
			}
			if err := add(o.To); err != nil {
				return 0, nil, err
			}
		}
	}
}

// diskQueue is a first-in, first-out queue of indices in a file: pushed at
// the end through a buffer, popped from the front by a second reader,
// which flushes the writer when it catches up with what is on disk.
type diskQueue struct {
	path            string
	wf, rf          *os.File
	w               *bufio.Writer
	r               *bufio.Reader
	pushed, flushed int64
	popped          int64
	buf             [8]byte
}

func newDiskQueue(dir string) (*diskQueue, error) {
	wf, err := os.CreateTemp(dir, "tier-queue-*.tmp")
	if err != nil {
		return nil, fmt.Errorf("engine: tiers: %w", err)
	}
	rf, err := os.Open(wf.Name())
	if err != nil {
		wf.Close()
		os.Remove(wf.Name())
		return nil, fmt.Errorf("engine: tiers: %w", err)
	}
	return &diskQueue{path: wf.Name(), wf: wf, rf: rf, w: bufio.NewWriterSize(wf, 1<<20), r: bufio.NewReaderSize(rf, 1<<20)}, nil
}

func (q *diskQueue) push(i uint64) error {
	binary.LittleEndian.PutUint64(q.buf[:], i)
	if _, err := q.w.Write(q.buf[:]); err != nil {
		return fmt.Errorf("engine: tiers: the queue: %w", err)
	}
	q.pushed++
	return nil
}

func (q *diskQueue) pop() (uint64, bool, error) {
	if q.popped == q.pushed {
		return 0, false, nil
	}
	if q.popped == q.flushed {
		if err := q.w.Flush(); err != nil {
			return 0, false, fmt.Errorf("engine: tiers: the queue: %w", err)
		}
		q.flushed = q.pushed
		// The reader met the end of the file before: read on from there.
		q.r.Reset(io.NewSectionReader(q.rf, 8*q.popped, 8*(q.flushed-q.popped)))
	}
	var b [8]byte
	if _, err := io.ReadFull(q.r, b[:]); err != nil {
		return 0, false, fmt.Errorf("engine: tiers: the queue: %w", err)
	}
	q.popped++
	return binary.LittleEndian.Uint64(b[:]), true, nil
}

func (q *diskQueue) remove() {
	q.wf.Close()
	q.rf.Close()
	os.Remove(q.path)
}
