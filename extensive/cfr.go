package extensive

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"slices"

	"github.com/gamesolve/gamesolve/budget"
	"github.com/gamesolve/gamesolve/numeric"
	"github.com/gamesolve/gamesolve/solver"
)

// cfrTree is a game flattened for counterfactual regret minimization:
// float64 probabilities and path payoffs, children in one array.
type cfrTree struct {
	owner []int32 // player, Chance, or -2 at a leaf
	set   []int32 // information set, or -1
	kids  []int32 // children of node v: kids[start[v]:start[v+1]]
	start []int32
	prob  []float64    // chance probability, per child slot
	util  [][2]float64 // the path's payoffs, at leaves
	slot  []int32      // per information set: its first action's index
	sets  int
	depth int
}

func (g *Game) cfrTree() *cfrTree {
	n := len(g.Nodes)
	t := &cfrTree{owner: make([]int32, n), set: make([]int32, n), start: make([]int32, n+1), util: make([][2]float64, n), slot: make([]int32, len(g.Infosets)+1), sets: len(g.Infosets)}
	for i, I := range g.Infosets {
		t.slot[i+1] = t.slot[i] + int32(len(I.Actions))
	}
	path := make([][2]float64, n)
	depth := make([]int, n)
	for v, node := range g.Nodes {
		if node.Outcome >= 0 {
			for p := range 2 {
				path[v][p] += numeric.RatFloat64(g.Outcomes[node.Outcome].Payoffs[p])
			}
		}
		t.start[v] = int32(len(t.kids))
		t.set[v] = int32(node.Infoset)
		if node.Infoset < 0 {
			t.owner[v] = -2
			t.util[v] = path[v]
			continue
		}
		I := g.Infosets[node.Infoset]
		t.owner[v] = int32(I.Player)
		for a, c := range node.Children {
			t.kids = append(t.kids, int32(c))
			p := 0.0
			if I.Player == Chance {
				p = numeric.RatFloat64(I.Probs[a])
			}
			t.prob = append(t.prob, p)
			path[c] = path[v]
			depth[c] = depth[v] + 1
			t.depth = max(t.depth, depth[c])
		}
	}
	t.start[n] = int32(len(t.kids))
	return t
}

// cfrState is CFR+'s regrets, current strategy and average strategy.
type cfrState struct {
	// order lists the player information sets parents first, with
	// each one's player, first sequence and parent sequence, for average.
	order         []int32
	player        []int32
	first, parent []int32
	plan          [][]float64 // scratch: each player's realization plan

	t                  *cfrTree
	regret, sigma, avg []float64
	scratch            []float64
	iter               int
}

// strategy sets sigma from the regrets by regret matching (uniform where
// no regret is positive).
func (s *cfrState) strategy() {
	for i := range s.t.sets {
		lo, hi := s.t.slot[i], s.t.slot[i+1]
		sum := 0.0
		for k := lo; k < hi; k++ {
			sum += s.regret[k]
		}
		for k := lo; k < hi; k++ {
			if sum > 0 {
				s.sigma[k] = s.regret[k] / sum
			} else {
				s.sigma[k] = 1 / float64(hi-lo)
			}
		}
	}
}

// walk returns node v's expected payoff to player i, with pi i's reach
// and po the others' and chance's, and adds i's regrets.
func (s *cfrState) walk(v int32, i int32, pi, po float64, depth int) float64 {
	t := s.t
	owner := t.owner[v]
	if owner == -2 {
		return t.util[v][i]
	}
	lo, hi := t.start[v], t.start[v+1]
	if owner == Chance {
		sum := 0.0
		for k := lo; k < hi; k++ {
			if p := t.prob[k]; p > 0 {
				sum += p * s.walk(t.kids[k], i, pi, po*p, depth+1)
			}
		}
		return sum
	}
	set := t.set[v]
	base := t.slot[set]
	if owner != i {
		sum := 0.0
		for k := lo; k < hi; k++ {
			p := s.sigma[base+k-lo]
			if p > 0 {
				sum += p * s.walk(t.kids[k], i, pi, po*p, depth+1)
			}
		}
		return sum
	}
	n := hi - lo
	vals := s.scratch[depth*maxCFRActions : depth*maxCFRActions+int(n)]
	node := 0.0
	for k := lo; k < hi; k++ {
		p := s.sigma[base+k-lo]
		vals[k-lo] = s.walk(t.kids[k], i, pi*p, po, depth+1)
		node += p * vals[k-lo]
	}
	for a := range n {
		s.regret[base+a] += po * (vals[a] - node)
	}
	return node
}

// average adds player i's current strategy to its average, weighted by
// the iteration (CFR+'s linear averaging) and by i's own probability of
// reaching each information set: once per set and iteration, whatever
// the traversal visits.
func (s *cfrState) average(i int32) {
	x := s.plan[i]
	x[0] = 1
	w := float64(s.iter)
	for _, set := range s.order {
		if s.player[set] != i {
			continue
		}
		lo, hi := s.t.slot[set], s.t.slot[set+1]
		reach := x[s.parent[set]]
		for k := lo; k < hi; k++ {
			x[s.first[set]+k-lo] = reach * s.sigma[k]
			s.avg[k] += w * reach * s.sigma[k]
		}
	}
}

