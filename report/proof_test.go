package report

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"testing"
)

// A Model with a float beyond float64's range is written with the same
// keys in the same order as one without, with the float null.
func TestModelJSONBeyondFloat64(t *testing.T) {
	bound := 0.5
	reward := 2.0
	m := &Model{Values: []float64{1, 2}, ValuesExact: []string{"1", "2"}, ExpectedReward: (*JSONFloat)(&reward), Methods: map[string]int{"direct": 1},
		Policy: map[string]string{"a": "b"}, Proof: Proof{Unproven: true, UnprovenBound: &bound}}
	keys := func(m *Model) ([]string, map[string]any) {
		data, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var obj map[string]any
		if err := json.Unmarshal(data, &obj); err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		var order []string
		dec.Token()
		for dec.More() {
			k, _ := dec.Token()
			order = append(order, k.(string))
			var skip json.RawMessage
			dec.Decode(&skip)
		}
		return order, obj
	}
	want, _ := keys(m)
	inf := math.Inf(1)
	m.Values[1] = inf
	got, obj := keys(m)
	if !slices.Equal(got, want) {
		t.Errorf("keys %v, want %v", got, want)
	}
	if v := obj["values"].([]any); v[0] != 1.0 || v[1] != nil {
		t.Errorf("values %v", v)
	}
	reward = inf
	got, obj = keys(m)
	if !slices.Equal(got, want) || obj["expected_reward"] != nil {
		t.Errorf("keys %v, expected_reward %v", got, obj["expected_reward"])
	}
}

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"fire":          "fire",
		"caf\u00e9 1/2": "caf\u00e9 1/2",
		"a\x1b[2J":      `"a\x1b[2J"`,
		"bell\a":        `"bell\a"`,
		"rtl\u202eexe":  `"rtl\u202eexe"`,
		"bad\xff":       `"bad\xff"`,
		"tab\there":     `"tab\there"`,
	} {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %s, want %s", in, got, want)
		}
	}
}
