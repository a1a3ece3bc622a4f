package sessions

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tablemate/scoring"
)

// Several servers on one database, as behind a load balancer on
// PostgreSQL or two processes on one SQLite file: each server is a Store
// and a Tables of its own on the same database.

// servers opens n servers on one new database of the pass's engine.
func servers(t *testing.T, n int) []*Tables {
	t.Helper()
	db := testDB(t, "shared.db")
	var out []*Tables
	for i := range n {
		dsn := db
		if pg != nil {
			// Each server's connections are told apart (the reconnect test
			// breaks one server's LISTEN connection).
			u, _ := url.Parse(db)
			q := u.Query()
			q.Set("application_name", fmt.Sprintf("%s-%d", q.Get("search_path"), i))
			u.RawQuery = q.Encode()
			dsn = u.String()
		}
		st, err := Open(dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		if _, _, err := st.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		out = append(out, NewTables(st, findSum))
	}
	return out
}

// TestWritersOnTwoServersNeverDoubleRecord: phones on two servers write to
// one table at once, each move with a one-time token that is also sent
// again through the other server (a retry after a lost answer, behind a
// load balancer): every move is stored once, in order, and a resent token
// gets the first answer.
func TestWritersOnTwoServersNeverDoubleRecord(t *testing.T) {
	two := servers(t, 2)
	ctx := context.Background()
	id := newTable(t, two[0])
	const phones, moves = 6, 5
	var wg sync.WaitGroup
	errs := make(chan error, phones*moves*2)
	for p := range phones {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range moves {
				token := fmt.Sprintf("phone-%d-move-%d", p, m)
				for try := 0; ; try++ {
					ts := two[(p+try)%2]
					tb, err := ts.Table(ctx, id)
					if err != nil {
						errs <- err
						return
					}
					a, err := ts.RecordGame(ctx, id, tb.Head, token, state(p, m, try))
					if errors.As(err, new(*StaleError)) {
						continue
					}
					if err != nil {
						errs <- err
						return
					}
					// The same form again, through the other server.
					again, err := two[(p+try+1)%2].RecordGame(ctx, id, tb.Head, token, state(p, m, try))
					if err != nil || !again.Repeat || again.Event.Seq != a.Event.Seq {
						errs <- fmt.Errorf("resent %s: %+v, %v; want the answer %d", token, again, err, a.Event.Seq)
					}
					break
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for i, ts := range two {
		tb, err := ts.Table(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[[2]int]bool{}
		for _, g := range tb.Games.All() {
			k := [2]int{g.Result().Players[0].Total, g.Result().Players[1].Total}
			if seen[k] {
				t.Errorf("server %d: phone %d's move %d is stored twice", i, k[0], k[1])
			}
			seen[k] = true
		}
		if tb.Games.Len() != phones*moves || tb.Head != phones*moves+1 {
			t.Errorf("server %d sees %d games at head %d, want %d", i, tb.Games.Len(), tb.Head, phones*moves)
		}
	}
}

// TestOneCreateFormMakesOneTableOnTwoServers: the same "start a table"
// form sent to two servers at once makes one table.
func TestOneCreateFormMakesOneTableOnTwoServers(t *testing.T) {
	two := servers(t, 2)
	ctx := context.Background()
	c := TableCreated{Game: "sum", Players: []string{"Ana", "Ben"}}
	for round := range 5 {
		token := fmt.Sprintf("form-%d", round)
		links := make([]string, 2)
		var wg sync.WaitGroup
		for i, ts := range two {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var err error
				if links[i], err = ts.Create(ctx, token, c); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if links[0] != links[1] {
			t.Fatalf("one form made two tables: %q and %q", links[0], links[1])
		}
	}
}

// TestCachesFollowTheOtherServersWrites: what one server keeps in memory
// (a replayed table, its summary for the history page, a league's stats
// version) is right after another server wrote, because each is kept by
// the head read from the database.
func TestCachesFollowTheOtherServersWrites(t *testing.T) {
	two := servers(t, 2)
	a, b := two[0], two[1]
	ctx := context.Background()
	id := newTable(t, a)
	l, err := a.CreateLeague(ctx, "Season", "wins", "", []string{"Ana", "Ben", "Cy"})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.AddTable(ctx, l, id); err != nil {
		t.Fatal(err)
	}
	l, _ = b.League(ctx, l.ID)
	before, _ := b.Table(ctx, id)
	cards, _ := b.Cards(ctx, []string{id})
	version, _ := b.LeagueVersion(ctx, l)
	if len(cards) != 1 || cards[0].Played != 0 || before.Head != 1 {
		t.Fatalf("server b before: cards %+v, head %d", cards, before.Head)
	}
	for i := range 3 {
		if _, err := a.RecordGame(ctx, id, 1+i, "", state(10, 5, i)); err != nil {
			t.Fatal(err)
		}
	}
	after, err := b.Table(ctx, id)
	if err != nil || after.Head != 4 || after.Games.Len() != 3 {
		t.Fatalf("server b after a's writes: head %d, %d games, %v", after.Head, after.Games.Len(), err)
	}
	if b.Stats().Replays != 1 {
		t.Errorf("server b replayed %d times; it should have applied a's writes to the table it held", b.Stats().Replays)
	}
	if cards, _ := b.Cards(ctx, []string{id}); len(cards) != 1 || cards[0].Played != 3 || cards[0].Head != 4 {
		t.Errorf("server b's card after a's writes: %+v", cards)
	}
	if v, _ := b.LeagueVersion(ctx, l); v == version {
		t.Errorf("the league's version stayed %q after a's writes", v)
	}
	games, err := b.LeagueGames(ctx, l)
	if err != nil || len(games) != 3 {
		t.Errorf("server b counts %d league games, %v; want 3", len(games), err)
	}
	// And a write on b is seen by a, whose cached table is one behind.
	if _, err := b.RecordGame(ctx, id, 4, "", state(1, 2, 3)); err != nil {
		t.Fatal(err)
	}
	if tb, _ := a.Table(ctx, id); tb.Head != 5 || tb.Games.Len() != 4 {
		t.Errorf("server a after b's write: head %d, %d games", tb.Head, tb.Games.Len())
	}
}

// TestAReplacedLinkWritesNothingOnAnyServer: a link replaced through one
// server is refused by the other at once.
func TestAReplacedLinkWritesNothingOnAnyServer(t *testing.T) {
	two := servers(t, 2)
	ctx := context.Background()
	old := newTable(t, two[0])
	if _, err := two[1].Table(ctx, old); err != nil {
		t.Fatal(err)
	}
	r, err := two[0].Rotate(ctx, old, RoleEdit, 1, "rotate")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := two[1].RecordGame(ctx, old, 1, "", state(1, 2, 3)); !errors.Is(err, ErrReplaced) {
		t.Fatalf("a write through the replaced link on the other server: %v", err)
	}
	if _, err := two[1].RecordGame(ctx, r.Link, 1, "", state(1, 2, 3)); err != nil {
		t.Fatalf("a write through the new link on the other server: %v", err)
	}
	// The same rotation form resent through the other server answers the
	// link it made.
	if again, err := two[1].Rotate(ctx, old, RoleEdit, 1, "rotate"); err != nil || again.Link != r.Link || !again.Repeat {
		t.Fatalf("the rotation form resent to the other server: %+v, %v", again, err)
	}
}

// told records what a server's OnChange and OnReplace were told.
type told struct {
	mu       sync.Mutex
	heads    map[string]int
	replaced []string // old links
	changed  chan struct{}
}

func listen(ts *Tables) *told {
	w := &told{heads: map[string]int{}, changed: make(chan struct{}, 100)}
	ts.OnChange(func(key string, head int) {
		w.mu.Lock()
		w.heads[key] = max(w.heads[key], head)
		w.mu.Unlock()
		w.changed <- struct{}{}
	})
	ts.OnReplace(func(_ string, _ Role, old string) {
		w.mu.Lock()
		w.replaced = append(w.replaced, old)
		w.mu.Unlock()
		w.changed <- struct{}{}
	})
	return w
}

// await waits until ok holds for what was told, or fails after 5 s.
func (w *told) await(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		w.mu.Lock()
		done := ok()
		w.mu.Unlock()
		if done {
			return
		}
		select {
		case <-w.changed:
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			t.Fatalf("server b was not told %s in 5 s", what)
		}
	}
}

// follow runs b's Follow watching key through links until the test ends.
func follow(t *testing.T, b *Tables, watched func() map[string][]string) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- b.Follow(ctx, watched, func(msg string, err error) { t.Logf("follow: %s %v", msg, err) })
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Follow: %v", err)
		}
	})
}

// TestFollowHearsTheOtherServer: a server following the database is told
// the heads of another server's writes and the links it replaced
// (PostgreSQL: NOTIFY; SQLite: PRAGMA data_version).
func TestFollowHearsTheOtherServer(t *testing.T) {
	two := servers(t, 2)
	a, b := two[0], two[1]
	ctx := context.Background()
	edit := newTable(t, a)
	tb, _ := a.Table(ctx, edit)
	links, _ := a.Links(ctx, edit)
	w := listen(b)
	follow(t, b, func() map[string][]string { return map[string][]string{tb.Key: {edit, links.View}} })
	for head := 1; head <= 3; head++ {
		if _, err := a.RecordGame(ctx, edit, head, "", state(head, 2, 3)); err != nil {
			t.Fatal(err)
		}
		w.await(t, fmt.Sprintf("head %d", head+1), func() bool { return w.heads[tb.Key] == head+1 })
	}
	r, err := a.Rotate(ctx, edit, RoleView, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	w.await(t, "the replaced view-only link", func() bool { return len(w.replaced) > 0 })
	if w.replaced[0] != links.View {
		t.Fatalf("told %q replaced, want the old view-only link", w.replaced)
	}
	if r.Link == links.View {
		t.Fatal("the link was not replaced")
	}
}

// TestFollowCatchesUpAfterItsConnectionBroke: PostgreSQL drops a NOTIFY
// sent while a server does not listen. When its LISTEN connection breaks,
// the server connects again and reads the watched tables' heads and links:
// what was written and replaced meanwhile reaches it all the same.
func TestFollowCatchesUpAfterItsConnectionBroke(t *testing.T) {
	postgresOnly(t, "its LISTEN connection")
	old := reconnectEvery
	reconnectEvery = 300 * time.Millisecond
	t.Cleanup(func() { reconnectEvery = old })
	two := servers(t, 2)
	a, b := two[0], two[1]
	ctx := context.Background()
	edit := newTable(t, a)
	tb, _ := a.Table(ctx, edit)
	w := listen(b)
	follow(t, b, func() map[string][]string { return map[string][]string{tb.Key: {edit}} })
	if _, err := a.RecordGame(ctx, edit, 1, "", state(1, 2, 3)); err != nil {
		t.Fatal(err)
	}
	w.await(t, "head 2", func() bool { return w.heads[tb.Key] == 2 })

	// Break b's LISTEN connection, and write and replace the edit link
	// before it is back: those notices go nowhere.
	listener := b.store.d.(postgres).config.RuntimeParams["application_name"] + " listen"
	var killed int
	if err := a.store.read.QueryRowContext(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = ?`, listener).Scan(&killed); err != nil || killed != 1 {
		t.Fatalf("breaking the LISTEN connection %q: %d ended, %v", listener, killed, err)
	}
	if _, err := a.RecordGame(ctx, edit, 2, "", state(1, 2, 3)); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Rotate(ctx, edit, RoleEdit, 1, ""); err != nil {
		t.Fatal(err)
	}
	w.await(t, "head 3 after reconnecting", func() bool { return w.heads[tb.Key] == 3 })
	w.await(t, "the edit link replaced while it was away", func() bool { return len(w.replaced) == 1 && w.replaced[0] == edit })
}

// TestTextBothEnginesStore: what neither engine would store as given (a
// link or token with a NUL byte or not UTF-8, an entry that is not UTF-8)
// opens nothing or is refused as input, never a storage error.
func TestTextBothEnginesStore(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	edit := newTable(t, ts)
	for _, link := range []string{"\x00", "ab\xffcd", edit + "\x00"} {
		if _, err := ts.Table(ctx, link); !errors.Is(err, ErrNotFound) {
			t.Errorf("Table(%q): %v", link, err)
		}
		if _, err := ts.ReadOnly(ctx, link); !errors.Is(err, ErrNotFound) {
			t.Errorf("ReadOnly(%q): %v", link, err)
		}
		if _, err := ts.League(ctx, link); !errors.Is(err, ErrNotFound) {
			t.Errorf("League(%q): %v", link, err)
		}
		if _, err := ts.LeagueByAdmin(ctx, link); !errors.Is(err, ErrNotFound) {
			t.Errorf("LeagueByAdmin(%q): %v", link, err)
		}
		if _, err := ts.Rotate(ctx, link, RoleView, 1, ""); !errors.Is(err, ErrNotFound) {
			t.Errorf("Rotate by %q: %v", link, err)
		}
	}
	if cards, err := ts.Cards(ctx, []string{"\xff", edit}); err != nil || len(cards) != 1 {
		t.Errorf("cards with a link that is not text: %+v, %v", cards, err)
	}
	if recent, err := ts.Recent(ctx, []string{edit, "a\x00"}); err != nil || len(recent) != 1 {
		t.Errorf("recent with a link that is not text: %+v, %v", recent, err)
	}
	for _, token := range []string{"t\x00", "\xfe"} {
		var in *scoring.InputError
		if _, err := ts.RecordGame(ctx, edit, 1, token, state(1, 2, 3)); !errors.As(err, &in) || in.Field != "_token" {
			t.Errorf("a write with the token %q: %v", token, err)
		}
		if _, err := ts.Create(ctx, token, TableCreated{Game: "sum", Players: []string{"Ana", "Ben"}}); !errors.As(err, &in) || in.Field != "_token" {
			t.Errorf("a create with the token %q: %v", token, err)
		}
		if _, err := ts.Rotate(ctx, edit, RoleView, 1, token); !errors.As(err, &in) || in.Field != "_token" {
			t.Errorf("a rotation with the token %q: %v", token, err)
		}
	}
	var in *scoring.InputError
	bad := []byte(`{"players":[{"name":"Ana","total":1}],"x":"` + "\xff" + `"}`)
	if _, err := ts.RecordGame(ctx, edit, 1, "", bad); err == nil || errors.Is(err, ErrNotSaved) {
		t.Errorf("a state that is not UTF-8: %v", err)
	}
	file := `{"format":"tablemate-table","version":1,"name":"T","game":"sum","events":[` +
		`{"seq":1,"kind":"table_created","payload":{"game":"sum","name":"T","players":["Ana","Ben"],"options":{"x":"` + "\xff" + `"}}}]}`
	if _, err := ts.Import(ctx, []byte(file)); !errors.As(err, &in) || !strings.HasPrefix(in.Field, "events[0]") {
		t.Errorf("an import that is not UTF-8: %v", err)
	}
	if tb, _ := ts.Table(ctx, edit); tb.Head != 1 {
		t.Errorf("refused writes moved the head to %d", tb.Head)
	}
}

// TestEnginesHaveTheSameSchema: SQLite's migrations and PostgreSQL's
// arrive at the same tables, columns and indexes (a change to the schema
// is a migration for each engine; one forgotten fails here).
func TestEnginesHaveTheSameSchema(t *testing.T) {
	postgresOnly(t, "it compares PostgreSQL's schema with SQLite's")
	ctx := context.Background()
	lite, err := Open(filepath.Join(t.TempDir(), "schema.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer lite.Close()
	pgs, _ := openTest(t)
	if _, _, err := lite.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	schema := func(st *Store, tables, columns, indexes string) map[string]bool {
		out := map[string]bool{}
		for _, q := range []string{tables, columns, indexes} {
			rows, err := st.read.QueryContext(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var a, b, c string
				if err := rows.Scan(&a, &b, &c); err != nil {
					t.Fatal(err)
				}
				out[a+" "+b+" "+c] = true
			}
			rows.Close()
		}
		return out
	}
	want := schema(lite,
		`SELECT 'table', name, '' FROM sqlite_master WHERE type = 'table'`,
		`SELECT m.name, p.name, CASE WHEN p."notnull" = 1 OR p.pk > 0 THEN 'not null' ELSE 'null' END
		 FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'`,
		`SELECT 'index', name, tbl_name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%'`)
	got := schema(pgs,
		`SELECT 'table', table_name, '' FROM information_schema.tables WHERE table_schema = current_schema() AND table_name <> 'tablemate_schema'`,
		`SELECT table_name, column_name, CASE WHEN is_nullable = 'NO' THEN 'not null' ELSE 'null' END
		 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name <> 'tablemate_schema'`,
		`SELECT 'index', indexname, tablename FROM pg_indexes WHERE schemaname = current_schema() AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key'`)
	for k := range want {
		if !got[k] {
			t.Errorf("SQLite has %q, PostgreSQL has not", k)
		}
	}
	for k := range got {
		if !want[k] {
			t.Errorf("PostgreSQL has %q, SQLite has not", k)
		}
	}
}

// TestBrokenConnectionsLoseNothing: PostgreSQL ends every connection of a
// server (a restart, a failover): the next write either goes through on a
// new connection or says nothing was saved (ErrNotSaved), never another
// error; sent again with its token it is stored once.
func TestBrokenConnectionsLoseNothing(t *testing.T) {
	postgresOnly(t, "its connections")
	ts := servers(t, 1)[0]
	ctx := context.Background()
	edit := newTable(t, ts)
	name := ts.store.d.(postgres).config.RuntimeParams["application_name"]
	for move := 1; move <= 5; move++ {
		if err := pg.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, name); err != nil {
			t.Fatal(err)
		}
		token := fmt.Sprintf("move-%d", move)
		_, err := ts.RecordGame(ctx, edit, move, token, state(move, 0, 0))
		if err != nil && !errors.Is(err, ErrNotSaved) {
			t.Fatalf("move %d on broken connections: %v; want it saved or ErrNotSaved", move, err)
		}
		if err != nil {
			if _, err := ts.RecordGame(ctx, edit, move, token, state(move, 0, 0)); err != nil {
				t.Fatalf("move %d sent again: %v", move, err)
			}
		}
	}
	tb, err := ts.Table(ctx, edit)
	if err != nil || tb.Head != 6 || tb.Games.Len() != 5 {
		t.Fatalf("after five moves on broken connections: head %d, %d games, %v", tb.Head, tb.Games.Len(), err)
	}
}

// TestAWriteWaitsForALockedTableBriefly: a table whose row another server
// holds locked (a server stuck inside its write) makes a write wait at
// most the lock timeout (5 s unless the URL says otherwise, as SQLite's
// busy timeout), then say nothing was saved; once the row is free the
// same form goes through.
func TestAWriteWaitsForALockedTableBriefly(t *testing.T) {
	postgresOnly(t, "row locks")
	two := servers(t, 2)
	ctx := context.Background()
	var timeout string
	if err := two[0].store.read.QueryRowContext(ctx, `SHOW lock_timeout`).Scan(&timeout); err != nil || timeout != "5s" {
		t.Fatalf("lock_timeout %q, %v; want 5s", timeout, err)
	}
	// The same with a timeout of 1 s (the URL's lock_timeout), to be quick.
	for _, ts := range two {
		ts.store.write.SetMaxOpenConns(1) // one connection, which SET sets
		if _, err := ts.store.write.ExecContext(ctx, `SET lock_timeout = '1s'`); err != nil {
			t.Fatal(err)
		}
	}
	edit := newTable(t, two[0])
	stuck, err := two[1].store.write.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := resolve(ctx, stuck, edit, RoleEdit); err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	_, err = two[0].RecordGame(ctx, edit, 1, "tok", state(1, 2, 3))
	if waited := time.Since(began); !errors.Is(err, ErrNotSaved) || waited < time.Second || waited > 10*time.Second {
		t.Fatalf("a write on a locked table: %v after %s; want ErrNotSaved after about 1 s", err, waited)
	}
	stuck.Rollback()
	if _, err := two[0].RecordGame(ctx, edit, 1, "tok", state(1, 2, 3)); err != nil {
		t.Fatalf("the same form once the row is free: %v", err)
	}
}
