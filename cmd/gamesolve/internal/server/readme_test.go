package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The README's table of endpoints is the server's: every endpoint is in
// it with its method, every parameter the handlers read is listed, every
// parameter listed is one the endpoint knows, and every example answers.
func TestReadmeEndpoints(t *testing.T) {
	data, err := os.ReadFile("../../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := New(Options{})
	ts := httptest.NewServer(s)
	defer ts.Close()
	ticked := regexp.MustCompile("`([^`]+)`")
	listed := map[string]bool{}
	rows := 0
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "| `GET /api/") && !strings.HasPrefix(line, "| `POST /api/") {
			continue
		}
		rows++
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) != 3 {
			t.Fatalf("row %q: want three cells", line)
		}
		method, path, _ := strings.Cut(strings.Trim(cells[0], "`"), " ")
		if s.methods[path] != method {
			t.Errorf("README: %s %s; the server: %q", method, path, s.methods[path])
		}
		example := strings.Trim(cells[2], "`")
		ask := func(query string) (int, string) {
			var res *http.Response
			var err error
			if method == "POST" {
				body, _ := os.Open("../../../../docs/examples/duel.json")
				defer body.Close()
				res, err = http.Post(ts.URL+query, "application/json", body)
			} else {
				res, err = http.Get(ts.URL + query)
			}
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var v map[string]any
			json.NewDecoder(res.Body).Decode(&v)
			msg, _ := v["error"].(string)
			return res.StatusCode, msg
		}
		if code, msg := ask(example); code != http.StatusOK {
			t.Errorf("%s %s: %d %s", method, example, code, msg)
		}
		for _, m := range ticked.FindAllStringSubmatch(cells[1], -1) {
			name := m[1]
			listed[name] = true
			// Alternatives (n or skills) may make the example's own
			// parameters unknown; this one must not be.
			code, msg := ask(example + "&" + name + "=1")
			if unknown, ok := strings.CutPrefix(msg, "unknown parameter "); ok && slices.Contains(strings.Split(unknown, ", "), name) {
				t.Errorf("%s %s: the README lists %q: %d %s", method, path, name, code, msg)
			}
		}
	}
	if rows != len(s.methods) {
		t.Errorf("%d endpoints in the README's table, %d served", rows, len(s.methods))
	}
	// Every parameter a handler reads, by the source.
	read := regexp.MustCompile(`p\.(?:integer|str|flag|ints|has)\("([a-z_]+)"`)
	for _, file := range []string{"api.go", "play.go"} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range read.FindAllStringSubmatch(string(src), -1) {
			if !listed[m[1]] {
				t.Errorf("%s reads %q, which the README's table does not list", file, m[1])
			}
		}
	}
}
