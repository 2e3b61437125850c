package server

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// do sends a request with the given headers and returns the status.
func do(t *testing.T, method, url, body string, header map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// The explorer answers its own page only: another Host (DNS rebinding),
// another Origin or a cross-site fetch, and a POST that is not JSON (which
// a page could send without a preflight) are refused.
func TestCrossSite(t *testing.T) {
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	port := ts.URL[strings.LastIndex(ts.URL, ":")+1:]
	model := `{"players": 1, "start": "a", "states": [{"id": "a", "payoff": [1]}]}`
	cases := []struct {
		name, method, path, body string
		header                   map[string]string
		want                     int
	}{
		{"own page", "GET", "/api/race?target=3", "", nil, 200},
		{"localhost", "GET", "/api/race?target=3", "", map[string]string{"Host": "localhost:" + port}, 200},
		{"same origin", "GET", "/api/race?target=3", "", map[string]string{"Origin": "http://127.0.0.1:" + port}, 200},
		{"rebound name", "GET", "/api/race?target=3", "", map[string]string{"Host": "evil.example:" + port}, 421},
		{"rebound name, page", "GET", "/", "", map[string]string{"Host": "evil.example:" + port}, 421},
		{"no port", "GET", "/api/race?target=3", "", map[string]string{"Host": "localhost"}, 421},
		{"other origin", "GET", "/api/race?target=3", "", map[string]string{"Origin": "http://evil.example"}, 403},
		{"other port", "GET", "/api/race?target=3", "", map[string]string{"Origin": "http://127.0.0.1:1"}, 403},
		{"null origin", "POST", "/api/solve", model, map[string]string{"Origin": "null", "Content-Type": "application/json"}, 403},
		{"cross-site fetch", "GET", "/api/race?target=3", "", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"text/plain post", "POST", "/api/solve", model, map[string]string{"Content-Type": "text/plain"}, 415},
		{"form post", "POST", "/api/solve", model, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415},
		{"json post", "POST", "/api/solve", model, map[string]string{"Content-Type": "application/json; charset=utf-8"}, 200},
	}
	for _, c := range cases {
		code, body := do(t, c.method, ts.URL+c.path, c.body, c.header)
		if code != c.want {
			t.Errorf("%s: %d %s, want %d", c.name, code, body, c.want)
		}
	}
	// With the address served given, its own name and port are required.
	s := New(Options{Addr: "127.0.0.1:8080"})
	for host, ok := range map[string]bool{"127.0.0.1:8080": true, "localhost:8080": true, "[::1]:8080": true, "127.0.0.1:9090": false, "example.com:8080": false} {
		if got := s.allowedHost(host); got != ok {
			t.Errorf("host %s: allowed %t", host, got)
		}
	}
}

// heavyModel is a chance-only model whose exact elimination runs for
// minutes: n states, each leading to four random states.
func heavyModel(seed uint64, n int) string {
	rng := rand.New(rand.NewPCG(seed, 3))
	var b strings.Builder
	b.WriteString(`{"players": 1, "start": "s0", "states": [{"id": "end", "payoff": [1]}`)
	for i := range n {
		fmt.Fprintf(&b, `, {"id": "s%d", "chance": [`, i)
		for j := range 4 {
			to := fmt.Sprintf("s%d", rng.IntN(n))
			if j == 3 && i%50 == 0 {
				to = "end"
			}
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, `{"p": "1/4", "to": %q}`, to)
		}
		b.WriteString("]}")
	}
	b.WriteString("]}")
	return b.String()
}

// Two clients post distinct models that take minutes to solve exactly,
// then give up: their solves stop and free both slots, so the next request
// is answered (before, both slots stayed busy until the solves' deadline
// and it got a 504).
func TestAbandonedPostFreesSlot(t *testing.T) {
	s := New(Options{Slots: 2, Timeout: time.Minute})
	ts := httptest.NewServer(s)
	defer ts.Close()
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
			defer cancel()
			req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/solve?exact=true", strings.NewReader(heavyModel(uint64(i), 2500)))
			req.Header.Set("Content-Type", "application/json")
			if res, err := http.DefaultClient.Do(req); err == nil {
				res.Body.Close()
				t.Errorf("post %d answered %d before giving up", i, res.StatusCode)
			}
		})
	}
	wg.Wait()
	start := time.Now()
	code, body := get(t, ts.URL+"/api/race?target=12")
	if code != 200 {
		t.Errorf("after the clients left: %d %s", code, body)
	}
	t.Logf("answered %v after the clients gave up", time.Since(start))
	waitIdle(t, s)
}

