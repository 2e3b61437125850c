package load_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/gamesolve/gamesolve/model/load"
)

// BenchmarkSniff tells a large model in gamesolve's JSON format (100,000
// states, about 17 MB) from JANI: one scan of the text for JANI's key.
func BenchmarkSniff(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString(`{"players": 1, "start": "s0", "states": [`)
	const n = 100_000
	for i := range n - 1 {
		fmt.Fprintf(&buf, `{"id": "s%d", "player": 0, "actions": [{"name": "a", "outcomes": [{"p": "1/2", "to": "s%d", "reward": 1}, {"p": "1/2", "to": "s%d"}]}]},`, i, i+1, i)
	}
	fmt.Fprintf(&buf, `{"id": "s%d", "payoff": [1]}]}`, n-1)
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if load.Sniff("", data) != load.JSON {
			b.Fatal("not JSON")
		}
	}
}
