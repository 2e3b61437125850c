package server

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// stillAnswers checks that the server answers a small solve (at once: it
// is idle again).
func stillAnswers(t *testing.T, ts *httptest.Server) {
	t.Helper()
	if code, body := get(t, ts.URL+"/api/race?target=13"); code != 200 {
		t.Errorf("afterwards: %d %s", code, body)
	}
}

// Posts shaped to kill the server through the PRISM reader (a stack
// overflow, which recover cannot catch, or memory without end) and the
// JANI reader (a function whose calls double, 60 deep) are each refused
// with 400 and a line that says why, and the server answers afterwards,
// with no solve left running.
func TestHostilePosts(t *testing.T) {
	s := New(Options{Slots: 2})
	ts := httptest.NewServer(s)
	defer ts.Close()
	const big = 1_000_000
	update := func(e string) string {
		return "dtmc\nmodule m\n x : [0..10] init 0;\n [] x<10 -> 0.5:(x'=" + e + ") + 0.5:(x'=x);\nendmodule\n"
	}
	var doubling strings.Builder
	doubling.WriteString("dtmc\nformula f0 = x;\n")
	for i := 1; i <= 80; i++ {
		fmt.Fprintf(&doubling, "formula f%d = f%d + f%d;\n", i, i-1, i-1)
	}
	doubling.WriteString("module m\n x : [0..10] init 0;\n [] f80<10 -> (x'=x);\nendmodule\n")
	function, err := os.ReadFile("../../../../model/jani/testdata/function_exp.jani")
	if err != nil {
		t.Fatal(err)
	}
	props := "&props=" + url.QueryEscape("P=? [ F x=3 ]")
	for _, c := range []struct {
		name, body, query, want string
	}{
		{"nested parentheses", update(strings.Repeat("(", big) + "x+1" + strings.Repeat(")", big)), props, "nested more than 1000 deep"},
		{"nested parentheses in props", update("x+1"), "&props=" + url.QueryEscape("P=? [ F "+strings.Repeat("(", 2000)+"x=3"+strings.Repeat(")", 2000)+" ]"), "nested more than 1000 deep"},
		{"a flat sum", update("min(10," + strings.Repeat("x+", big) + "x)"), props, "a sum of more than 1000 terms"},
		{"formulas that double", doubling.String(), props, "formula f80 grows to 2.42e+24 operators"},
		{"calls that double", string(function), "", `more than 4194304 calls`},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, body := do(t, "POST", ts.URL+"/api/solve?"+c.query, c.body, map[string]string{"Content-Type": "application/json"})
			want := 400
			if strings.HasSuffix(c.name, "in props") {
				// A property that cannot be read costs only itself: the
				// answer has the others, and this one's error.
				want = 200
			}
			if code != want || !strings.Contains(body, c.want) {
				t.Errorf("%d %.300s, want %d with %q", code, body, want, c.want)
			}
			stillAnswers(t, ts)
		})
	}
	waitIdle(t, s)
}

// A PRISM parse stops when every client of it has left, and holds its
// slot until it has: eight clients post distinct 4 MB models of 10^5
// commands and give up at once; every parse stops, and the server is idle
// and answering at once (before, the parses went on unseen after their
// slots were freed, and eight of them took 3.3 GB).
func TestAbandonedPRISMParseStops(t *testing.T) {
	s := New(Options{Slots: 2})
	ts := httptest.NewServer(s)
	defer ts.Close()
	var b strings.Builder
	b.WriteString("dtmc\nmodule m\n x : [0..10] init 0;\n")
	for b.Len() < 4<<20-100 {
		b.WriteString(" [] x<10 -> 0.5:(x'=x+1) + 0.5:(x'=x);\n")
	}
	b.WriteString("endmodule\n")
	// The clients leave once two parses have begun (uploading 4 MB each
	// takes long under the race detector): each parse then stops.
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			body := strings.Replace(b.String(), "init 0", fmt.Sprintf("init %d", i), 1)
			req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/solve?props="+url.QueryEscape("P=? [ F x=10 ]"), strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			if res, err := http.DefaultClient.Do(req); err == nil {
				res.Body.Close()
				t.Errorf("post %d answered %d before its client left", i, res.StatusCode)
			}
		})
	}
	for range 3000 {
		s.flights.mu.Lock()
		running := s.flights.running
		s.flights.mu.Unlock()
		if running >= 2 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	cancel()
	wg.Wait()
	waitIdle(t, s)
	// No parse goes on unseen (a 4 MB parse takes seconds).
	stacks := make([]byte, 1<<20)
	stacks = stacks[:runtime.Stack(stacks, true)]
	if bytes.Contains(stacks, []byte("report.parseInput")) {
		t.Errorf("a parse is still running:\n%s", stacks)
	}
	s.flights.mu.Lock()
	started, abandoned := s.flights.started, s.flights.abandoned
	s.flights.mu.Unlock()
	if abandoned == 0 || abandoned > started {
		t.Errorf("%d parses started, %d stopped as abandoned", started, abandoned)
	}
	stillAnswers(t, ts)
}

// Forty clients that send a POST's headers and a byte of its body, then
// nothing, hold no body-reading place for long: a model posted meanwhile
// waits for a place and is answered (before, it got 503 for a minute).
func TestSlowUploads(t *testing.T) {
	s := New(Options{Slots: 2, Queue: 4})
	ts := httptest.NewServer(s)
	defer ts.Close()
	host := strings.TrimPrefix(ts.URL, "http://")
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range 40 {
		c, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		fmt.Fprintf(c, "POST /api/solve HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{", host)
	}
	time.Sleep(200 * time.Millisecond)
	code, body := do(t, "POST", ts.URL+"/api/solve", `{"players": 1, "start": "a", "states": [{"id": "a", "payoff": [1]}]}`, map[string]string{"Content-Type": "application/json"})
	if code != 200 {
		t.Errorf("a model posted among slow uploads: %d %s", code, body)
	}
}

// The explorer's page cannot be framed by another site.
func TestNoFraming(t *testing.T) {
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	res, err := http.Get(ts.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || res.Header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("Content-Security-Policy %q, X-Frame-Options %q", csp, res.Header.Get("X-Frame-Options"))
	}
}
