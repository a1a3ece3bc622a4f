package main

import (
	"bufio"
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

	"tablemate/scoring/kks"
	"tablemate/sessions"
	"tablemate/sessions/pgtest"
	"tablemate/web/games"
)

type config struct {
	bin            string
	phones, tables int
	duration       time.Duration
	killEvery      time.Duration
	dir            string
	out            io.Writer // server logs; nil discards
	// instances is how many tablemate processes serve the phones, all on
	// one database.
	instances int
	// db is the database: "sqlite" (a file in dir), "postgres" (a
	// throwaway PostgreSQL, durable, started in dir) or a postgres:// URL;
	// "" is sqlite for one instance and postgres for more.
	db string
	// fastPostgres starts the throwaway PostgreSQL without fsync (tests:
	// the database server is never killed, only tablemate is).
	fastPostgres bool
}

// report is what a run measured and what the check of the log found.
type report struct {
	Phones, Tables  int
	Instances       int
	Engine          string
	Duration        time.Duration
	Acked, Attempts int
	Stale, Errors   int
	Kills           int
	Lost, Doubled   int
	Mismatched      int
	P50, P99        time.Duration
	MovesPerSec     float64
	// Streams: every phone's live stream, counted in moves: each table's
	// moves (its head past its creation) for each phone at it, and those
	// its stream told it of (the newest head it saw: a stream sends the
	// newest head, and the page shows every move up to it).
	StreamMoves, StreamSeen int
	// StreamsBehind counts, after each of the last moves (one per table
	// through each instance), the streams that did not tell of it in time.
	StreamsBehind  int
	Reconnects     int
	LagP50, LagP99 time.Duration // from a phone sending a move to each stream at its table telling of it
}

func (r report) String() string {
	return fmt.Sprintf("engine=%s instances=%d phones=%d tables=%d duration=%s kills=%d\n"+
		"acknowledged moves=%d (%.1f/s)  posts=%d  stale=%d  connection errors=%d\n"+
		"latency of acknowledged posts: p50=%s p99=%s\n"+
		"live streams: moves to tell=%d told=%d  late=%d  reconnects=%d  lag p50=%s p99=%s\n"+
		"lost=%d doubled=%d mismatched=%d",
		r.Engine, r.Instances, r.Phones, r.Tables, r.Duration.Round(time.Millisecond), r.Kills,
		r.Acked, r.MovesPerSec, r.Attempts, r.Stale, r.Errors,
		r.P50.Round(10*time.Microsecond), r.P99.Round(10*time.Microsecond),
		r.StreamMoves, r.StreamSeen, r.StreamsBehind, r.Reconnects,
		r.LagP50.Round(10*time.Microsecond), r.LagP99.Round(10*time.Microsecond),
		r.Lost, r.Doubled, r.Mismatched)
}

// failed says what the run proves wrong: a move lost, doubled or
// mismatched, or a phone's stream that missed moves.
func (r report) failed() bool {
	return r.Lost > 0 || r.Doubled > 0 || r.Mismatched > 0 || r.StreamsBehind > 0 || r.StreamSeen != r.StreamMoves
}

// ack is a move the server confirmed: which phone's which move became
// which game of which table, and when.
type ack struct {
	table       string
	game        int
	phone, move int
	latency     time.Duration
	sent        time.Time // when the phone sent it (the last time)
}

// streamSettle is how long the streams get to tell every phone of the
// last move (without the fan-out between instances a stream would hear of
// a move written through another instance only when it reconnects).
const streamSettle = 5 * time.Second

// behind counts the streams that have not told of the newest
// acknowledged move of their table.
func behind(streams []*stream, acks []ack) int {
	newest := map[string]int{}
	for _, a := range acks {
		newest[a.table] = max(newest[a.table], a.game+1)
	}
	n := 0
	for _, st := range streams {
		if st.newest() < newest[st.table] {
			n++
		}
	}
	return n
}

