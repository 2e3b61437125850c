package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/cgt/rulesets"
)

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	return do(t, "GET", url, "", nil)
}

func TestAPIErrors(t *testing.T) {
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	bad := []string{
		"/api/race", "/api/race?target=-5", "/api/race?target=abc", "/api/race?target=20000",
		"/api/race?target=10&first=nobody", "/api/race?target=10&menu=2:1", "/api/race?target=10&bogus=1",
		"/api/race?target=10&target=11", "/api/race?target=400&policy=true", "/api/race?target=500&exact=true",
		"/api/chefs", "/api/chefs?n=1", "/api/chefs?n=30", "/api/chefs?skills=0.5,x", "/api/chefs?n=14&exact=true",
		"/api/cookies?n=0", "/api/cookies?n=999999", "/api/pig?target=0", "/api/pig?target=101",
		"/api/pig?target=30&exact=true", "/api/cgt", "/api/cgt?expr={1|", "/api/cgt?game=chess&position=x",
		"/api/cgt?game=domineering&position=..|.", "/api/cgt?expr=" + strings.Repeat("1+", 400) + "1",
		"/api/race/play?target=10&a=1", "/api/race/play?target=10&a=1&b=1&turn=me", "/api/race/play?target=10&a=11&b=1",
		"/api/race/play?target=10&a=0&b=0", "/api/race/play?target=10&a=-1&b=3",
		"/api/pig/play?target=10&me=10&you=0", "/api/pig/play?target=10&me=0",
		"/api/pig?target=10&players=7", "/api/pig?target=10&players=1", "/api/pig?target=31&players=3",
		"/api/pig/play?target=5&players=3&scores=0,0", "/api/pig/play?target=5&players=3&scores=0,0,x",
		"/api/pig/play?target=5&players=3&scores=0,5,0", "/api/pig/play?target=5&players=3&me=0&you=0",
	}
	for _, path := range bad {
		code, body := get(t, ts.URL+path)
		var e struct{ Error string }
		if code != http.StatusBadRequest || json.Unmarshal([]byte(body), &e) != nil || e.Error == "" || strings.Contains(strings.TrimSpace(body), "\n") {
			t.Errorf("%s: %d %s; want 400 and one JSON error", path, code, body)
		}
	}
	for path, want := range map[string]int{"/api/nothing": 404, "/nothing.html": 404, "/assets": 404, "/assets/app.js": 404, "/app.js": 200, "/": 200, "/style.css": 200} {
		if code, _ := get(t, ts.URL+path); code != want {
			t.Errorf("%s: %d, want %d", path, code, want)
		}
	}
	res, _ := http.Post(ts.URL+"/", "text/plain", nil)
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: %d", res.StatusCode)
	}
	// An endpoint asked with the wrong method: 405, naming the right one.
	res, _ = http.Post(ts.URL+"/api/race?target=10", "application/json", strings.NewReader("{}"))
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET" {
		t.Errorf("POST /api/race: %d, Allow %q", res.StatusCode, res.Header.Get("Allow"))
	}
	if code, body := get(t, ts.URL+"/api/solve"); code != http.StatusMethodNotAllowed || !strings.Contains(body, "use POST") {
		t.Errorf("GET /api/solve: %d %s", code, body)
	}
	// Models: a malformed one is a 400, an oversized body a 413.
	for body, want := range map[string]int{`{"players": 1}`: 400, `not json`: 400} {
		res, err := http.Post(ts.URL+"/api/solve", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("solve %q: %d", body, res.StatusCode)
		}
	}
	small := httptest.NewServer(New(Options{Limits: Limits{Body: 100}}))
	defer small.Close()
	res, err := http.Post(small.URL+"/api/solve", "application/json", strings.NewReader(strings.Repeat(" ", 1000)))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized body: %d", res.StatusCode)
	}
}

