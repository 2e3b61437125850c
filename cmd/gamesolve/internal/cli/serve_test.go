package cli

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/gamesolve/gamesolve/cmd/gamesolve/internal/server"
)

// The API answers what the command line prints with --json, byte for byte.
func TestServeMatchesCLI(t *testing.T) {
	ts := httptest.NewServer(server.New(server.Options{}))
	defer ts.Close()
	pairs := []struct {
		cli []string
		api string
	}{
		{[]string{"race", "--json", "--target", "100"}, "/api/race?target=100"},
		{[]string{"race", "--json", "--target", "6", "--first", "chooser", "--exact", "--policy"}, "/api/race?target=6&first=chooser&exact=true&policy=true"},
		{[]string{"race", "--json", "--coin-target", "5", "--chooser-target", "7", "--coin", "1/3:2", "--menu", "0.9:1,1/4:3"}, "/api/race?coin_target=5&chooser_target=7&coin=1/3:2&menu=0.9:1,1/4:3"},
		{[]string{"chefs", "--json", "-n", "7"}, "/api/chefs?n=7"},
		{[]string{"chefs", "--json", "--skills", "0.25,0.5,1", "--exact", "--policy"}, "/api/chefs?skills=0.25,0.5,1&exact=true&policy=true"},
		{[]string{"cookies", "--json", "-n", "300"}, "/api/cookies?n=300"},
		{[]string{"pig", "--json", "--target", "10", "--exact", "--policy"}, "/api/pig?target=10&exact=true&policy=true"},
		{[]string{"cgt", "--json", "{3||2|1} + *"}, "/api/cgt?expr=" + "%7B3%7C%7C2%7C1%7D%20%2B%20*"},
		{[]string{"cgt", "--json", "--game", "domineering", "..|.."}, "/api/cgt?game=domineering&position=..%7C.."},
	}
	for _, p := range pairs {
		code, want, errs := run(t, "", p.cli...)
		if code != 0 {
			t.Fatalf("%v: %s", p.cli, errs)
		}
		status, got := fetch(t, ts.URL+p.api, "")
		if status != 200 || got != want {
			t.Errorf("%s: %d\n got %s\nwant %s", p.api, status, got, want)
		}
	}
	for _, m := range []struct {
		file, query string
		cli         []string
	}{
		{"../../../../docs/examples/duel.json", "?exact=true", []string{"solve", "--json", "--exact", "../../../../docs/examples/duel.json"}},
		{"../../../../docs/examples/gamble.jani", "?const=WIN=2", []string{"solve", "--json", "--const", "WIN=2", "../../../../docs/examples/gamble.jani"}},
	} {
		body, err := os.ReadFile(m.file)
		if err != nil {
			t.Fatal(err)
		}
		_, want, _ := run(t, "", m.cli...)
		status, got := fetch(t, ts.URL+"/api/solve"+m.query, string(body))
		if status != 200 || got != want {
			t.Errorf("solve %s: %d\n got %s\nwant %s", m.file, status, got, want)
		}
	}
}

func fetch(t *testing.T, url, body string) (int, string) {
	t.Helper()
	var res *http.Response
	var err error
	if body != "" {
		res, err = http.Post(url, "application/json", strings.NewReader(body))
	} else {
		res, err = http.Get(url)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// serve stops gracefully when its context ends (SIGINT in the command).
func TestServeShutdown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	e := &env{stdout: &out, stderr: io.Discard}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, e, ln, server.Options{}) }()
	url := "http://" + ln.Addr().String()
	var status int
	for range 100 {
		if res, err := http.Get(url + "/api/cookies?n=10"); err == nil {
			status = res.StatusCode
			res.Body.Close()
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if status != 200 {
		t.Fatalf("status %d", status)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(out.String(), "explorer on http://127.0.0.1:") || !strings.Contains(out.String(), "stopped") {
		t.Errorf("output %q", out.String())
	}
	if _, err := http.Get(url + "/"); err == nil {
		t.Error("still serving after shutdown")
	}
}

func TestServeBindsLoopback(t *testing.T) {
	cmd := newServeCmd(&env{})
	if def := cmd.Flags().Lookup("addr").DefValue; !strings.HasPrefix(def, "127.0.0.1:") {
		t.Errorf("default --addr %s", def)
	}
}
