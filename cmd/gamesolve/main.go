// Command gamesolve solves games of chance and strategy exactly. Run
// "gamesolve --help" for the commands.
package main

import (
	"os"

	"github.com/gamesolve/gamesolve/cmd/gamesolve/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