// maxCFRActions bounds the actions of an information set that CFR+
// takes (its scratch space is this many values per level of the tree).
const maxCFRActions = 64

// CFRPlus runs iterations of CFR+ (Tammelin 2014: regret matching with
// regrets floored at 0, alternating updates, linearly weighted averages)
// on a two-player constant-sum game in float64 and returns the average
// strategy as exact rationals, normalized at each information set, with
// its exact values and exploitability: an ε-equilibrium whose ε is
// certified. It stops early, with the iterations done, when ctx ends;
// progress (if not nil) hears the iterations done.
func CFRPlus(ctx context.Context, g *Game, iterations int, progress solver.Progress) (*Profile, int, error) {
	sf, err := g.checked()
	if err != nil {
		return nil, 0, err
	}
	if _, ok := g.constantSum(); !ok {
		return nil, 0, ErrNotZeroSum
	}
	for i, I := range g.Infosets {
		if len(I.Actions) > maxCFRActions {
			return nil, 0, fmt.Errorf("extensive: CFR+: %s has %d actions, more than %d: %w", g.InfosetName(i), len(I.Actions), maxCFRActions, budget.ErrTooLarge)
		}
	}
	avg, done, err := g.cfrRun(ctx, sf, iterations, progress)
	if err != nil {
		return nil, 0, err
	}
	beh := make([][]*big.Rat, len(g.Infosets))
	for i, I := range g.Infosets {
		if I.Player != Chance {
			beh[i] = dyadic(avg[i])
		}
	}
	// The certificate on the sequence form built above: the rounded
	// strategy is a distribution at every set by construction.
	if err := ctx.Err(); err != nil {
		return nil, done, fmt.Errorf("extensive: %w", err)
	}
	pr := &Profile{Behavior: beh, Reached: make([]bool, len(g.Infosets))}
	if err := g.certify(ctx, sf, pr); err != nil {
		return nil, done, err
	}
	return pr, done, nil
}

// dyadicBits is the precision of the rationals a float strategy is
// rounded to: multiples of 2^-dyadicBits, which keep the exact
// certificate's arithmetic small.
const dyadicBits = 24

// dyadic returns weights w, normalized, as multiples of 2^-dyadicBits that
// sum to exactly 1 (the largest takes the rounding), or uniform where all
// are 0.
func dyadic(w []float64) []*big.Rat {
	sum := 0.0
	for _, x := range w {
		if x > 0 && !math.IsInf(x, 0) {
			sum += x
		}
	}
	const one = 1 << dyadicBits
	q := make([]int64, len(w))
	total, largest := int64(0), 0
	for a, x := range w {
		if sum > 0 && x > 0 && !math.IsInf(x, 0) {
			q[a] = int64(math.Round(x / sum * one))
		} else if sum == 0 {
			q[a] = one / int64(len(w))
		}
		total += q[a]
		if q[a] > q[largest] {
			largest = a
		}
	}
	q[largest] += one - total
	out := make([]*big.Rat, len(w))
	for a := range out {
		out[a] = big.NewRat(q[a], one)
	}
	return out
}

// cfrRun runs CFR+ and returns the average strategy in float64 (nil at
// chance events) and the iterations done (fewer when ctx ended; an error
// only when it ended before the first).
func (g *Game) cfrRun(ctx context.Context, sf *seqForm, iterations int, progress solver.Progress) ([][]float64, int, error) {
	t := g.cfrTree()
	k := int(t.slot[t.sets])
	s := &cfrState{t: t, regret: make([]float64, k), sigma: make([]float64, k), avg: make([]float64, k), scratch: make([]float64, (t.depth+1)*maxCFRActions)}
	s.player, s.first, s.parent = make([]int32, len(g.Infosets)), make([]int32, len(g.Infosets)), make([]int32, len(g.Infosets))
	for i, I := range g.Infosets {
		s.player[i] = int32(I.Player)
		if I.Player != Chance {
			s.order = append(s.order, int32(i))
			s.first[i], s.parent[i] = int32(sf.first[i]), int32(sf.parent[i])
		}
	}
	slices.SortFunc(s.order, func(a, b int32) int { return int(s.first[a] - s.first[b]) })
	s.plan = [][]float64{make([]float64, sf.n[0]), make([]float64, sf.n[1])}
	done := 0
	for it := 1; it <= iterations; it++ {
		if err := ctx.Err(); err != nil {
			if done == 0 {
				return nil, 0, fmt.Errorf("extensive: %w", err)
			}
			break
		}
		s.iter = it
		for i := range int32(2) {
			s.strategy()
			s.average(i)
			s.walk(0, i, 1, 1, 0)
			for k := range s.regret {
				s.regret[k] = math.Max(s.regret[k], 0)
			}
		}
		done = it
		if progress != nil && (it%64 == 0 || it == iterations) {
			progress(int64(it), int64(iterations))
		}
	}
	avg := make([][]float64, len(g.Infosets))
	for i, I := range g.Infosets {
		if I.Player == Chance {
			continue
		}
		row := append([]float64(nil), s.avg[t.slot[i]:t.slot[i+1]]...)
		sum := 0.0
		for _, x := range row {
			sum += x
		}
		for a := range row {
			if sum > 0 {
				row[a] /= sum
			} else {
				row[a] = 1 / float64(len(row))
			}
		}
		avg[i] = row
	}
	return avg, done, nil
}