// Thirty posts of a 4 MB model at once: parsing takes a slot, bodies are
// read a bounded number at a time, and every request gets an answer
// (200, 400 for this model's error, or 503), none a crash.
func TestConcurrentLargePosts(t *testing.T) {
	s := New(Options{Slots: 2, Queue: 4})
	ts := httptest.NewServer(s)
	defer ts.Close()
	var b strings.Builder
	b.WriteString(`{"players": 1, "start": "s0", "states": [`)
	for i := 0; b.Len() < 4<<20-200; i++ {
		fmt.Fprintf(&b, `{"id": "s%d", "payoff": [1]}, `, i)
	}
	b.WriteString(`{"id": "last", "payoff": [0]}]}`)
	var wg sync.WaitGroup
	codes := make([]int, 30)
	for i := range codes {
		wg.Go(func() {
			// Distinct bodies: no two share a solve.
			body := strings.Replace(b.String(), `"start": "s0"`, fmt.Sprintf(`"start": "s%d"`, i), 1)
			req, _ := http.NewRequest("POST", ts.URL+"/api/solve", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
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
	if count[200]+count[503] != len(codes) || count[200] == 0 {
		t.Errorf("status codes %v", count)
	}
	waitIdle(t, s)
}

// A payoff beyond float64 (1e400): float mode answers 400 with the reason
// (it answered 200 with an empty body), exact mode 200 with the exact
// value and the float null.
func TestBeyondFloat64(t *testing.T) {
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	model := `{"players": 1, "start": "a", "states": [{"id": "a", "payoff": [1e400]}]}`
	json := map[string]string{"Content-Type": "application/json"}
	if code, body := do(t, "POST", ts.URL+"/api/solve", model, json); code != 400 || !strings.Contains(body, "beyond the range of a float64") {
		t.Errorf("float: %d %s", code, body)
	}
	if code, body := do(t, "POST", ts.URL+"/api/solve?exact=true", model, json); code != 200 || !strings.Contains(body, `"values":[null],"values_exact":["1`) {
		t.Errorf("exact: %d %.200s", code, body)
	}
}

// A PRISM model as the body, its properties in props: the die's faces
// and flips (docs/examples/die.pm), exactly; without props, 400.
func TestSolvePRISM(t *testing.T) {
	ts := httptest.NewServer(New(Options{}))
	defer ts.Close()
	model, err := os.ReadFile("../../../../docs/examples/die.pm")
	if err != nil {
		t.Fatal(err)
	}
	json := map[string]string{"Content-Type": "application/json"}
	props := url.QueryEscape(`P=? [ F s=7 & d=3 ]; R{"coin_flips"}=? [ F s=7 ]`)
	code, body := do(t, "POST", ts.URL+"/api/solve?exact=true&props="+props, string(model), json)
	if code != 200 || !strings.Contains(body, `"value_exact":"1/6"`) || !strings.Contains(body, `"value_exact":"11/3"`) || !strings.Contains(body, `"states":13`) {
		t.Errorf("%d %s", code, body)
	}
	if code, body := do(t, "POST", ts.URL+"/api/solve", string(model), json); code != 400 || !strings.Contains(body, "needs its properties") {
		t.Errorf("without props: %d %s", code, body)
	}
	if code, body := do(t, "POST", ts.URL+"/api/solve?props="+props, `{"players": 1, "start": "a", "states": [{"id": "a", "payoff": [1]}]}`, json); code != 400 || !strings.Contains(body, "props applies to PRISM") {
		t.Errorf("props with a JSON model: %d %s", code, body)
	}
}
