package engine

import (
	"context"
	"fmt"
	"slices"

	"github.com/gamesolve/gamesolve/internal/hugepage"
)

// components is a decomposition into strongly connected components, listed
// in reverse topological order: every edge leaving a component goes to one
// listed earlier, so solving them in order finds successors solved.
type components struct {
	of      []int32  // component of each vertex
	start   []uint32 // members of component c: members[start[c]:start[c+1]]
	members []uint32
}

func (c *components) count() int { return len(c.start) - 1 }

func (c *components) get(k int) []uint32 { return c.members[c.start[k]:c.start[k+1]] }

// tarjan decomposes the graph whose vertex v has successors
// adj[start[v]:start[v+1]]. It is Tarjan's algorithm with an explicit stack,
// since state graphs can be millions of vertices deep. Members of each
// component are listed in increasing vertex order. A whole game's graph
// takes seconds (Pig 150: 3.3 million states, 23 million edges, about
// one), so it looks at ctx every sccCheck vertices and returns its error.
func tarjan(ctx context.Context, n int, start []uint32, adj []uint32) (*components, error) {
	sc := sccScratch{ctx: ctx}
	if c := sc.tarjan(n, start, adj); c != nil {
		return c, nil
	}
	return nil, fmt.Errorf("engine: %w", ctx.Err())
}

// tarjanGraph is tarjan on a graph's states, whose edges are their
// outcomes: no array of where each state's outcomes start (Pig 100: 4 MB)
// is made.
func tarjanGraph[S comparable](ctx context.Context, g *graph[S]) (*components, error) {
	sc := sccScratch{ctx: ctx}
	if c := sc.decompose(len(g.states), g.actStart, g.outStart, g.to); c != nil {
		return c, nil
	}
	return nil, fmt.Errorf("engine: %w", ctx.Err())
}

// sccCheck is how many vertices tarjan visits between looks at its
// context.
const sccCheck = 1 << 16

// sccScratch is tarjan's memory, for callers that decompose graph after
// graph (strategy iteration's rounds): the components it returns are
// valid until its next call.
type sccScratch struct {
	search pearce
	c      components
	// ctx, if set, stops a decomposition: tarjan then returns nil. The
	// parts of one component, decomposed round after round, leave it
	// unset (their callers look at the context between rounds).
	ctx context.Context
	// emit, if set, is called with each component as soon as it is
	// complete (its members listed, of set for them), in the order of
	// the decomposition; false stops it (tarjan then returns nil). The
	// arrays of c are made at their full size first and only their
	// elements are written after: emit may hand component k to other
	// goroutines, which read c through a view of the full arrays
	// (components.full).
	emit func(k int) bool
}

type sccFrame struct {
	v         uint32
	edge, end uint32 // v's edges left: adj[edge:end]
	root      bool   // no edge from v's subtree has reached an earlier active vertex
}

// resize returns s with length n, reusing its memory (not cleared).
func resize[E any](s []E, n int) []E {
	if cap(s) < n {
		return hugepage.Make[E](n, n)
	}
	return s[:n]
}

// tarjan is the function tarjan on sc's memory.
func (sc *sccScratch) tarjan(n int, start []uint32, adj []uint32) *components {
	return sc.decompose(n, start, nil, adj)
}

// decompose is tarjan where vertex v's successors are adj[lo:hi], lo and
// hi start[v] and start[v+1], or with mid (a graph's states: start its
// actStart, mid its outStart) mid[start[v]] and mid[start[v+1]]. The
// array of the search is c.of itself, which a reader of a component
// already emitted finds written (Pig 100: 4 MB less than an array of its
// own).
func (sc *sccScratch) decompose(n int, start, mid, adj []uint32) *components {
	c := &sc.c
	c.of, c.start, c.members = resize(c.of, n), append(resize(c.start, n+1)[:0], 0), resize(c.members, n)[:0]
	open := func(v uint32) (sccFrame, []uint32, error) {
		lo, hi := start[v], start[v+1]
		if mid != nil {
			lo, hi = mid[lo], mid[hi]
		}
		return sccFrame{v: v, edge: lo, end: hi, root: true}, adj, nil
	}
	found := func(k int32, v uint32, rest []uint32) error {
		first := len(c.members)
		c.members = append(append(c.members, rest...), v)
		slices.Sort(c.members[first:])
		c.start = append(c.start, uint32(len(c.members)))
		if sc.emit != nil && !sc.emit(int(k)) {
			return errStopped
		}
		return nil
	}
	if sc.search.run(sc.ctx, c.of, open, found) != nil {
		return nil
	}
	return c
}

