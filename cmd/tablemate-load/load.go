package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
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

	"tablemate/scoring/games"
	"tablemate/sessions"
)

type config struct {
	bin            string
	phones, tables int
	duration       time.Duration
	killEvery      time.Duration
	dir            string
	out            io.Writer // server logs; nil discards
}

// report is what a run measured and what the check of the log found.
type report struct {
	Phones, Tables  int
	Duration        time.Duration
	Acked, Attempts int
	Stale, Errors   int
	Kills           int
	Lost, Doubled   int
	Mismatched      int
	P50, P99        time.Duration
	MovesPerSec     float64
}

func (r report) String() string {
	return fmt.Sprintf("phones=%d tables=%d duration=%s kills=%d\n"+
		"acknowledged moves=%d (%.1f/s)  posts=%d  stale=%d  connection errors=%d\n"+
		"latency of acknowledged posts: p50=%s p99=%s\n"+
		"lost=%d doubled=%d mismatched=%d",
		r.Phones, r.Tables, r.Duration.Round(time.Millisecond), r.Kills,
		r.Acked, r.MovesPerSec, r.Attempts, r.Stale, r.Errors,
		r.P50.Round(10*time.Microsecond), r.P99.Round(10*time.Microsecond),
		r.Lost, r.Doubled, r.Mismatched)
}

// ack is a move the server confirmed: which phone's which move became
// which game of which table.
type ack struct {
	table       string
	game        int
	phone, move int
	latency     time.Duration
}

func run(ctx context.Context, cfg config, logw io.Writer) (report, error) {
	rep := report{Phones: cfg.phones, Tables: cfg.tables}
	if cfg.phones < 1 || cfg.tables < 1 || cfg.tables > cfg.phones {
		return rep, errors.New("need at least 1 phone and 1 table, and no more tables than phones")
	}
	dir := cfg.dir
	if dir == "" {
		d, err := os.MkdirTemp("", "tablemate-load")
		if err != nil {
			return rep, err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	srv, err := startServer(cfg.bin, filepath.Join(dir, "load.db"), cfg.out)
	if err != nil {
		return rep, err
	}
	defer srv.stop()

	tables := make([]string, cfg.tables)
	for i := range tables {
		if tables[i], err = createTable(srv.base); err != nil {
			return rep, err
		}
	}

	var (
		mu    sync.Mutex
		acks  []ack
		stats report
	)
	deadline := time.Now().Add(cfg.duration)
	start := time.Now()
	var wg sync.WaitGroup
	for p := range cfg.phones {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ph := phone{base: srv.base, table: tables[p%len(tables)], id: p, client: &http.Client{
				Timeout:       5 * time.Second,
				CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
			}}
			for move := 0; time.Now().Before(deadline) && ctx.Err() == nil; move++ {
				a, s := ph.enterGame(ctx, move, deadline.Add(20*time.Second))
				mu.Lock()
				stats.Attempts += s.Attempts
				stats.Stale += s.Stale
				stats.Errors += s.Errors
				if a.game > 0 {
					acks = append(acks, a)
				}
				mu.Unlock()
			}
		}()
	}

	// The killer: SIGKILL the server now and then and start it again on the
	// same database while the phones keep sending.
	killDone := make(chan struct{})
	go func() {
		defer close(killDone)
		if cfg.killEvery <= 0 {
			return
		}
		t := time.NewTicker(cfg.killEvery)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				if time.Now().After(deadline) {
					return
				}
				if err := srv.killAndRestart(); err != nil {
					fmt.Fprintln(logw, "restart:", err)
					return
				}
				mu.Lock()
				stats.Kills++
				mu.Unlock()
			case <-ctx.Done():
				return
			}
		}
	}()
	wg.Wait()
	<-killDone
	rep.Duration = time.Since(start)
	srv.stop()

	rep.Attempts, rep.Stale, rep.Errors, rep.Kills = stats.Attempts, stats.Stale, stats.Errors, stats.Kills
	rep.Acked = len(acks)
	rep.MovesPerSec = float64(len(acks)) / rep.Duration.Seconds()
	lat := make([]time.Duration, len(acks))
	for i, a := range acks {
		lat[i] = a.latency
	}
	slices.Sort(lat)
	if len(lat) > 0 {
		rep.P50, rep.P99 = lat[len(lat)/2], lat[min(len(lat)-1, len(lat)*99/100)]
	}
	return rep, verify(ctx, filepath.Join(dir, "load.db"), tables, acks, &rep)
}

// verify replays every table from the database and checks each
// acknowledged move is there exactly once, as the game the phone was told.
func verify(ctx context.Context, db string, tables []string, acks []ack, rep *report) error {
	store, err := sessions.Open(db)
	if err != nil {
		return err
	}
	defer store.Close()
	ts := sessions.NewTables(store, games.Find)
	type key struct{ phone, move int }
	where := map[key][]string{} // move -> "table/game" it is stored as
	for _, id := range tables {
		t, err := ts.Table(ctx, id)
		if err != nil {
			return fmt.Errorf("replay %s: %w", id, err)
		}
		for _, g := range t.Games {
			phone, move, err := marker(g.State)
			if err != nil {
				return fmt.Errorf("table %s game %d: %w", id, g.Number, err)
			}
			k := key{phone, move}
			where[k] = append(where[k], fmt.Sprintf("%s/%d", id, g.Number))
		}
	}
	for _, places := range where {
		if len(places) > 1 {
			rep.Doubled++
		}
	}
	for _, a := range acks {
		places := where[key{a.phone, a.move}]
		switch {
		case len(places) == 0:
			rep.Lost++
		case !slices.Contains(places, fmt.Sprintf("%s/%d", a.table, a.game)):
			rep.Mismatched++
		}
	}
	return nil
}