// The API answers what the command line prints with --json, byte for
// byte: both render the report package, so compare with report directly
// through the same encoder settings as cmd/gamesolve (internal/cli's test
// runs the binary's Main on the same queries: see TestServeMatchesCLI).
func TestPlayEndpoints(t *testing.T) {
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	code, body := get(t, ts.URL+"/api/race/play?target=3&a=3&b=3&turn=chooser")
	var p struct {
		ChooserWins float64 `json:"chooser_win_probability"`
		Gamble      struct{ T int }
	}
	if code != 200 || json.Unmarshal([]byte(body), &p) != nil || p.Gamble.T < 1 {
		t.Fatalf("%d %s", code, body)
	}
	// The coin player's turn: p F(a-1, b) + (1-p) F(a, b) from the table.
	_, b1 := get(t, ts.URL+"/api/race/play?target=3&a=3&b=3&turn=coin")
	_, b2 := get(t, ts.URL+"/api/race/play?target=3&a=2&b=3&turn=chooser")
	var q1, q2 struct {
		ChooserWins float64 `json:"chooser_win_probability"`
	}
	json.Unmarshal([]byte(b1), &q1)
	json.Unmarshal([]byte(b2), &q2)
	if want := 0.5*q2.ChooserWins + 0.5*p.ChooserWins; abs(q1.ChooserWins-want) > 1e-15 {
		t.Errorf("coin turn %v, want %v", q1.ChooserWins, want)
	}
	// The race to 3, coin first: the answer of /api/race.
	_, rb := get(t, ts.URL+"/api/race?target=3")
	var r struct {
		Win float64 `json:"win_probability"`
	}
	json.Unmarshal([]byte(rb), &r)
	if abs(r.Win-q1.ChooserWins) > 1e-15 {
		t.Errorf("race %v, play at the start %v", r.Win, q1.ChooserWins)
	}
	// Over: the chooser has reached its target.
	_, over := get(t, ts.URL+"/api/race/play?target=3&a=2&b=0&turn=coin")
	if !strings.Contains(over, `"winner":"chooser"`) {
		t.Errorf("over: %s", over)
	}
	// Pig to 2 by hand: the mover wins with 6/7 at the start.
	_, pb := get(t, ts.URL+"/api/pig/play?target=2&me=0&you=0&total=0")
	var pp struct {
		Win    float64 `json:"win_probability"`
		Action string
	}
	json.Unmarshal([]byte(pb), &pp)
	if abs(pp.Win-6.0/7) > 1e-6 || pp.Action != "roll" {
		t.Errorf("pig 2: %s", pb)
	}
	// The play table is the solve of every position; at the start it
	// shows the digits /api/pig shows (at 55 they differed in the last).
	_, table := get(t, ts.URL+"/api/pig/play?target=55&me=0&you=0&total=0")
	_, solve := get(t, ts.URL+"/api/pig?target=55")
	var w1, w2 struct {
		Wins []float64 `json:"win_probabilities"`
	}
	json.Unmarshal([]byte(table), &w1)
	json.Unmarshal([]byte(solve), &w2)
	if len(w1.Wins) != 2 || !slices.Equal(w1.Wins, w2.Wins) {
		t.Errorf("pig 55: play %v, solve %v", w1.Wins, w2.Wins)
	}
	// Three players to 2 by hand (games/pig's TestManyTargetTwo): the
	// mover wins 36/43, the next 6/43 and the last 1/43; from the second
	// player's seat the order turns with it.
	_, pb = get(t, ts.URL+"/api/pig/play?target=2&players=3&scores=0,0,0")
	var p3 struct {
		Wins   []float64 `json:"win_probabilities"`
		Scores []int
	}
	if json.Unmarshal([]byte(pb), &p3) != nil || len(p3.Wins) != 3 || abs(p3.Wins[0]-36.0/43) > 1e-12 || abs(p3.Wins[1]-6.0/43) > 1e-12 || abs(p3.Wins[2]-1.0/43) > 1e-12 {
		t.Errorf("pig 3 players: %s", pb)
	}
	_, pb = get(t, ts.URL+"/api/pig?target=2&players=3")
	var s3 struct {
		Wins        []float64 `json:"win_probabilities"`
		Equilibrium string
	}
	if json.Unmarshal([]byte(pb), &s3) != nil || len(s3.Wins) != 3 || abs(s3.Wins[0]-36.0/43) > 1e-12 {
		t.Errorf("pig 3 players: %s", pb)
	}
}

func abs(x float64) float64 { return max(x, -x) }

// Identical requests in flight share one solve; an answer is then cached.
func TestSharedSolve(t *testing.T) {
	s := New(Options{})
	ts := httptest.NewServer(s)
	defer ts.Close()
	var wg sync.WaitGroup
	bodies := make([]string, 20)
	for i := range bodies {
		wg.Go(func() { _, bodies[i] = get(t, ts.URL+"/api/cookies?n=2500") })
	}
	wg.Wait()
	for _, b := range bodies[1:] {
		if b != bodies[0] || !strings.Contains(b, `"count"`) {
			t.Fatalf("answers differ: %s vs %s", b, bodies[0])
		}
	}
	s.flights.mu.Lock()
	started := s.flights.started
	s.flights.mu.Unlock()
	if started != 1 {
		t.Errorf("%d solves for 20 identical requests", started)
	}
}

