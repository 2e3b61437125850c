package cli

import (
	"fmt"
	"testing"
)

// Exact values that are integers print as integers, like the echoed inputs.
func TestIntegersPrintAsIntegers(t *testing.T) {
	m := runJSON(t, "chefs", "--skills", "1,1", "--exact")
	if fmt.Sprint(m["skills"]) != "[1 1]" || fmt.Sprint(m["win_probabilities_exact"]) != "[1 0]" || m["expected_dishes_exact"] != "1" {
		t.Errorf("got %v", m)
	}
	m = runJSON(t, "solve", "--exact", "../../docs/examples/die.json")
	if fmt.Sprint(m["values_exact"]) != "[1]" || m["expected_reward_exact"] != "6" {
		t.Errorf("got %v", m)
	}
}
