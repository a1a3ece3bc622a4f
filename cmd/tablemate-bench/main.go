// Command tablemate-bench measures the real tablemate binary over HTTP on
// 127.0.0.1 against a bare net/http handler returning a fixed body, in one
// run on the same machine, and reports each target's throughput and
// latency and the ratio to the bare handler.
//
//	go build -o bin/tablemate ./cmd/tablemate
//	go run ./cmd/tablemate-bench -bin ./bin/tablemate -conns 16 -duration 10s
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// ameliaState is the score-check request the API target sends.
const ameliaState = `{"players":[{"name":"Amelia","tokens":3,"display":{"red":"1 5 7","yellow":"6 10 x","black":"4 6 x 5","blue":"4 9"}},{"name":"Victor","tokens":2,"display":{"red":"2 3"}}]}`

func main() {
	bin := flag.String("bin", "./bin/tablemate", "tablemate binary")
	conns := flag.Int("conns", 16, "concurrent keep-alive connections")
	duration := flag.Duration("duration", 10*time.Second, "time per target")
	bare := flag.String("bare", "", "internal: serve the bare handler on this address")
	flag.Parse()
	if *bare != "" {
		serveBare(*bare)
		return
	}
	if err := run(*bin, *conns, *duration); err != nil {
		fmt.Fprintln(os.Stderr, "tablemate-bench:", err)
		os.Exit(1)
	}
}

// serveBare is the baseline: the least a Go HTTP server can do.
func serveBare(addr string) {
	body := []byte(`{"ok":true}`)
	http.ListenAndServe(addr, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	}))
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

func run(bin string, conns int, duration time.Duration) error {
	dir, err := os.MkdirTemp("", "tablemate-bench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	self, _ := os.Executable()
	bareAddr, appAddr := freeAddr(), freeAddr()
	bareCmd, err := start(self, "-bare", bareAddr)
	if err != nil {
		return err
	}
	defer bareCmd.Process.Kill()
	appCmd, err := start(bin, "serve", "-addr", appAddr, "-db", filepath.Join(dir, "bench.db"), "-write-rate", "0")
	if err != nil {
		return err
	}
	defer appCmd.Process.Kill()
	if err := waitUp("http://" + bareAddr + "/"); err != nil {
		return err
	}
	if err := waitUp("http://" + appAddr + "/healthz"); err != nil {
		return err
	}
	table, err := makeTable("http://" + appAddr)
	if err != nil {
		return err
	}
	targets := []struct {
		name, method, url, body string
	}{
		{"bare net/http handler", http.MethodPost, "http://" + bareAddr + "/", ameliaState},
		{"POST score-check API", http.MethodPost, "http://" + appAddr + "/api/v1/games/koffer-katze-sombrero/score", ameliaState},
		{"GET table page (3 games)", http.MethodGet, "http://" + appAddr + table, ""},
	}
	fmt.Printf("%d connections, %s per target, GOMAXPROCS of each server = its default\n\n", conns, duration)
	fmt.Printf("%-26s %10s %10s %10s %8s\n", "target", "req/s", "p50", "p99", "vs bare")
	var bareRate float64
	for i, tg := range targets {
		rate, p50, p99, errs := hammer(tg.method, tg.url, tg.body, conns, duration)
		if i == 0 {
			bareRate = rate
		}
		fmt.Printf("%-26s %10.0f %10s %10s %7.0f%%", tg.name, rate, p50.Round(time.Microsecond), p99.Round(time.Microsecond), 100*rate/bareRate)
		if errs > 0 {
			fmt.Printf("  (%d errors)", errs)
		}
		fmt.Println()
	}
	return nil
}

// makeTable creates a 3-player table with three recorded games.
func makeTable(base string) (string, error) {
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	post := func(path string, v url.Values) (*http.Response, error) {
		req, _ := http.NewRequest(http.MethodPost, base+path, strings.NewReader(v.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		return client.Do(req)
	}
	resp, err := post("/tables", url.Values{"game": {"koffer-katze-sombrero"}, "players": {"Amelia", "Victor", "Enrique"}})
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

// hammer keeps conns requests in flight for d and returns the rate and
// latency percentiles of successful answers.
func hammer(method, target, body string, conns int, d time.Duration) (rate float64, p50, p99 time.Duration, errs int) {
	tr := &http.Transport{MaxIdleConnsPerHost: conns, MaxConnsPerHost: conns}
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	defer tr.CloseIdleConnections()
	var mu sync.Mutex
	var lat []time.Duration
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			bad := 0
			for time.Now().Before(deadline) {
				req, _ := http.NewRequest(method, target, bytes.NewReader([]byte(body)))
				if body != "" {
					req.Header.Set("Content-Type", "application/json")
				}
				began := time.Now()
				resp, err := client.Do(req)
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
			lat = append(lat, mine...)
			errs += bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	slices.Sort(lat)
	if len(lat) == 0 {
		return 0, 0, 0, errs
	}
	return float64(len(lat)) / d.Seconds(), lat[len(lat)/2], lat[len(lat)*99/100], errs
}
