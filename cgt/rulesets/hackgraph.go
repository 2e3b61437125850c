package rulesets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gamesolve/gamesolve/numeric"

	"github.com/gamesolve/gamesolve/cgt"
)

// MaxHackenbushEdges bounds the edges of a Hackenbush graph.
const MaxHackenbushEdges = 40

// hackGraph is Blue-Red Hackenbush on a graph: edges between nodes, node 0
// the ground, each edge Left's (l) or Right's (r). Cutting an edge removes
// it and everything no longer connected to the ground.
type hackGraph struct {
	edges []hackEdge
}

type hackEdge struct {
	u, v  int
	right bool
}

// parseHackGraph reads edges "u-v:l" or "u-v:r"; the node g is the ground.
func parseHackGraph(text string) (cgt.Position, error) {
	ids := map[string]int{"g": 0}
	var h hackGraph
	for _, f := range strings.Fields(text) {
		ends, colour, ok := strings.Cut(f, ":")
		a, b, ok2 := strings.Cut(ends, "-")
		if !ok || !ok2 || (colour != "l" && colour != "r") {
			return nil, bad("hackenbush", text, fmt.Sprintf("edge %s: edges are u-v:l or u-v:r, g the ground, e.g. g-a:l a-b:r b-g:l", numeric.Shorten(f, 20)))
		}
		node := func(s string) (int, error) {
			if !vertexName.MatchString(s) {
				return 0, bad("hackenbush", text, fmt.Sprintf("node %s: names are letters, digits and _", numeric.Shorten(s, 20)))
			}
			id, ok := ids[s]
			if !ok {
				id = len(ids)
				ids[s] = id
			}
			return id, nil
		}
		u, err := node(a)
		if err != nil {
			return nil, err
		}
		v, err := node(b)
		if err != nil {
			return nil, err
		}
		h.edges = append(h.edges, hackEdge{u: u, v: v, right: colour == "r"})
	}
	if len(h.edges) == 0 {
		return nil, bad("hackenbush", text, "no edges")
	}
	if len(h.edges) > MaxHackenbushEdges {
		return nil, tooLargePosition(fmt.Sprintf("hackenbush: a graph of %d edges; at most %d are valued", len(h.edges), MaxHackenbushEdges))
	}
	return h.normal(), nil
}

// normal keeps the edges connected to the ground and renumbers the nodes in
// breadth-first order from the ground, neighbours taken in a fixed order,
// and sorts the edges: many isomorphic graphs then share a key, and equal
// keys are always the same graph.
func (h hackGraph) normal() hackGraph {
	nodes := 1 // the ground, even with no edges
	for _, e := range h.edges {
		nodes = max(nodes, e.u+1, e.v+1)
	}
	adj := make([][]int, nodes) // edge indices
	for i, e := range h.edges {
		adj[e.u] = append(adj[e.u], i)
		if e.v != e.u {
			adj[e.v] = append(adj[e.v], i)
		}
	}
	order := make([]int, nodes)
	for i := range order {
		order[i] = -1
	}
	order[0] = 0
	queue := []int{0}
	next := 1
	for i := 0; i < len(queue); i++ {
		x := queue[i]
		es := slices.Clone(adj[x])
		// Neighbours in a fixed order: by edge colour, then how many
		// edges they have.
		slices.SortStableFunc(es, func(a, b int) int {
			ea, eb := h.edges[a], h.edges[b]
			if ea.right != eb.right {
				if ea.right {
					return 1
				}
				return -1
			}
			oa, ob := ea.u+ea.v-x, eb.u+eb.v-x
			return len(adj[oa]) - len(adj[ob])
		})
		for _, ei := range es {
			e := h.edges[ei]
			y := e.u + e.v - x
			if order[y] < 0 {
				order[y] = next
				next++
				queue = append(queue, y)
			}
		}
	}
	var out hackGraph
	for _, e := range h.edges {
		if order[e.u] < 0 { // not connected to the ground
			continue
		}
		u, v := order[e.u], order[e.v]
		if u > v {
			u, v = v, u
		}
		out.edges = append(out.edges, hackEdge{u: u, v: v, right: e.right})
	}
	slices.SortFunc(out.edges, func(a, b hackEdge) int {
		if a.u != b.u {
			return a.u - b.u
		}
		if a.v != b.v {
			return a.v - b.v
		}
		if a.right == b.right {
			return 0
		}
		if a.right {
			return 1
		}
		return -1
	})
	return out
}

// Key implements cgt.Position.
func (h hackGraph) Key() string {
	var b strings.Builder
	b.WriteString("hg")
	for _, e := range h.edges {
		c := 'l'
		if e.right {
			c = 'r'
		}
		fmt.Fprintf(&b, " %d-%d%c", e.u, e.v, c)
	}
	return b.String()
}

// Options implements cgt.Position.
func (h hackGraph) Options() (left, right []cgt.Position) {
	for i, e := range h.edges {
		rest := hackGraph{edges: slices.Delete(slices.Clone(h.edges), i, i+1)}.normal()
		if e.right {
			right = append(right, rest)
		} else {
			left = append(left, rest)
		}
	}
	return left, right
}

// Components implements cgt.Splitter: the parts that meet only at the
// ground.
func (h hackGraph) Components() []cgt.Position {
	nodes := 0
	for _, e := range h.edges {
		nodes = max(nodes, e.u+1, e.v+1)
	}
	// Union the non-ground ends of each edge.
	parent := make([]int, nodes)
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, e := range h.edges {
		if e.u != 0 && e.v != 0 {
			parent[find(e.u)] = find(e.v)
		}
	}
	groups := map[int][]hackEdge{}
	var order []int
	for _, e := range h.edges {
		root := -1 - len(order) // a ground loop is its own part
		if e.u != 0 {
			root = find(e.u)
		} else if e.v != 0 {
			root = find(e.v)
		}
		if _, ok := groups[root]; !ok {
			order = append(order, root)
		}
		groups[root] = append(groups[root], e)
	}
	if len(order) < 2 {
		return nil
	}
	parts := make([]cgt.Position, len(order))
	for i, r := range order {
		parts[i] = hackGraph{edges: groups[r]}.normal()
	}
	return parts
}
