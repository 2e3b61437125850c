package report

import (
	"bytes"
	"context"
	"fmt"

	"github.com/gamesolve/gamesolve/games/cookies"
	"github.com/gamesolve/gamesolve/solver"
)

// Cookies is C(N) of the Cookie Game: the cookies command's JSON and text.
type Cookies struct {
	N     int    `json:"n"`
	Count string `json:"count"`
}

// CountCookies counts the splits of n cookies that Even wins, reporting
// progress (may be nil).
func CountCookies(ctx context.Context, n int, progress solver.Progress) (*Cookies, error) {
	c, err := cookies.Count(ctx, n, solver.Options{Progress: progress}) // validates n
	if err != nil {
		return nil, err
	}
	return &Cookies{N: n, Count: c.String()}, nil
}

// Text writes the cookies command's text.
func (c *Cookies) Text(b *bytes.Buffer) { fmt.Fprintf(b, "C(%d) = %s\n", c.N, c.Count) }