// marker reads back which phone's which move a stored game is: the
// phone number is player 1's tokens, the move number player 2's.
func marker(state json.RawMessage) (phone, move int, err error) {
	var s struct {
		Players []struct {
			Tokens int `json:"tokens"`
		} `json:"players"`
	}
	if err := json.Unmarshal(state, &s); err != nil || len(s.Players) < 2 {
		return 0, 0, fmt.Errorf("unreadable game state %s", state)
	}
	return s.Players[0].Tokens, s.Players[1].Tokens, nil
}

// phone is one simulated phone at a table.
type phone struct {
	base, table string
	id          int
	client      *http.Client
}

var seenRE = regexp.MustCompile(`name="_seen" value="(\d+)"`)
var gameRE = regexp.MustCompile(`/games/(\d+)$`)

// enterGame sends one move until the server acknowledges it or giveUp
// passes. The move keeps one idempotency token through all retries, so a
// retry after a lost answer can never record it twice.
func (ph phone) enterGame(ctx context.Context, move int, giveUp time.Time) (ack, report) {
	var st report
	token := fmt.Sprintf("load-%d-%d-%d", ph.id, move, rand.Uint64())
	form := url.Values{"_token": {token}}
	form.Set("players[0].tokens", strconv.Itoa(ph.id))
	form.Set("players[1].tokens", strconv.Itoa(move))
	form.Set("players[0].display.red", "1 5 7")
	for time.Now().Before(giveUp) && ctx.Err() == nil {
		seen, err := ph.seen(ctx)
		if err != nil {
			if os.Getenv("LOAD_DEBUG") != "" {
				fmt.Fprintln(os.Stderr, "seen:", err)
			}
			st.Errors++
			time.Sleep(time.Duration(50+rand.IntN(100)) * time.Millisecond)
			continue
		}
		form.Set("_seen", strconv.Itoa(seen))
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ph.base+"/tables/"+ph.table+"/games", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		st.Attempts++
		began := time.Now()
		resp, err := ph.client.Do(req)
		if err != nil {
			st.Errors++
			time.Sleep(time.Duration(50+rand.IntN(100)) * time.Millisecond)
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusSeeOther:
			m := gameRE.FindStringSubmatch(resp.Header.Get("Location"))
			if m == nil {
				st.Errors++
				return ack{}, st
			}
			n, _ := strconv.Atoi(m[1])
			return ack{table: ph.table, game: n, phone: ph.id, move: move, latency: time.Since(began)}, st
		case http.StatusConflict:
			st.Stale++ // someone else moved first: look again and resend
			time.Sleep(time.Duration(rand.IntN(20)) * time.Millisecond)
		default:
			st.Errors++
			time.Sleep(time.Duration(50+rand.IntN(100)) * time.Millisecond)
		}
	}
	return ack{}, st
}

// seen reads the table version from the entry form, as a phone would.
func (ph phone) seen(ctx context.Context) (int, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ph.base+"/tables/"+ph.table+"/games/new", nil)
	resp, err := ph.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	m := seenRE.FindSubmatch(body)
	if resp.StatusCode != http.StatusOK || m == nil {
		return 0, fmt.Errorf("table page: %d", resp.StatusCode)
	}
	return strconv.Atoi(string(m[1]))
}

func createTable(base string) (string, error) {
	form := url.Values{"game": {"koffer-katze-sombrero"}, "players": {"P1", "P2", "P3", "P4"}, "name": {"load"}}
	req, _ := http.NewRequest(http.MethodPost, base+"/tables", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	resp.Body.Close()
	id, ok := strings.CutPrefix(resp.Header.Get("Location"), "/tables/")
	if resp.StatusCode != http.StatusSeeOther || !ok {
		return "", fmt.Errorf("create table: %d", resp.StatusCode)
	}
	return id, nil
}

// server is the tablemate process under test.
type server struct {
	bin, db, addr, base string
	out                 io.Writer
	mu                  sync.Mutex
	cmd                 *exec.Cmd
}

func startServer(bin, db string, out io.Writer) (*server, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := l.Addr().String()
	l.Close()
	s := &server{bin: bin, db: db, addr: addr, base: "http://" + addr, out: out}
	return s, s.start()
}

func (s *server) start() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	cmd := exec.Command(s.bin, "serve", "-addr", s.addr, "-db", s.db, "-write-rate", "0")
	cmd.Stdout, cmd.Stderr = s.out, s.out
	if err := cmd.Start(); err != nil {
		return err
	}
	s.cmd = cmd
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if resp, err := http.Get(s.base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
	}
	return errors.New("server did not become healthy in 10s")
}

// killAndRestart sends SIGKILL: no shutdown, no flush; then starts again.
func (s *server) killAndRestart() error {
	s.mu.Lock()
	s.cmd.Process.Kill()
	s.cmd.Wait()
	s.mu.Unlock()
	return s.start()
}

func (s *server) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil || s.cmd.ProcessState != nil {
		return
	}
	s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
}
