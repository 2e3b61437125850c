package engine

// The tie rule where play can loop: among a state's best actions the one
// listed first wins, unless it would keep play going forever. "Forever"
// depends on what the other states choose, so the rule is settled for a
// set of states at once:
//
//  1. every state takes its first candidate (its best actions, in tie
//     order);
//  2. while some states can no longer reach a way out (a closed loop of
//     first choices), the one explored last among them that has a
//     candidate leading out of that set gives way: it takes its first such
//     candidate, which leads to a state with a way out (the set loses at
//     least that state each round, so this ends);
//  3. each state that gave way takes back the earliest of its earlier
//     candidates that no longer keeps play inside forever.
//
// So states nearer the start (explored earlier) keep their preferred
// actions, and no state could take an earlier-listed best action without
// play looping forever. Where no candidate leads out, play stays: that is
// a best choice too (a play that never ends pays 0).

// settle is the input of the rule: a set of n states, each with its
// candidate actions, and for every action (numbered densely) its targets
// inside the set and whether it can leave the set.
type settle struct {
	key    []uint32  // per state: exploration order, which gives way
	cands  [][]int32 // per state: candidate actions in tie order; empty when the choice is fixed
	tStart []int32   // per action: targets to[tStart[a]:tStart[a+1]] in the set
	to     []int32
	leaves []bool // per action: an outcome leaves the set
	// tick, if set, is told the work of each round (its error stops the
	// rule with the choices it has, which are complete).
	tick func(work int) error

	reach []bool
	rev   [][]int32
	queue []int32
}

// apply runs the rule, writing each state's action into choice (which
// holds the fixed choices on entry).
func (s *settle) apply(choice []int32) {
	n := len(s.key)
	for i := range n {
		if len(s.cands[i]) > 0 {
			choice[i] = s.cands[i][0]
		}
	}
	gaveWay := make([]bool, n)
	for stuck := s.stuck(choice); stuck > 0; stuck = s.stuck(choice) {
		if s.tick != nil && s.tick(n+len(s.to)) != nil {
			break
		}
		best, bestA := -1, int32(-1)
		for i := range n {
			if s.reach[i] || len(s.cands[i]) < 2 || (best >= 0 && s.key[i] < s.key[best]) {
				continue
			}
			for _, a := range s.cands[i] {
				if s.leavesStuck(a) {
					best, bestA = i, a
					break
				}
			}
		}
		if best < 0 {
			break // play stays: no best action leads out
		}
		choice[best] = bestA
		gaveWay[best] = true
	}
	stuck := s.stuck(choice)
	for i := range n {
		if !gaveWay[i] {
			continue
		}
		cur := choice[i]
		for _, a := range s.cands[i] {
			if a == cur {
				break
			}
			choice[i] = a
			if s.stuck(choice) <= stuck {
				cur = a
				break
			}
		}
		choice[i] = cur
	}
}

func (s *settle) leavesStuck(a int32) bool {
	if s.leaves[a] {
		return true
	}
	for _, t := range s.to[s.tStart[a]:s.tStart[a+1]] {
		if s.reach[t] {
			return true
		}
	}
	return false
}

// stuck marks in s.reach the states from which play under choice can
// reach a way out, and returns the number of the others.
func (s *settle) stuck(choice []int32) int {
	n := len(s.key)
	if s.reach == nil {
		s.reach = make([]bool, n)
		s.rev = make([][]int32, n)
	}
	for i := range n {
		s.rev[i] = s.rev[i][:0]
	}
	s.queue = s.queue[:0]
	for i := range n {
		a := choice[i]
		s.reach[i] = s.leaves[a]
		if s.reach[i] {
			s.queue = append(s.queue, int32(i))
		}
		for _, t := range s.to[s.tStart[a]:s.tStart[a+1]] {
			s.rev[t] = append(s.rev[t], int32(i))
		}
	}
	found := len(s.queue)
	for len(s.queue) > 0 {
		j := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		for _, i := range s.rev[j] {
			if !s.reach[i] {
				s.reach[i] = true
				found++
				s.queue = append(s.queue, i)
			}
		}
	}
	return n - found
}