// A solve past its deadline is cancelled: the request gets 504 and the
// solve stops, leaving nothing running.
func TestTimeoutCancels(t *testing.T) {
	s := New(Options{Timeout: 50 * time.Millisecond})
	ts := httptest.NewServer(s)
	defer ts.Close()
	start := time.Now()
	code, body := get(t, ts.URL+"/api/race?target=10000")
	if code != http.StatusGatewayTimeout || !strings.Contains(body, "too long") {
		t.Errorf("%d %s", code, body)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
	waitIdle(t, s)
}

// A client that goes away cancels the solve it alone was waiting for.
func TestClientGoneCancels(t *testing.T) {
	s := New(Options{})
	ts := httptest.NewServer(s)
	defer ts.Close()
	// Chefs with 20 chefs takes over a second (1.3 s measured); the
	// client leaves after a tenth of one.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/chefs?n=20", nil)
	if res, err := http.DefaultClient.Do(req); err == nil {
		res.Body.Close()
		t.Fatalf("answered %d before the client left", res.StatusCode)
	}
	waitIdle(t, s)
	s.flights.mu.Lock()
	defer s.flights.mu.Unlock()
	if s.flights.started != 1 || s.flights.abandoned != 1 {
		t.Errorf("%d solves started, %d stopped as abandoned; want the one, stopped", s.flights.started, s.flights.abandoned)
	}
}

// waitIdle waits until no solve is pending.
func waitIdle(t *testing.T, s *Server) {
	t.Helper()
	for range 500 {
		s.flights.mu.Lock()
		n := s.flights.pending
		s.flights.mu.Unlock()
		if n == 0 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("a solve is still running")
}

// TestLoad: 200 concurrent requests on loopback, identical and distinct.
// Every request gets an answer (200, or 503 when the queue is full), no
// more solves run at once than there are slots, and when they are done
// nothing is left running.
func TestLoad(t *testing.T) {
	s := New(Options{Slots: 2, Queue: 16})
	var running, peak atomic.Int64
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := running.Add(1)
		for {
			p := peak.Load()
			if n <= p || peak.CompareAndSwap(p, n) {
				break
			}
		}
		defer running.Add(-1)
		s.ServeHTTP(w, r)
	}))
	defer ts.Close()
	goroutines := runtime.NumGoroutine()
	client := &http.Client{Timeout: 2 * time.Minute}
	var wg sync.WaitGroup
	codes := make([]int, 200)
	start := time.Now()
	for i := range codes {
		wg.Go(func() {
			url := ts.URL + "/api/pig?target=40" // half identical
			if i%2 == 1 {
				url = fmt.Sprintf("%s/api/race?target=%d", ts.URL, 1500+i) // half distinct
			}
			res, err := client.Get(url)
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			codes[i] = res.StatusCode
		})
	}
	wg.Wait()
	count := map[int]int{}
	for _, c := range codes {
		count[c]++
	}
	if count[200]+count[503] != 200 || count[200] == 0 {
		t.Errorf("status codes %v", count)
	}
	waitIdle(t, s)
	s.flights.mu.Lock()
	started, peakSolves := s.flights.started, s.flights.peak
	s.flights.mu.Unlock()
	if started > 2+16+100 {
		t.Errorf("%d solves started", started)
	}
	if peakSolves > 2 {
		t.Errorf("%d solves ran at once with 2 slots", peakSolves)
	}
	client.CloseIdleConnections()
	time.Sleep(100 * time.Millisecond)
	if g := runtime.NumGoroutine(); g > goroutines+20 {
		t.Errorf("%d goroutines after the load, %d before", g, goroutines)
	}
	if os.Getenv("GAMESOLVE_LOAD_REPORT") != "" {
		t.Logf("200 requests in %v: %v; %d solves started, at most %d at once; %d requests in the handler at once at most", time.Since(start), count, started, peakSolves, peak.Load())
	}
}

// TestPageRulesets checks that the CGT tab offers every ruleset the engine
// has (the list comes from rulesets.Names, not a second copy), each of
// which the API values.
func TestPageRulesets(t *testing.T) {
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	code, page := get(t, ts.URL+"/")
	if code != http.StatusOK || strings.Contains(page, "<!-- rulesets -->") {
		t.Fatalf("GET /: %d, list not filled in", code)
	}
	for _, name := range append(rulesets.Names(), "octal:0.137") {
		if !strings.Contains(page, `<option value="`+name+`">`) {
			t.Errorf("the CGT tab does not offer %s", name)
		}
	}
	if code, body := get(t, ts.URL+"/api/cgt?game=octal:0.137&position=3+5+7"); code != http.StatusOK || !strings.Contains(body, `"value"`) {
		t.Errorf("octal:0.137 3 5 7: %d %s", code, body)
	}
}
