// Command tablemate-bench measures the real tablemate binary over HTTP on
// 127.0.0.1 against two bare net/http handlers, in one run on the same
// machine: one returning a fixed body, and one that decodes the same JSON
// the score-check API gets (encoding/json into a struct of the request's
// shape) and answers a small JSON. It reports each target's throughput
// and latency and the ratio to each bare handler.
//
// With -hostile it plays hostile clients against the binary instead (see
// hostile.go): bodies over the limit, a stalled body, streams from one
// address past the cap, and the server's memory around -streams streams.
//
// With -cold it measures restarts (see cold.go): long Cambio tables'
// first views after the server started again, and writes to them, for
// the binary and, with -base, a baseline binary in turns.
//
// With -base the throughput run measures the baseline binary's pages and
// API too, in the same turns.
//
//	go build -o bin/tablemate ./cmd/tablemate
//	go run ./cmd/tablemate-bench -bin ./bin/tablemate -conns 16 -duration 10s
//	go run ./cmd/tablemate-bench -bin ./bin/tablemate -hostile -streams 5000
//	go run ./cmd/tablemate-bench -bin ./bin/tablemate -base ./bin/tablemate-before -cold -events 100,1000,10000,20000
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"tablemate/scoring/kks"
)

// ameliaState is the score-check request the API target sends.
const ameliaState = `{"players":[{"name":"Amelia","tokens":3,"display":{"red":"1 5 7","yellow":"6 10 x","black":"4 6 x 5","blue":"4 9"}},{"name":"Victor","tokens":2,"display":{"red":"2 3"}}]}`

func main() {
	bin := flag.String("bin", "./bin/tablemate", "tablemate binary")
	conns := flag.Int("conns", 16, "concurrent keep-alive connections")
	duration := flag.Duration("duration", 10*time.Second, "time per target")
	bare := flag.String("bare", "", "internal: serve the bare handler on this address")
	hostileRun := flag.Bool("hostile", false, "play hostile clients against the binary instead of measuring throughput")
	streams := flag.Int("streams", 5000, "with -hostile: live streams to open for the memory figures")
	base := flag.String("base", "", "a baseline binary measured in the same run, in turns with -bin")
	coldRun := flag.Bool("cold", false, "measure first views of long tables after a restart, and writes to them, instead of throughput")
	events := flag.String("events", "100,1000,10000,20000", "with -cold: the tables' lengths in events")
	rounds := flag.Int("rounds", 3, "with -cold: restarts of each binary")
	writes := flag.Int("writes", 20, "with -cold: rounds entered per table and restart")
	kill := flag.Bool("kill", false, "with -cold: stop the servers with SIGKILL instead of SIGTERM")
	serveArgs := flag.String("serve-args", "", "more flags for the measured binary's serve, such as -gc-percent=100")
	gctrace := flag.Bool("gctrace", false, "count the servers' garbage collections (their logs then come through this process)")
	flag.Parse()
	if *bare != "" {
		serveBare(*bare)
		return
	}
	run := func() error { return run(*bin, *base, *conns, *duration, strings.Fields(*serveArgs), *gctrace) }
	switch {
	case *hostileRun:
		run = func() error { return hostile(*bin, *streams) }
	case *coldRun:
		var lengths []int
		for _, f := range strings.Split(*events, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 2 {
				fmt.Fprintf(os.Stderr, "tablemate-bench: -events %q: lengths of 2 events or more, separated by commas\n", *events)
				os.Exit(2)
			}
			lengths = append(lengths, n)
		}
		bins := []string{*bin}
		if *base != "" {
			bins = append(bins, *base)
		}
		run = func() error { return cold(bins, lengths, *rounds, *writes, *kill) }
	}
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "tablemate-bench:", err)
		os.Exit(1)
	}
}

