package rulesets

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/gamesolve/gamesolve/numeric"

	"github.com/gamesolve/gamesolve/cgt"
)

// Col and Snort are played on a graph: a move colours an uncoloured vertex
// in the mover's colour (Left blue, Right red). In Col two adjacent
// vertices may not have the same colour; in Snort they may not have
// different colours. Positions are edge lists: "a-b b-c c" has edges a-b and
// b-c and an isolated vertex c; "a:L" or "a:R" colours a vertex already.
type (
	Col   struct{}
	Snort struct{}
)

// MaxGraph bounds the uncoloured vertices of a position.
const MaxGraph = 24

// Name implements cgt.Ruleset.
func (Col) Name() string { return "col" }

// Name implements cgt.Ruleset.
func (Snort) Name() string { return "snort" }

// Parse implements cgt.Ruleset.
func (Col) Parse(text string) (cgt.Position, error) { return parseColouring("col", text) }

// Parse implements cgt.Ruleset.
func (Snort) Parse(text string) (cgt.Position, error) { return parseColouring("snort", text) }

const (
	mayLeft  = 1
	mayRight = 2
)

// colouring is a Col or Snort position: for each uncoloured vertex, who may
// still colour it, and its neighbours.
type colouring struct {
	snort bool
	allow []uint8
	adj   [][]int
}

var vertexName = regexp.MustCompile(`^[A-Za-z0-9_]+$`)

func parseColouring(name, text string) (cgt.Position, error) {
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return nil, bad(name, text, "expected an edge list, e.g. a-b b-c (a:L colours a for Left)")
	}
	ids := map[string]int{}
	vertex := func(s string) (int, error) {
		if !vertexName.MatchString(s) {
			return 0, bad(name, text, fmt.Sprintf("vertex %s: names are letters, digits and _", numeric.Shorten(s, 20)))
		}
		id, ok := ids[s]
		if !ok {
			id = len(ids)
			ids[s] = id
		}
		return id, nil
	}
	var edges [][2]int
	coloured := map[int]uint8{} // the colour given: mayLeft or mayRight
	for _, f := range fields {
		switch {
		case strings.Contains(f, "-"):
			a, b, _ := strings.Cut(f, "-")
			u, err := vertex(a)
			if err != nil {
				return nil, err
			}
			v, err := vertex(b)
			if err != nil {
				return nil, err
			}
			if u == v {
				return nil, bad(name, text, fmt.Sprintf("edge %s joins a vertex to itself", f))
			}
			edges = append(edges, [2]int{u, v})
		case strings.Contains(f, ":"):
			a, c, _ := strings.Cut(f, ":")
			u, err := vertex(a)
			if err != nil {
				return nil, err
			}
			switch c {
			case "L":
				coloured[u] = mayLeft
			case "R":
				coloured[u] = mayRight
			default:
				return nil, bad(name, text, fmt.Sprintf("%s: a colour is L or R", f))
			}
		default:
			if _, err := vertex(f); err != nil {
				return nil, err
			}
		}
	}
	n := len(ids)
	c := colouring{snort: name == "snort", allow: make([]uint8, n), adj: make([][]int, n)}
	for i := range c.allow {
		c.allow[i] = mayLeft | mayRight
	}
	for _, e := range edges {
		if !slices.Contains(c.adj[e[0]], e[1]) {
			c.adj[e[0]] = append(c.adj[e[0]], e[1])
			c.adj[e[1]] = append(c.adj[e[1]], e[0])
		}
	}
	// Colour the given vertices in turn, checking each is legal.
	for u := range n {
		colour, ok := coloured[u]
		if !ok {
			continue
		}
		if c.allow[u]&colour == 0 {
			return nil, bad(name, text, "the coloured vertices break the rule of "+name)
		}
		c = c.colour(u, colour, false)
		coloured[u] = 0
	}
	if free := c.free(); free > MaxGraph {
		return nil, tooLargePosition(fmt.Sprintf("%s: position %s has %d uncoloured vertices; at most %d are valued", name, numeric.Shorten(text, 40), free, MaxGraph))
	}
	return c.normal(), nil
}

