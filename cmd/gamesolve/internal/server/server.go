package server

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"io/fs"
	"math"
	"mime"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"time"

	"github.com/gamesolve/gamesolve/cgt/rulesets"
	"github.com/gamesolve/gamesolve/numeric"
)

//go:embed assets
var assets embed.FS

// Limits cap what one request may ask for.
type Limits struct {
	RaceTarget      int // float race targets (each side)
	RaceExactTarget int
	RaceTable       int // targets with the policy or a game to play
	ChefsN          int
	ChefsExactN     int
	CookiesN        int
	PigTarget       int // two players; more players take PigManyTarget
	PigExactTarget  int
	PigManyTarget   int   // float targets with three players (less with more)
	CGTInput        int   // characters of an expression or position
	Body            int64 // bytes of a model file
	ModelStates     int
	CFRIterations   int // CFR+ iterations for a game too large for the exact solve
}

// DefaultLimits keep every request within a few hundred MB and about a
// minute on two cores.
var DefaultLimits = Limits{
	RaceTarget: 10000, RaceExactTarget: 150, RaceTable: 300,
	ChefsN: 20, ChefsExactN: 12, CookiesN: 5000,
	PigTarget: 100, PigExactTarget: 20, PigManyTarget: 30,
	CGTInput: 500, Body: 4 << 20, ModelStates: 500_000, CFRIterations: 20_000,
}

// Options configure a Server.
type Options struct {
	Limits Limits
	// Timeout is each solve's deadline (default 60 s).
	Timeout time.Duration
	// Slots is how many solves run at once (default: the cores), Queue
	// how many more may wait (default 32), Cache how many recent answers
	// are kept (default 16). Parsing a posted model takes a slot too, and
	// at most Slots+Queue bodies are read at once.
	Slots, Queue, Cache int
	// Addr is the address served ("127.0.0.1:8080"). Requests must name
	// it, or localhost, 127.0.0.1 or [::1] with its port, in their Host
	// header. Empty: any port, on those loopback names only.
	Addr string
}

// Server is the web explorer's handler.
type Server struct {
	mux     *http.ServeMux
	limits  Limits
	flights *flights
	timeout time.Duration
	// hosts are the names a request's Host may give (lower case), and
	// port the port it must give with them ("" for any).
	hosts map[string]bool
	port  string
	// bodies bounds the posted models being read at once.
	bodies chan struct{}
	// methods is the method of each API endpoint, by path.
	methods map[string]string
}

// New returns a Server.
func New(opt Options) *Server {
	if opt.Limits == (Limits{}) {
		opt.Limits = DefaultLimits
	}
	if opt.Timeout <= 0 {
		opt.Timeout = time.Minute
	}
	if opt.Slots <= 0 {
		opt.Slots = runtime.NumCPU()
	}
	if opt.Queue <= 0 {
		opt.Queue = 32
	}
	if opt.Cache <= 0 {
		opt.Cache = 16
	}
	s := &Server{mux: http.NewServeMux(), limits: opt.Limits, timeout: opt.Timeout,
		flights: newFlights(opt.Slots, opt.Slots+opt.Queue, opt.Cache, opt.Timeout),
		hosts:   map[string]bool{"localhost": true, "127.0.0.1": true, "::1": true},
		bodies:  make(chan struct{}, opt.Slots+opt.Queue)}
	if opt.Addr != "" {
		if h, port, err := net.SplitHostPort(opt.Addr); err == nil {
			s.port = port
			if h != "" {
				s.hosts[strings.ToLower(h)] = true
			}
		}
	}
	// The method of each endpoint, so that another method on it is a 405
	// (the catch-all below would make it a 404).
	s.methods = map[string]string{}
	handle := func(method, path string, h handler) {
		s.methods[path] = method
		s.mux.HandleFunc(method+" "+path, s.api(h))
	}
	handle("GET", "/api/race", s.race)
	handle("GET", "/api/race/play", s.racePlay)
	handle("GET", "/api/chefs", s.chefs)
	handle("GET", "/api/cookies", s.cookies)
	handle("GET", "/api/pig", s.pig)
	handle("GET", "/api/pig/play", s.pigPlay)
	handle("GET", "/api/cgt", s.cgt)
	handle("GET", "/api/equilibrium", s.equilibrium)
	handle("GET", "/api/equilibrium/play", s.equilibriumPlay)
	handle("POST", "/api/solve", s.solve)
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		if m, ok := s.methods[r.URL.Path]; ok {
			w.Header().Set("Allow", m)
			writeError(w, http.StatusMethodNotAllowed, fmt.Errorf("%s %s: use %s", r.Method, r.URL.Path, m))
			return
		}
		writeError(w, http.StatusNotFound, fmt.Errorf("no API %s %s", r.Method, r.URL.Path))
	})
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err)
	}
	s.mux.Handle("/", assetHandler(sub))
	return s
}