// serveBare is the baseline: the least a Go HTTP server can do (/), and
// the least a Go handler that reads the score request can do (/decode).
func serveBare(addr string) {
	body := []byte(`{"ok":true}`)
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	})
	mux.HandleFunc("/decode", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Players []struct {
				Name    string            `json:"name"`
				Tokens  int               `json:"tokens"`
				Display map[string]string `json:"display"`
			} `json:"players"`
		}
		dec := json.NewDecoder(io.LimitReader(r.Body, 1<<20))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"players":%d}`, len(req.Players))
	})
	http.ListenAndServe(addr, mux)
}

func freeAddr() string {
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	defer l.Close()
	return l.Addr().String()
}

func waitUp(url string) error {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if resp, err := http.Get(url); err == nil {
			resp.Body.Close()
			return nil
		}
	}
	return fmt.Errorf("%s did not come up", url)
}

func start(name string, args ...string) (*exec.Cmd, error) {
	cmd := exec.Command(name, args...)
	return cmd, cmd.Start()
}

func run(bin, base string, conns int, duration time.Duration, serveArgs []string, gctrace bool) error {
	dir, err := os.MkdirTemp("", "tablemate-bench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	self, _ := os.Executable()
	bareAddr := freeAddr()
	bareCmd, err := start(self, "-bare", bareAddr)
	if err != nil {
		return err
	}
	defer bareCmd.Process.Kill()
	if err := waitUp("http://" + bareAddr + "/"); err != nil {
		return err
	}
	targets := []struct {
		name, method, url, body string
	}{
		{"bare net/http handler", http.MethodPost, "http://" + bareAddr + "/", ameliaState},
		{"bare handler decoding", http.MethodPost, "http://" + bareAddr + "/decode", ameliaState},
	}
	// The binary measured and the baseline, each with a database of its
	// own; with gctrace, counting their garbage collections
	// (GODEBUG=gctrace=1 prints a line for each on the server's standard
	// error, which its log goes to too: read by this process, so it is
	// left out of the throughput runs).
	type app struct {
		name string
		gcs  *gcCounter
	}
	var apps []app
	for i, b := range []string{bin, base} {
		if b == "" {
			continue
		}
		addr := freeAddr()
		args := []string{"serve", "-addr", addr, "-db", filepath.Join(dir, fmt.Sprint("bench", i, ".db")), "-write-rate", "0"}
		if i == 0 {
			args = append(args, serveArgs...)
		}
		cmd := exec.Command(b, args...)
		gcs := &gcCounter{}
		if gctrace {
			cmd.Env = append(os.Environ(), "GODEBUG=gctrace=1")
			cmd.Stderr = gcs
		}
		if err := cmd.Start(); err != nil {
			return err
		}
		defer cmd.Process.Kill()
		if err := waitUp("http://" + addr + "/healthz"); err != nil {
			return err
		}
		table, err := makeTable("http://" + addr)
		if err != nil {
			return err
		}
		suffix := ""
		if i > 0 {
			suffix = " (base)"
		}
		apps = append(apps, app{b, gcs})
		targets = append(targets,
			struct{ name, method, url, body string }{"POST score-check API" + suffix, http.MethodPost, "http://" + addr + "/api/v1/games/" + kks.Slug + "/score", ameliaState},
			struct{ name, method, url, body string }{"GET table page (3 games)" + suffix, http.MethodGet, "http://" + addr + table, ""})
	}
	fmt.Printf("%d connections, %s per target in turns of %s, GOMAXPROCS of each server = its default\n\n", conns, duration, turn)
	fmt.Printf("%-33s %10s %10s %10s %8s %12s\n", "target", "req/s", "p50", "p99", "vs bare", "vs decoding")
	// The targets take turns, a slice of time each, until each had its
	// duration: a machine busier in one part of the run than in another
	// then weighs on every target alike, and the ratios stay fair.
	loads := make([]*load, len(targets))
	for i, tg := range targets {
		loads[i] = newLoad(tg.method, tg.url, tg.body, conns)
		defer loads[i].close()
	}
	before := make([]int, len(apps))
	for i, a := range apps {
		before[i] = a.gcs.count()
	}
	began := time.Now()
	for spent := time.Duration(0); spent < duration; spent += turn {
		for _, l := range loads {
			l.run(min(turn, duration-spent))
		}
	}
	took := time.Since(began)
	bareRate, decodingRate := loads[0].rate(), loads[1].rate()
	for i, l := range loads {
		p50, p99 := l.percentiles()
		fmt.Printf("%-33s %10.0f %10s %10s %7.0f%% %11.0f%%", targets[i].name, l.rate(), p50.Round(time.Microsecond), p99.Round(time.Microsecond),
			100*l.rate()/bareRate, 100*l.rate()/decodingRate)
		if l.errs > 0 {
			fmt.Printf("  (%d errors)", l.errs)
		}
		fmt.Println()
	}
	if !gctrace {
		return nil
	}
	fmt.Println()
	for i, a := range apps {
		n := a.gcs.count() - before[i]
		fmt.Printf("%s: %d garbage collections in the %s of the run (%.1f a second), the longest pause %s\n",
			a.name, n, took.Round(time.Second), float64(n)/took.Seconds(), a.gcs.longest())
	}
	return nil
}

// gcCounter counts the lines GODEBUG=gctrace=1 prints, one a collection,
// and keeps the longest stop-the-world pause they report.
type gcCounter struct {
	mu    sync.Mutex
	n     int
	pause time.Duration
	rest  []byte
}

// gcLine is gctrace's line: "gc 12 @1.5s 0%: 0.02+1.1+0.01 ms clock, …".
var gcLine = regexp.MustCompile(`^gc \d+ @[\d.]+s \d+%: ([\d.]+)\+[\d.]+\+([\d.]+) ms clock`)

func (g *gcCounter) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.rest = append(g.rest, p...)
	for {
		i := bytes.IndexByte(g.rest, '\n')
		if i < 0 {
			break
		}
		if !bytes.HasPrefix(g.rest, []byte("gc ")) {
			g.rest = g.rest[i+1:]
			continue
		}
		if m := gcLine.FindSubmatch(g.rest[:i]); m != nil {
			g.n++
			for _, f := range m[1:] {
				if ms, err := strconv.ParseFloat(string(f), 64); err == nil {
					g.pause = max(g.pause, time.Duration(ms*float64(time.Millisecond)))
				}
			}
		}
		g.rest = g.rest[i+1:]
	}
	return len(p), nil
}

func (g *gcCounter) count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.n
}

func (g *gcCounter) longest() time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.pause
}

// turn is how long one target is measured before the next takes over.
const turn = 500 * time.Millisecond

// makeTable creates a 3-player table with three recorded games.
func makeTable(base string) (string, error) {
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	post := func(path string, v url.Values) (*http.Response, error) {
		req, _ := http.NewRequest(http.MethodPost, base+path, strings.NewReader(v.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		return client.Do(req)
	}
	resp, err := post("/tables", url.Values{"game": {kks.Slug}, "players": {"Amelia", "Victor", "Enrique"}})
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	table := resp.Header.Get("Location")
	for g := 1; g <= 3; g++ {
		v := url.Values{"_seen": {fmt.Sprint(g)}, "_token": {fmt.Sprint("bench-", g)}}
		v.Set("players[0].display.red", "1 5 7")
		v.Set("players[1].display.blue", "4 9 x")
		v.Set("players[2].tokens", "3")
		v.Set("_disputed", "1") // partial on purpose: saved as disputed, the second choice a broken result needs (#18)
		if resp, err = post(table+"/games", v); err != nil {
			return "", err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther {
			return "", fmt.Errorf("record game %d: %d", g, resp.StatusCode)
		}
	}
	return table, nil
}

// load keeps conns requests in flight against one target on its own
// keep-alive connections, for as many turns as it is given, and counts
// the successful answers and their latencies.
type load struct {
	method, target, body string
	conns                int
	tr                   *http.Transport
	client               *http.Client
	lat                  []time.Duration
	spent                time.Duration
	errs                 int
}

func newLoad(method, target, body string, conns int) *load {
	tr := &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}
	return &load{method: method, target: target, body: body, conns: conns, tr: tr,
		client: &http.Client{Transport: tr, Timeout: 10 * time.Second}}
}

func (l *load) close() { l.tr.CloseIdleConnections() }

// run measures the target for d.
func (l *load) run(d time.Duration) {
	var mu sync.Mutex
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for range l.conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			bad := 0
			for time.Now().Before(deadline) {
				req, _ := http.NewRequest(l.method, l.target, bytes.NewReader([]byte(l.body)))
				if l.body != "" {
					req.Header.Set("Content-Type", "application/json")
				}
				began := time.Now()
				resp, err := l.client.Do(req)
				if err != nil {
					bad++
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					bad++
					continue
				}
				mine = append(mine, time.Since(began))
			}
			mu.Lock()
			l.lat = append(l.lat, mine...)
			l.errs += bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	l.spent += d
}

// rate is the successful answers per second over all turns.
func (l *load) rate() float64 { return float64(len(l.lat)) / l.spent.Seconds() }

func (l *load) percentiles() (p50, p99 time.Duration) {
	if len(l.lat) == 0 {
		return 0, 0
	}
	slices.Sort(l.lat)
	return l.lat[len(l.lat)/2], l.lat[len(l.lat)*99/100]
}