func run(ctx context.Context, cfg config, logw io.Writer) (report, error) {
	if cfg.instances < 1 {
		cfg.instances = 1
	}
	rep := report{Phones: cfg.phones, Tables: cfg.tables, Instances: cfg.instances, Engine: "sqlite"}
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
	db := cfg.db
	if db == "" {
		db = "sqlite"
		if cfg.instances > 1 {
			db = "postgres"
		}
	}
	switch {
	case db == "postgres":
		pg, err := pgtest.Start(pgtest.Options{Durable: !cfg.fastPostgres, Log: filepath.Join(dir, "postgres.log")})
		if err != nil {
			return rep, fmt.Errorf("start PostgreSQL: %w", err)
		}
		defer pg.Stop()
		if db, err = pg.Fresh(); err != nil {
			return rep, err
		}
	case db == "sqlite":
		db = filepath.Join(dir, "load.db")
	case !sessions.IsPostgres(db):
		return rep, fmt.Errorf("-db %q: say sqlite, postgres or a postgres:// URL", db)
	}
	if sessions.IsPostgres(db) {
		rep.Engine = "postgres"
	}
	srvs := make([]*server, cfg.instances)
	for i := range srvs {
		var err error
		if srvs[i], err = startServer(cfg.bin, db, cfg.out); err != nil {
			return rep, err
		}
		defer srvs[i].stop()
	}

	tables := make([]string, cfg.tables)
	for i := range tables {
		var err error
		if tables[i], err = createTable(srvs[0].base); err != nil {
			return rep, err
		}
	}

	var (
		mu    sync.Mutex
		acks  []ack
		stats report
	)
	// Every phone follows its table live, as its page does, from any
	// instance: it moves to the next one when its stream breaks.
	streamCtx, stopStreams := context.WithCancel(ctx)
	defer stopStreams()
	streams := make([]*stream, cfg.phones)
	var streamsDone sync.WaitGroup
	for p := range streams {
		streams[p] = &stream{srvs: srvs, table: tables[p%len(tables)], first: p % len(srvs), client: fakeClient(p)}
		streamsDone.Add(1)
		go func() { defer streamsDone.Done(); streams[p].follow(streamCtx) }()
	}

	deadline := time.Now().Add(cfg.duration)
	start := time.Now()
	var wg sync.WaitGroup
	for p := range cfg.phones {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ph := newPhone(srvs, p%len(srvs), tables[p%len(tables)], p)
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

	// The killer: SIGKILL an instance now and then (each in turn) and
	// start it again on the same database while the phones keep sending.
	killDone := make(chan struct{})
	go func() {
		defer close(killDone)
		if cfg.killEvery <= 0 {
			return
		}
		t := time.NewTicker(cfg.killEvery)
		defer t.Stop()
		for n := 0; ; n++ {
			select {
			case <-t.C:
				if time.Now().After(deadline) {
					return
				}
				if err := srvs[n%len(srvs)].killAndRestart(); err != nil {
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

	rep.Attempts, rep.Stale, rep.Errors, rep.Kills = stats.Attempts, stats.Stale, stats.Errors, stats.Kills
	rep.Acked = len(acks)
	rep.MovesPerSec = float64(len(acks)) / rep.Duration.Seconds()
	lat := make([]time.Duration, len(acks))
	for i, a := range acks {
		lat[i] = a.latency
	}
	rep.P50, rep.P99 = percentiles(lat)

	// Last, a move on every table through each instance in turn, each
	// followed by a moment for the streams to tell it: a stream on another
	// instance hears of it only through the fan-out between instances.
	for i := range srvs {
		for t, table := range tables {
			ph := newPhone(srvs, i, table, cfg.phones+i*len(tables)+t)
			a, s := ph.enterGame(ctx, 0, time.Now().Add(20*time.Second))
			rep.Attempts += s.Attempts
			if a.game == 0 {
				return rep, fmt.Errorf("the last move on table %s through instance %d was not acknowledged", table, i+1)
			}
			acks = append(acks, a)
		}
		for settle := time.Now().Add(streamSettle); time.Now().Before(settle) && behind(streams, acks) > 0; {
			time.Sleep(20 * time.Millisecond)
		}
		rep.StreamsBehind += behind(streams, acks)
	}
	rep.Acked = len(acks)
	heads, err := finalHeads(ctx, db, tables)
	if err != nil {
		return rep, err
	}
	stopStreams()
	streamsDone.Wait()
	for _, srv := range srvs {
		srv.stop()
	}
	countStreams(&rep, streams, heads, acks)
	return rep, verify(ctx, db, tables, acks, &rep)
}

// percentiles are the median and 99th percentile of ds.
func percentiles(ds []time.Duration) (p50, p99 time.Duration) {
	if len(ds) == 0 {
		return 0, 0
	}
	slices.Sort(ds)
	return ds[len(ds)/2], ds[min(len(ds)-1, len(ds)*99/100)]
}

// finalHeads reads each table's head from the database.
func finalHeads(ctx context.Context, db string, tables []string) (map[string]int, error) {
	store, err := sessions.Open(db)
	if err != nil {
		return nil, err
	}
	defer store.Close()
	ts := sessions.NewTables(store, games.Engine)
	heads := map[string]int{}
	for _, id := range tables {
		t, err := ts.Table(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("table %s: %w", id, err)
		}
		heads[id] = t.Head
	}
	return heads, nil
}

// countStreams counts the moves each phone's stream told of and the lag
// from a phone sending a move to each stream at its table telling of it
// (game n of a table is its event n+1: the load enters games only).
func countStreams(rep *report, streams []*stream, heads map[string]int, acks []ack) {
	byTable := map[string][]ack{}
	for _, a := range acks {
		byTable[a.table] = append(byTable[a.table], a)
	}
	var lags []time.Duration
	for _, st := range streams {
		rep.Reconnects += st.reconnects
		final := heads[st.table]
		seen := min(st.newest(), final)
		rep.StreamMoves += final - 1
		rep.StreamSeen += max(0, seen-1)
		if seen < final {
			rep.StreamsBehind++
		}
		for _, a := range byTable[st.table] {
			if at, ok := st.toldAt(a.game + 1); ok {
				lags = append(lags, max(0, at.Sub(a.sent)))
			}
		}
	}
	rep.LagP50, rep.LagP99 = percentiles(lags)
}

// verify replays every table from the database and checks each
// acknowledged move is there exactly once, as the game the phone was told.
func verify(ctx context.Context, db string, tables []string, acks []ack, rep *report) error {
	store, err := sessions.Open(db)
	if err != nil {
		return err
	}
	defer store.Close()
	ts := sessions.NewTables(store, games.Engine)
	type key struct{ phone, move int }
	where := map[key][]string{} // move -> "table/game" it is stored as
	for _, id := range tables {
		t, err := ts.Table(ctx, id)
		if err != nil {
			return fmt.Errorf("replay %s: %w", id, err)
		}
		for _, g := range t.Games.All() {
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

// phone is one simulated phone at a table. It writes through its home
// instance and, when that cannot be reached, through one chosen at random
// (as a load balancer would send it elsewhere).
type phone struct {
	srvs   []*server
	home   int
	table  string
	id     int
	client *http.Client
}

func newPhone(srvs []*server, home int, table string, id int) *phone {
	return &phone{srvs: srvs, home: home, table: table, id: id, client: &http.Client{
		Timeout:       5 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// base is the instance the phone's next request goes to.
func (ph *phone) base() string { return ph.srvs[ph.home%len(ph.srvs)].base }

// unreachable sends the phone's next request to an instance chosen at
// random, as a load balancer would (maybe the same one: it may be back).
func (ph *phone) unreachable() { ph.home = rand.IntN(len(ph.srvs)) }

// fakeClient is phone p's client address, said in X-Forwarded-For to the
// instances (which trust 127.0.0.1 as their proxy): each phone counts as
// a client of its own, as behind a load balancer. The addresses are of
// 198.18.0.0/15, the range set aside for benchmarks; nothing is sent
// there.
func fakeClient(p int) string { return fmt.Sprintf("198.18.%d.%d", p/256%256, p%256) }

var seenRE = regexp.MustCompile(`name="_seen" value="(\d+)"`)
var gameRE = regexp.MustCompile(`/games/(\d+)$`)

// enterGame sends one move until the server acknowledges it or giveUp
// passes. The move keeps one idempotency token through all retries, so a
// retry after a lost answer can never record it twice.
func (ph *phone) enterGame(ctx context.Context, move int, giveUp time.Time) (ack, report) {
	var st report
	token := fmt.Sprintf("load-%d-%d-%d", ph.id, move, rand.Uint64())
	form := url.Values{"_token": {token}}
	form.Set("players[0].tokens", strconv.Itoa(ph.id))
	form.Set("players[1].tokens", strconv.Itoa(move))
	form.Set("players[0].display.red", "1 5 7")
	// The games are partial on purpose (a load run counts writes, not
	// rules): a result that breaks a rule is held for a second choice
	// (issue #18), so each is sent as that choice, saved as disputed.
	form.Set("_disputed", "1")
	for time.Now().Before(giveUp) && ctx.Err() == nil {
		seen, err := ph.seen(ctx)
		if err != nil {
			if os.Getenv("LOAD_DEBUG") != "" {
				fmt.Fprintln(os.Stderr, "seen:", err)
			}
			st.Errors++
			ph.unreachable()
			time.Sleep(time.Duration(50+rand.IntN(100)) * time.Millisecond)
			continue
		}
		form.Set("_seen", strconv.Itoa(seen))
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ph.base()+"/tables/"+ph.table+"/games", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		req.Header.Set("X-Forwarded-For", fakeClient(ph.id))
		st.Attempts++
		began := time.Now()
		resp, err := ph.client.Do(req)
		if err != nil {
			st.Errors++
			ph.unreachable()
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
			return ack{table: ph.table, game: n, phone: ph.id, move: move, latency: time.Since(began), sent: began}, st
		case http.StatusConflict:
			st.Stale++ // someone else moved first: look again and resend
			time.Sleep(time.Duration(rand.IntN(20)) * time.Millisecond)
		default:
			st.Errors++ // a 503 while the database is out of reach: try another instance
			ph.unreachable()
			time.Sleep(time.Duration(50+rand.IntN(100)) * time.Millisecond)
		}
	}
	return ack{}, st
}

// seen reads the table version from the entry form, as a phone would.
func (ph *phone) seen(ctx context.Context) (int, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ph.base()+"/tables/"+ph.table+"/games/new", nil)
	req.Header.Set("X-Forwarded-For", fakeClient(ph.id))
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
	form := url.Values{"game": {kks.Slug}, "players": {"P1", "P2", "P3", "P4"}, "name": {"load"}}
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
	cmd := exec.Command(s.bin, "serve", "-addr", s.addr, "-db", s.db, "-write-rate", "0", "-trusted-proxy", "127.0.0.1", "-qr=false")
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

// stream is a phone's live stream of its table, as its page holds it: it
// reconnects with Last-Event-ID when it breaks, to an instance chosen at
// random.
type stream struct {
	srvs       []*server
	table      string
	first      int
	client     string // the phone's address (fakeClient)
	mu         sync.Mutex
	heads      []int       // every head it was told, in order
	times      []time.Time // when
	reconnects int
}

func (st *stream) newest() int {
	st.mu.Lock()
	defer st.mu.Unlock()
	if len(st.heads) == 0 {
		return 1
	}
	return st.heads[len(st.heads)-1]
}

// toldAt is when the stream first told a head of at least head.
func (st *stream) toldAt(head int) (time.Time, bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	i, _ := slices.BinarySearch(st.heads, head)
	if i == len(st.heads) {
		return time.Time{}, false
	}
	return st.times[i], true
}

// follow holds the stream open until ctx ends.
func (st *stream) follow(ctx context.Context) {
	client := &http.Client{} // no timeout: a stream stays open
	for n := st.first; ctx.Err() == nil; n = rand.IntN(len(st.srvs)) {
		srv := st.srvs[n]
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.base+"/tables/"+st.table+"/live", nil)
		req.Header.Set("Last-Event-ID", strconv.Itoa(st.newest()))
		req.Header.Set("X-Forwarded-For", st.client)
		if resp, err := client.Do(req); err == nil {
			if resp.StatusCode == http.StatusOK {
				st.read(resp.Body)
			}
			resp.Body.Close()
		}
		if ctx.Err() != nil {
			return
		}
		st.mu.Lock()
		st.reconnects++
		st.mu.Unlock()
		select {
		case <-ctx.Done():
		case <-time.After(time.Duration(50+rand.IntN(100)) * time.Millisecond):
		}
	}
}

// read takes the heads a stream tells until it ends; a head never goes
// back (a stream sends each head past the one it was given).
func (st *stream) read(body io.Reader) {
	sc := bufio.NewScanner(body)
	for sc.Scan() {
		id, ok := strings.CutPrefix(sc.Text(), "id: ")
		if !ok {
			continue
		}
		head, err := strconv.Atoi(id)
		if err != nil {
			continue
		}
		st.mu.Lock()
		if len(st.heads) == 0 || head > st.heads[len(st.heads)-1] {
			st.heads = append(st.heads, head)
			st.times = append(st.times, time.Now())
		}
		st.mu.Unlock()
	}
}
