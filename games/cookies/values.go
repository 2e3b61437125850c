package cookies

import (
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/cgt"
	"github.com/gamesolve/gamesolve/cgt/rulesets"
)

// MaxN bounds N (memory grows as N² limbs; see Estimate).
const MaxN = 100000

// PileValues returns the value of a single pile of n cookies for n = 0..N,
// computed by the CGT engine from the cookies ruleset. Every value is an
// integer; an error is returned if the engine says otherwise.
func PileValues(ctx context.Context, N int) ([]int64, error) {
	if N < 0 || N > MaxN {
		return nil, fmt.Errorf("cookies: N must be from 0 to %d, got %d", MaxN, N)
	}
	ev := cgt.NewEvaluator()
	vals := make([]int64, N+1)
	for n := range vals {
		g, err := ev.ValueContext(ctx, rulesets.CookiePile(n))
		if err != nil {
			return nil, fmt.Errorf("cookies: pile %d: %w", n, err)
		}
		x, ok := g.Number()
		if !ok || !x.IsInt() || !x.Num().IsInt64() {
			return nil, fmt.Errorf("cookies: pile %d has value %v, not an integer", n, g)
		}
		vals[n] = x.Num().Int64()
	}
	return vals, nil
}
