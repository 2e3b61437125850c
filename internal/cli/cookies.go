package cli

import (
	"bytes"
	"fmt"

	"github.com/gamesolve/gamesolve/games/cookies"
	"github.com/spf13/cobra"
)

// cookiesJSON is the --json shape of cookies.
type cookiesJSON struct {
	N     int    `json:"n"`
	Count string `json:"count"`
}

func newCookiesCmd(e *env) *cobra.Command {
	var n int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "cookies",
		Short: "The Cookie Game (Project Euler 859): C(N), the splits of N cookies that Even wins",
		Long: `The Cookie Game: N cookies are split into piles; Odd (moving first) may eat
one cookie of an odd pile and split the rest into two equal piles, Even may
eat two of an even pile and split likewise; who cannot move loses. Prints
C(N), the number of ways to split N cookies so that Even wins. Pile values
come from the CGT engine (see "gamesolve cgt --game cookies").

JSON keys: n, count (a decimal string).`,
		Example: `  gamesolve cookies -n 300
  gamesolve cookies -n 16 --json`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !cmd.Flags().Changed("n") {
				return fmt.Errorf("cookies: -n is required")
			}
			c, err := cookies.Count(cmd.Context(), n) // validates n
			if err != nil {
				return err
			}
			out := cookiesJSON{N: n, Count: c.String()}
			return emit(e.stdout, asJSON, out, func(b *bytes.Buffer) {
				fmt.Fprintf(b, "C(%d) = %s\n", n, out.Count)
			})
		},
	}
	cmd.Flags().IntVarP(&n, "n", "n", 0, "number of cookies")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}