// ServeHTTP implements http.Handler. The explorer is for one user on this
// machine, so a request is refused before anything else unless it comes
// from a page of the explorer itself:
//
//   - its Host must be the address served (or a loopback name with its
//     port): otherwise 421. A web page that rebinds its own domain name to
//     127.0.0.1 sends its own name here and cannot read the answers;
//   - an API request with an Origin (or Sec-Fetch-Site) of another site is
//     refused with 403, so no other page can drive a solve;
//   - a POST must say Content-Type: application/json (415 otherwise): a
//     form or a text/plain fetch from another page cannot be a "simple"
//     request that skips the browser's preflight.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.allowedHost(r.Host) {
		writeError(w, http.StatusMisdirectedRequest, fmt.Errorf("host %s is not served here (use http://127.0.0.1 or http://localhost with the server's port)", shorten(r.Host)))
		return
	}
	if strings.HasPrefix(r.URL.Path, "/api/") {
		if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, r.Host) {
			writeError(w, http.StatusForbidden, fmt.Errorf("cross-origin request from %s refused: the explorer answers its own page only", shorten(o)))
			return
		}
		if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
			writeError(w, http.StatusForbidden, errors.New("cross-site request refused: the explorer answers its own page only"))
			return
		}
		if r.Method == http.MethodPost {
			if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
				writeError(w, http.StatusUnsupportedMediaType, errors.New("a posted model needs Content-Type: application/json"))
				return
			}
			// A body must keep coming: a client that sends headers and then
			// nothing, or a byte now and then, would hold a body-reading
			// place. Its first byte must come within bodyIdle (a handler
			// without a connection, as in tests, cannot set a deadline;
			// that is not an error), and the handler reads the rest
			// through a progressReader.
			rc := http.NewResponseController(w)
			_ = rc.SetReadDeadline(time.Now().Add(bodyIdle))
			r = r.WithContext(context.WithValue(r.Context(), controllerKey{}, rc))
		}
	}
	s.mux.ServeHTTP(w, r)
}

// controllerKey keys a POST's http.ResponseController in its context.
type controllerKey struct{}

// A posted body may pause for at most bodyIdle since the last byte came,
// and takes at most bodyGrace plus a second for every bodyRate bytes it
// declares (or the most a body may have) once it has a reading place. A
// body that finds no place free waits bodyIdle and a second more for
// one, and then has bodyResume at least to go on. A stalled client holds
// a place no longer than bodyIdle; one on this machine sends megabytes in
// milliseconds.
const (
	bodyIdle   = 3 * time.Second
	bodyResume = 100 * time.Millisecond
	bodyGrace  = 2 * time.Second
	bodyRate   = 512 << 10
)

// later is the later of two times.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// bodyTime is how long a body of length n (-1: unknown) may take to read.
func bodyTime(n, limit int64) time.Duration {
	if n < 0 || n > limit {
		n = limit
	}
	return bodyGrace + time.Duration(float64(n)/bodyRate*float64(time.Second))
}

// progressReader reads a body with a read deadline of bodyIdle after the
// last byte that came (at least bodyResume after its reading place came),
// and never past end.
type progressReader struct {
	r    io.Reader
	rc   *http.ResponseController
	last time.Time
	end  time.Time
}

func (p *progressReader) Read(b []byte) (int, error) {
	if p.rc != nil {
		d := p.last.Add(bodyIdle)
		if p.end.Before(d) {
			d = p.end
		}
		_ = p.rc.SetReadDeadline(d)
	}
	n, err := p.r.Read(b)
	if n > 0 {
		p.last = time.Now()
	}
	return n, err
}

// allowedHost reports whether a Host header names this server.
func (s *Server) allowedHost(host string) bool {
	h, port, err := net.SplitHostPort(host)
	if err != nil {
		return false // HTTP/1.1 clients send the port of a non-default address
	}
	return s.hosts[strings.ToLower(h)] && (s.port == "" || port == s.port)
}