func (c colouring) free() int {
	n := 0
	for _, a := range c.allow {
		if a != 0 {
			n++
		}
	}
	return n
}

// colour colours vertex u: its neighbours lose the colour (Col) or the other
// colour (Snort). With drop, u and the vertices nobody may colour go.
func (c colouring) colour(u int, colour uint8, drop bool) colouring {
	n := colouring{snort: c.snort, allow: slices.Clone(c.allow), adj: c.adj}
	lose := colour
	if c.snort {
		lose = (mayLeft | mayRight) &^ colour
	}
	for _, v := range c.adj[u] {
		n.allow[v] &^= lose
	}
	n.allow[u] = 0
	if !drop {
		return n
	}
	return n.normal()
}

// normal drops vertices nobody may colour and renumbers the rest in a
// fixed order (by who may colour them, degree, and their neighbours'), so
// that many isomorphic positions share a key; equal keys are always equal
// positions, since the key lists the whole graph.
func (c colouring) normal() colouring {
	var keep []int
	for v, a := range c.allow {
		if a != 0 {
			keep = append(keep, v)
		}
	}
	alive := func(v int) bool { return c.allow[v] != 0 }
	deg := func(v int) int {
		d := 0
		for _, w := range c.adj[v] {
			if alive(w) {
				d++
			}
		}
		return d
	}
	sig := func(v int) []int {
		s := []int{int(c.allow[v]), deg(v)}
		var nb []int
		for _, w := range c.adj[v] {
			if alive(w) {
				nb = append(nb, int(c.allow[w])*64+deg(w))
			}
		}
		slices.Sort(nb)
		return append(s, nb...)
	}
	slices.SortStableFunc(keep, func(a, b int) int { return slices.Compare(sig(a), sig(b)) })
	index := make([]int, len(c.allow))
	for i := range index {
		index[i] = -1
	}
	for i, v := range keep {
		index[v] = i
	}
	out := colouring{snort: c.snort, allow: make([]uint8, len(keep)), adj: make([][]int, len(keep))}
	for i, v := range keep {
		out.allow[i] = c.allow[v]
		for _, w := range c.adj[v] {
			if index[w] >= 0 {
				out.adj[i] = append(out.adj[i], index[w])
			}
		}
		slices.Sort(out.adj[i])
	}
	return out
}

// Key implements cgt.Position.
func (c colouring) Key() string {
	var b strings.Builder
	if c.snort {
		b.WriteString("sn")
	} else {
		b.WriteString("co")
	}
	for i, a := range c.allow {
		fmt.Fprintf(&b, ";%d:", a)
		for _, w := range c.adj[i] {
			fmt.Fprintf(&b, "%d,", w)
		}
	}
	return b.String()
}

// Options implements cgt.Position.
func (c colouring) Options() (left, right []cgt.Position) {
	for v, a := range c.allow {
		if a&mayLeft != 0 {
			left = append(left, c.colour(v, mayLeft, true))
		}
		if a&mayRight != 0 {
			right = append(right, c.colour(v, mayRight, true))
		}
	}
	return left, right
}

// Components implements cgt.Splitter: the connected parts of the graph.
func (c colouring) Components() []cgt.Position {
	comp := make([]int, len(c.allow))
	for i := range comp {
		comp[i] = -1
	}
	k := 0
	for s := range c.allow {
		if comp[s] >= 0 {
			continue
		}
		stack := []int{s}
		comp[s] = k
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range c.adj[v] {
				if comp[w] < 0 {
					comp[w] = k
					stack = append(stack, w)
				}
			}
		}
		k++
	}
	if k < 2 {
		return nil
	}
	parts := make([]cgt.Position, k)
	for i := range k {
		p := colouring{snort: c.snort, allow: make([]uint8, len(c.allow)), adj: c.adj}
		for v := range c.allow {
			if comp[v] == i {
				p.allow[v] = c.allow[v]
			}
		}
		parts[i] = p.normal()
	}
	return parts
}