// pearce is the memory of Pearce's variant of Tarjan's algorithm ("A
// space-efficient algorithm for finding strongly connected components",
// Information Processing Letters 116, 2016), which both decompose and
// the decomposition without a stored graph (leanDFS) run.
type pearce struct {
	stack []uint32 // Tarjan's stack
	calls []sccFrame
}

// run finds the strongly connected components of the vertices 0 to
// len(of)-1, visiting roots in increasing order and each vertex's edges in
// order. open(v) is called once per vertex, when it is first visited, and
// gives its frame: its successors are adj[edge:end] of the adj it returns
// (which may differ from call to call). found(k, v, rest) is called with
// each component k, numbered from 0 in the order found (reverse
// topological): its root v and its other members rest (in no order,
// valid during the call), of[u] = k for all of them. An error of open or
// found stops the search and is returned, and so is ctx's, looked at
// every sccCheck vertices.
//
// One array, of, holds a vertex's index while it is active and its
// component's number once it is done; so no array of links or of stack
// membership is needed, and an edge costs one random read. The indices
// are Pearce's mirrored, counted down from n-1 (the first vertex visited
// has the largest), and the components are numbered up from 0: as active
// vertices and done components together are at most n, no component
// number reaches an active index, and a done vertex never raises
// another's link. The components and their order are Tarjan's.
func (p *pearce) run(ctx context.Context, of []int32, open func(v uint32) (sccFrame, []uint32, error), found func(k int32, v uint32, rest []uint32) error) error {
	const unvisited = -1
	n := len(of)
	for i := range of {
		of[i] = unvisited
	}
	// The stacks hold at most n entries, made once: no append ever copies
	// them, and the pages of what is never pushed are never written.
	stack, calls := resize(p.stack, n)[:0], resize(p.calls, n)[:0]
	defer func() { p.stack, p.calls = stack, calls }()
	stopped := func(visited int32) error {
		if visited%sccCheck == 0 && ctx != nil && ctx.Err() != nil {
			return fmt.Errorf("engine: %w", ctx.Err())
		}
		return nil
	}
	var adj []uint32
	next := int32(n - 1) // the next index
	visited, k := int32(0), int32(0)
	for root := range n {
		if of[root] != unvisited {
			continue
		}
		if err := stopped(visited); err != nil {
			return err
		}
		f, a, err := open(uint32(root))
		if err != nil {
			return err
		}
		adj = a
		calls = append(calls, f)
		of[root] = next
		next--
		visited++
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			v := f.v
			if f.edge < f.end {
				w := adj[f.edge]
				f.edge++
				if of[w] == unvisited {
					if err := stopped(visited); err != nil {
						return err
					}
					nf, a, err := open(w)
					if err != nil {
						return err
					}
					adj = a
					of[w] = next
					next--
					visited++
					calls = append(calls, nf)
				} else if of[w] > of[v] {
					of[v], f.root = of[w], false
				}
				continue
			}
			isRoot := f.root
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				if u := &calls[len(calls)-1]; of[v] > of[u.v] {
					of[u.v], u.root = of[v], false
				}
			}
			if !isRoot {
				stack = append(stack, v)
				continue
			}
			// The component: v and the stack's top, down to the first
			// vertex visited before v.
			top := len(stack)
			for top > 0 && of[v] >= of[stack[top-1]] {
				top--
				of[stack[top]] = k
			}
			of[v] = k
			next += int32(len(stack)-top) + 1
			if err := found(k, v, stack[top:]); err != nil {
				return err
			}
			stack = stack[:top]
			k++
		}
	}
	return nil
}

// full returns a view of c with its arrays at their full size, for the
// goroutines that read the components a decomposition emits while it goes
// on: the lengths of c's own arrays change as it appends.
func (c *components) full() *components {
	return &components{of: c.of, start: c.start[:cap(c.start)], members: c.members[:cap(c.members)]}
}

// restrict returns the components whose states are all in keep (as
// tarjan found them on edges among kept states, each such component is
// wholly in or out), renumbered densely in the same order; of is -1 for
// states outside them.
func (c *components) restrict(keep []bool) *components {
	out := &components{of: hugepage.Make[int32](len(c.of), len(c.of)), start: []uint32{0}}
	for i := range out.of {
		out.of[i] = -1
	}
	for k := range c.count() {
		m := c.get(k)
		if !keep[m[0]] {
			continue
		}
		id := int32(len(out.start) - 1)
		for _, v := range m {
			out.of[v] = id
		}
		out.members = append(out.members, m...)
		out.start = append(out.start, uint32(len(out.members)))
	}
	return out
}
