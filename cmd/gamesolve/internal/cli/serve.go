package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/gamesolve/gamesolve/cmd/gamesolve/internal/server"
	"github.com/spf13/cobra"
)

func newServeCmd(e *env) *cobra.Command {
	var addr string
	var solveTimeout time.Duration
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080]",
		Short: "A local web explorer: solve, see policies as heatmaps, play Race and Pig",
		Long: `Serves one page and a JSON API on this machine (127.0.0.1 by default). The
page solves the games, draws their policies as heatmaps, and lets you play
a race or a game of Pig against the optimal policy, with the current win
probability as the game goes. Everything it needs is built in: it works
offline.

The API returns what the command line prints with --json:
  GET  /api/race?target=100&first=coin[&exact=true][&policy=true]
  GET  /api/chefs?n=14  or ?skills=0.25,0.5,1
  GET  /api/cookies?n=300
  GET  /api/pig?target=100[&policy=true]
  GET  /api/cgt?expr={0|*}  or ?game=domineering&position=..|..
  POST /api/solve[?exact=true&const=N=3]  with a model file as the body
and for play, GET /api/race/play?target=&a=&b=&turn=coin|chooser and
GET /api/pig/play?target=&me=&you=&total=. A bad request gets HTTP 400 and
{"error": "..."}. Instances are capped, solves time out after
--solve-timeout, identical requests in flight share one solve, and SIGINT
(Ctrl-C) shuts the server down gracefully.`,
		Example: `  gamesolve serve
  gamesolve serve --addr 127.0.0.1:9000`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if solveTimeout <= 0 {
				return &usageError{fmt.Sprintf("--solve-timeout %v: want a positive duration", solveTimeout), helpOf(cmd)}
			}
			if cmd.Flags().Changed("timeout") {
				// The global --timeout would stop the server itself.
				return &usageError{"serve: --timeout would stop the server; --solve-timeout is each solve's deadline", helpOf(cmd)}
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("serve: %w", err)
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return serve(ctx, e, ln, server.Options{Timeout: solveTimeout, Addr: ln.Addr().String()})
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (keep 127.0.0.1 unless you mean to share it)")
	cmd.Flags().DurationVar(&solveTimeout, "solve-timeout", time.Minute, "deadline of each solve")
	return cmd
}

// serve runs the explorer on ln until ctx is done, then shuts down,
// letting requests in progress finish for up to five seconds.
func serve(ctx context.Context, e *env, ln net.Listener, opt server.Options) error {
	srv := &http.Server{
		Handler:           server.New(opt),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	fmt.Fprintf(e.stdout, "gamesolve explorer on http://%s (Ctrl-C stops it)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("serve: shutting down: %w", err)
	}
	fmt.Fprintln(e.stdout, "gamesolve explorer stopped")
	return nil
}
