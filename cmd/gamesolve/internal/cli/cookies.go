package cli

import (
	"fmt"

	"github.com/gamesolve/gamesolve/report"
	"github.com/spf13/cobra"
)

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
			out, err := report.CountCookies(cmd.Context(), n, e.progress("cookies"))
			if err != nil {
				return err
			}
			return emit(e.stdout, asJSON, out, out.Text)
		},
	}
	cmd.Flags().IntVarP(&n, "n", "n", 0, "number of cookies")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	return cmd
}