// sameOrigin reports whether an Origin header names the page's own origin:
// http and the Host the request was sent to (already checked).
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && u.Scheme == "http" && u.Path == "" && strings.EqualFold(u.Host, host)
}

// shorten keeps an echoed header short.
func shorten(s string) string { return numeric.Shorten(s, 80) }

// badRequest is an error in the request itself: HTTP 400.
type badRequest struct{ msg string }

func (e *badRequest) Error() string { return e.msg }

func badf(format string, a ...any) error { return &badRequest{fmt.Sprintf(format, a...)} }

// handler computes an API answer: a value encoded as JSON.
type handler func(r *http.Request) (any, error)

// api wraps a handler: JSON out, errors as {"error": "..."} with a status
// that says whose fault it is.
func (s *Server) api(h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v, err := h(r)
		if err != nil {
			writeError(w, status(err), err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(v)
	}
}

func status(err error) int {
	var mb *http.MaxBytesError
	switch {
	case errors.Is(err, errBusy):
		return http.StatusServiceUnavailable
	case errors.Is(err, context.DeadlineExceeded):
		return http.StatusGatewayTimeout
	case errors.Is(err, context.Canceled):
		return 499 // the client went away; nobody reads this
	case errors.As(err, &mb):
		return http.StatusRequestEntityTooLarge
	case errors.Is(err, errInternal):
		return http.StatusInternalServerError
	}
	// Everything else is about the instance asked for: malformed, out of
	// range, too large for the budget.
	return http.StatusBadRequest
}

func writeError(w http.ResponseWriter, code int, err error) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	msg := err.Error()
	if code == http.StatusGatewayTimeout {
		msg = "the solve took too long and was stopped: " + msg
	}
	_ = json.NewEncoder(w).Encode(map[string]string{"error": strings.TrimSpace(msg)})
}

// errInternal marks a solve that panicked: a bug, HTTP 500.
var errInternal = errors.New("internal error")

// solveShared runs fn through the flights under key, turning a panic into
// errInternal.
func (s *Server) solveShared(r *http.Request, key string, fn func(context.Context) (any, error)) (any, error) {
	return s.flights.do(r.Context(), key, func(ctx context.Context) (v any, err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("%w: %v", errInternal, p)
			}
		}()
		return fn(ctx)
	})
}

// assetHandler serves the embedded files and nothing else: "/" is
// index.html, directories and unknown paths are 404.
func assetHandler(files fs.FS) http.Handler {
	index := indexPage(files)
	loaded := time.Now()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" {
			name = "index.html"
		}
		if !fs.ValidPath(name) {
			http.NotFound(w, r)
			return
		}
		st, err := fs.Stat(files, name)
		if err != nil || st.IsDir() {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		// No other site may frame the page (frame-ancestors; X-Frame-Options
		// for browsers without it).
		w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self'; script-src 'self'; img-src 'self' data:; frame-ancestors 'none'")
		w.Header().Set("X-Frame-Options", "DENY")
		if name == "index.html" {
			http.ServeContent(w, r, name, loaded, bytes.NewReader(index))
			return
		}
		http.ServeFileFS(w, r, files, name)
	})
}

// indexPage is index.html with the CGT tab's list of rulesets filled in
// from rulesets.Names, so that the page offers every ruleset the engine
// has, and octal:CODE as the form of any take-and-break code.
func indexPage(files fs.FS) []byte {
	page, err := fs.ReadFile(files, "index.html")
	if err != nil {
		panic(err) // embedded: present in every build
	}
	var options strings.Builder
	for _, name := range append(rulesets.Names(), "octal:0.137") {
		fmt.Fprintf(&options, "<option value=\"%s\">", html.EscapeString(name))
	}
	return bytes.Replace(page, []byte("<!-- rulesets -->"), []byte(options.String()), 1)
}

// pigTarget is the largest Pig target served for that many players: the
// states grow as target^(players+1), so the three-player limit shrinks by
// that power for more players (exact mode: a third of it).
func (l Limits) pigTarget(players int, exact bool) int {
	if players <= 2 {
		if exact {
			return l.PigExactTarget
		}
		return l.PigTarget
	}
	states := math.Pow(float64(l.PigManyTarget), 4)
	t := int(math.Pow(states, 1/float64(players+1)) + 1e-9)
	if exact {
		t = max(1, t/3)
	}
	return max(1, t)
}
