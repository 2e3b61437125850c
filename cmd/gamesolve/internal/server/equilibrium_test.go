package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// TestEquilibriumEndpoint answers each built-in game and an inline matrix
// with the solve command's JSON, and refuses bad parameters with 400.
func TestEquilibriumEndpoint(t *testing.T) {
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	for path, want := range map[string]string{
		"/api/equilibrium?game=kuhn":                                           "-1/18",
		"/api/equilibrium?game=goofspiel&cards=3":                              "0",
		"/api/equilibrium?game=liars-dice&sides=3":                             "1/9",
		"/api/equilibrium?game=matrix&matrix=" + url.QueryEscape("2 -1; -1 1"): "1/5",
	} {
		code, body := get(t, ts.URL+path)
		var r struct {
			ValuesExact         []string `json:"values_exact"`
			ExploitabilityExact string   `json:"exploitability_exact"`
		}
		if code != http.StatusOK || json.Unmarshal([]byte(body), &r) != nil || r.ValuesExact[0] != want || r.ExploitabilityExact != "0" {
			t.Errorf("%s: %d %.200s", path, code, body)
		}
	}
	code, body := get(t, ts.URL+"/api/equilibrium?game=matrix&all=true&matrix="+url.QueryEscape("3,3 3,3; 2,2 5,6; 0,3 6,1"))
	if code != http.StatusOK || strings.Count(body, `"values_exact"`) != 4 {
		t.Errorf("all: %d %.300s", code, body)
	}
	code, body = get(t, ts.URL+"/api/equilibrium?game=leduc&exact=true")
	if code != http.StatusOK || !strings.Contains(body, `"method":"sequence-form LP"`) || !strings.Contains(body, `"values_exact":["-1454920850547486749701863871533/16995463438839962469905132501930"`) {
		t.Errorf("leduc: %d %.200s", code, body)
	}
	for _, path := range []string{
		"/api/equilibrium", "/api/equilibrium?game=chess", "/api/equilibrium?game=goofspiel&cards=5",
		"/api/equilibrium?game=goofspiel&order=sideways", "/api/equilibrium?game=liars-dice&dice=2",
		"/api/equilibrium?game=matrix&matrix=1+2%3B+3",
		"/api/equilibrium?game=leduc&iterations=0", "/api/equilibrium?game=kuhn&all=true",
		"/api/equilibrium?game=kuhn&bogus=1",
	} {
		code, body := get(t, ts.URL+path)
		if code != http.StatusBadRequest || strings.Contains(strings.TrimSpace(body), "\n") {
			t.Errorf("%s: %d %s; want 400", path, code, body)
		}
	}
}

// TestEquilibriumPlay plays a Kuhn hand to its end through the endpoint.
func TestEquilibriumPlay(t *testing.T) {
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	var moves []string
	for range 4 {
		code, body := get(t, ts.URL+"/api/equilibrium/play?game=kuhn&seed=11&moves="+strings.Join(moves, ","))
		var h struct {
			Over    bool
			Infoset string
			Actions []struct{ Name string }
			History []string
		}
		if code != http.StatusOK || json.Unmarshal([]byte(body), &h) != nil {
			t.Fatalf("%d %s", code, body)
		}
		if h.Over {
			if len(h.History) < 4 {
				t.Fatalf("history %v", h.History)
			}
			return
		}
		if !strings.HasPrefix(h.Infoset, "P1 holds ") || len(h.Actions) != 2 {
			t.Fatalf("%s", body)
		}
		moves = append(moves, h.Actions[len(h.Actions)-1].Name) // bet or call
	}
	t.Fatal("the hand did not end")
}

func TestEquilibriumPlayErrors(t *testing.T) {
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	for _, path := range []string{"/api/equilibrium/play", "/api/equilibrium/play?seed=1&game=chess",
		"/api/equilibrium/play?seed=1&moves=raise", "/api/equilibrium/play?seed=1&you=3",
		"/api/equilibrium/play?seed=1&moves=bet,call,call,call"} {
		if code, body := get(t, ts.URL+path); code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", path, code, body)
		}
	}
}
