package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"tablemate/scoring"
)

// sumGame is a stand-in engine: each player's total is given directly.
type sumGame struct{}

func (sumGame) Info() scoring.Info {
	return scoring.Info{Slug: "sum", Title: "Sum", MinPlayers: 2, MaxPlayers: 4}
}

func (sumGame) Check(body []byte) (scoring.Result, error) {
	var s struct {
		Players []struct {
			Name  string `json:"name"`
			Total int    `json:"total"`
		} `json:"players"`
	}
	if err := scoring.Decode(body, &s, ""); err != nil {
		return scoring.Result{}, err
	}
	r := scoring.NewResult("sum")
	for _, p := range s.Players {
		r.Players = append(r.Players, scoring.PlayerResult{Name: p.Name, Total: p.Total})
	}
	r.GameOver = true
	r.Winners = scoring.Highest(r.Players)
	r.Finish()
	return r, nil
}

func findSum(slug string) (scoring.Game, bool) { return sumGame{}, slug == "sum" }

func openTest(t *testing.T) (*Store, *Tables) {
	t.Helper()
	return openTestWith(t, findSum)
}

// openTestWith opens a fresh store whose tables find their games with
// find.
func openTestWith(t *testing.T, find Finder) (*Store, *Tables) {
	t.Helper()
	st, err := Open(testDB(t, "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if _, _, err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return st, NewTables(st, find)
}

func state(totals ...int) json.RawMessage {
	names := []string{"Ana", "Ben", "Cy"}
	var ps []string
	for i, t := range totals {
		ps = append(ps, fmt.Sprintf(`{"name":%q,"total":%d}`, names[i], t))
	}
	return json.RawMessage(`{"players":[` + join(ps) + `]}`)
}

func join(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += ","
		}
		out += x
	}
	return out
}

func newTable(t *testing.T, ts *Tables) string {
	t.Helper()
	id, err := ts.Create(context.Background(), "", TableCreated{Game: "sum", Name: "Friday", Players: []string{"Ana", "Ben", "Cy"}})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func TestMigrateIsVersionedAndIdempotent(t *testing.T) {
	st, _ := openTest(t)
	ctx := context.Background()
	from, to, err := st.Migrate(ctx)
	if err != nil || from != to || to < 1 {
		t.Fatalf("second migrate: from %d to %d, %v", from, to, err)
	}
	v, err := st.SchemaVersion(ctx)
	if err != nil || v != to {
		t.Fatalf("version %d, %v; want %d", v, err, to)
	}
	if ms := testMigrations(t); to != ms[len(ms)-1].version {
		t.Fatalf("at version %d, want the last migration's (%d)", to, ms[len(ms)-1].version)
	}
	if pg == nil {
		var mode string
		if err := st.write.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
			t.Fatalf("journal_mode %q, %v", mode, err)
		}
		return
	}
	var ran int
	if err := st.read.QueryRow(`SELECT count(*) FROM tablemate_schema`).Scan(&ran); err != nil || ran != to {
		t.Fatalf("tablemate_schema holds %d migrations, %v; want %d", ran, err, to)
	}
}

func TestCreateValidatesPlayers(t *testing.T) {
	_, ts := openTest(t)
	tests := []struct {
		name    string
		players []string
		field   string
	}{
		{"too few", []string{"Ana"}, "players"},
		{"too many", []string{"A", "B", "C", "D", "E"}, "players"},
		{"duplicate", []string{"Ana", "ana"}, "players[1].name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ts.Create(context.Background(), "", TableCreated{Game: "sum", Players: tt.players})
			var in *scoring.InputError
			if !errors.As(err, &in) || in.Field != tt.field {
				t.Fatalf("got %v, want an input error on %s", err, tt.field)
			}
		})
	}
	if _, err := ts.Create(context.Background(), "", TableCreated{Game: "chess", Players: []string{"A", "B"}}); err == nil {
		t.Fatal("unknown game accepted")
	}
}

func TestCreateTwiceWithSameTokenMakesOneTable(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	c := TableCreated{Game: "sum", Players: []string{"Ana", "Ben"}}
	a, err := ts.Create(ctx, "tok-1", c)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ts.Create(ctx, "tok-1", c)
	if err != nil || a != b {
		t.Fatalf("second create: %q, %v; want %q", b, err, a)
	}
	recent, _ := ts.Recent(ctx, []string{a, "unknown"})
	if len(recent) != 1 || recent[0].Name != "Sum" {
		t.Fatalf("recent = %+v, want one table named after the game", recent)
	}
}

func TestRecordGamesAndStandings(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	id := newTable(t, ts)
	if _, err := ts.RecordGame(ctx, id, 1, "g1", state(10, 20, 5)); err != nil {
		t.Fatal(err)
	}
	if _, err := ts.RecordGame(ctx, id, 2, "g2", state(30, 15, 5)); err != nil {
		t.Fatal(err)
	}
	tb, err := ts.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if tb.Games.Len() != 2 || tb.Head != 3 {
		t.Fatalf("games %d head %d", tb.Games.Len(), tb.Head)
	}
	type standing struct {
		Name                string
		Total, Played, Wins int
		Leader              bool
		Behind              float64
	}
	want := []standing{
		{Name: "Ana", Total: 40, Played: 2, Wins: 1, Leader: true},
		{Name: "Ben", Total: 35, Played: 2, Wins: 1, Behind: 5},
		{Name: "Cy", Total: 10, Played: 2, Behind: 30},
	}
	for i, r := range tb.Standings() {
		if got := (standing{r.Name, r.Total, r.Played, r.Wins, r.Leader, r.Behind}); got != want[i] {
			t.Errorf("standing %d = %+v, want %+v", i, got, want[i])
		}
	}
}

func TestWritesAreIdempotentAndOrdered(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	id := newTable(t, ts)

	first, err := ts.RecordGame(ctx, id, 1, "tap", state(1, 2, 3))
	if err != nil || first.Repeat {
		t.Fatalf("first: %+v, %v", first, err)
	}
	// A double tap sends the same form again: answered, not recorded.
	again, err := ts.RecordGame(ctx, id, 1, "tap", state(1, 2, 3))
	if err != nil || !again.Repeat || again.Event.Seq != first.Event.Seq {
		t.Fatalf("repeat: %+v, %v", again, err)
	}
	// Another form based on the old view is stale.
	_, err = ts.RecordGame(ctx, id, 1, "other", state(1, 2, 3))
	var stale *StaleError
	if !errors.As(err, &stale) || stale.Head != 2 {
		t.Fatalf("stale write: %v", err)
	}
	tb, _ := ts.Table(ctx, id)
	if tb.Games.Len() != 1 {
		t.Fatalf("%d games recorded, want 1", tb.Games.Len())
	}
}

func TestConcurrentWritersNeverDoubleRecord(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	id := newTable(t, ts)
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, staleCount := 0, 0
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := ts.RecordGame(ctx, id, 1, fmt.Sprintf("phone-%d", i), state(1, 2, 3))
			mu.Lock()
			defer mu.Unlock()
			var stale *StaleError
			switch {
			case err == nil:
				ok++
			case errors.As(err, &stale):
				staleCount++
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if ok != 1 || staleCount != 7 {
		t.Fatalf("%d recorded, %d stale; want 1 and 7", ok, staleCount)
	}
}

func TestUndoTakesBackNewestInOrder(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	id := newTable(t, ts)
	mustRecord := func(seen int, tok string) {
		t.Helper()
		if _, err := ts.RecordGame(ctx, id, seen, tok, state(1, 2, 3)); err != nil {
			t.Fatal(err)
		}
	}
	mustRecord(1, "a")
	if _, err := ts.AddPlayer(ctx, id, 2, "p", "Dee"); err != nil {
		t.Fatal(err)
	}
	mustRecord(3, "b")

	for i, want := range []struct{ games, players int }{{1, 4}, {1, 3}, {0, 3}} {
		tb, _ := ts.Table(ctx, id)
		if _, err := ts.Undo(ctx, id, tb.Head, fmt.Sprintf("undo-%d", i)); err != nil {
			t.Fatal(err)
		}
		tb, _ = ts.Table(ctx, id)
		if tb.Games.Len() != want.games || len(tb.Players) != want.players {
			t.Fatalf("after undo %d: %d games, %d players; want %+v", i+1, tb.Games.Len(), len(tb.Players), want)
		}
	}
	tb, _ := ts.Table(ctx, id)
	if _, err := ts.Undo(ctx, id, tb.Head, "undo-x"); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("undo of creation: %v", err)
	}
	// A double tap of the last undo is answered from the log.
	if a, err := ts.Undo(ctx, id, tb.Head-1, "undo-2"); err != nil || !a.Repeat {
		t.Fatalf("repeated undo: %+v, %v", a, err)
	}
	undone := 0
	for _, e := range tb.Log.All() {
		if tb.UndoneBy(e.Seq) != 0 {
			undone++
		}
	}
	if undone != 3 || tb.Log.Len() != 7 {
		t.Fatalf("log has %d entries, %d undone; want 7 and 3", tb.Log.Len(), undone)
	}
}

func TestRecordGameRejectsStrangersAndBadState(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	id := newTable(t, ts)
	var in *scoring.InputError
	_, err := ts.RecordGame(ctx, id, 1, "", json.RawMessage(`{"players":[{"name":"Zed","total":1}]}`))
	if !errors.As(err, &in) || in.Field != "players[0].name" {
		t.Fatalf("stranger: %v", err)
	}
	_, err = ts.RecordGame(ctx, id, 1, "", json.RawMessage(`{"players":[{"name":"Ana","total":"x"}]}`))
	if !errors.As(err, &in) {
		t.Fatalf("bad state: %v", err)
	}
	if _, err := ts.RecordGame(ctx, "nope", 1, "", state(1, 2, 3)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown table: %v", err)
	}
}

func TestEventsAreAppendOnly(t *testing.T) {
	st, ts := openTest(t)
	tb, _ := ts.Table(context.Background(), newTable(t, ts))
	if _, err := st.write.Exec(`UPDATE events SET payload = '{}' WHERE table_id = ?`, tb.Key); err == nil {
		t.Fatal("update of an event succeeded")
	}
	if _, err := st.write.Exec(`DELETE FROM events WHERE table_id = ?`, tb.Key); err == nil {
		t.Fatal("delete of an event succeeded")
	}
	if pg != nil {
		// TRUNCATE skips row triggers; it is refused as well.
		if _, err := st.write.Exec(`TRUNCATE events CASCADE`); err == nil {
			t.Fatal("truncate of the events succeeded")
		}
	}
	if events, err := st.Events(context.Background(), tb.Key); err != nil || len(events) != 1 {
		t.Fatalf("the log after the refused changes: %d events, %v", len(events), err)
	}
}

func TestWritesSurviveReopenAndBackup(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	db := testDB(t, "a.db")
	st, err := Open(db)
	if err != nil {
		t.Fatal(err)
	}
	st.Migrate(ctx)
	ts := NewTables(st, findSum)
	id := newTable(t, ts)
	if _, err := ts.RecordGame(ctx, id, 1, "", state(4, 5, 6)); err != nil {
		t.Fatal(err)
	}
	dbs := []string{db}
	if pg == nil {
		if err := st.Backup(ctx, filepath.Join(dir, "b.db")); err != nil {
			t.Fatal(err)
		}
		dbs = append(dbs, filepath.Join(dir, "b.db"))
	} else if err := st.Backup(ctx, filepath.Join(dir, "b.db")); !errors.Is(err, ErrBackupElsewhere) || !strings.Contains(err.Error(), "pg_dump") {
		t.Fatalf("backup of a PostgreSQL database: %v; want the advice to use pg_dump", err)
	}
	st.Close()
	for _, name := range dbs {
		st, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := NewTables(st, findSum).Table(ctx, id)
		st.Close()
		if err != nil || tb.Games.Len() != 1 || tb.Standings()[2].Total != 6 {
			t.Fatalf("%s: %+v, %v", name, tb.Games, err)
		}
	}
}

func TestReplayRejectsBrokenLogs(t *testing.T) {
	created := Event{Seq: 1, Kind: KindTableCreated, Payload: json.RawMessage(`{"game":"sum","players":["Ana","Ben"]}`)}
	tests := []struct {
		name   string
		events []Event
	}{
		{"empty", nil},
		{"no creation first", []Event{{Seq: 1, Kind: KindUndo, Payload: json.RawMessage(`{"seq":1}`)}}},
		{"undo of creation", []Event{created, {Seq: 2, Kind: KindUndo, Payload: json.RawMessage(`{"seq":1}`)}}},
		{"unknown kind", []Event{created, {Seq: 2, Kind: "dance", Payload: json.RawMessage(`{}`)}}},
		{"correct missing game", []Event{created, {Seq: 2, Kind: KindGameCorrected, Payload: json.RawMessage(`{"game":1,"state":{}}`)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Replay("x", tt.events, findSum); err == nil {
				t.Fatal("broken log replayed without error")
			}
		})
	}
}

func TestReadLinks(t *testing.T) {
	_, ts := openTest(t)
	ctx := context.Background()
	id := newTable(t, ts)
	tb, err := ts.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	links, err := ts.Links(ctx, id)
	if err != nil || len(links.View) < 26 || links.View == id || links.Edit != id || tb.Key == id || tb.Key == links.View {
		t.Fatalf("links %+v, key %q (%v): want three separate 128-bit ids", links, tb.Key, err)
	}
	ro, err := ts.ReadOnly(ctx, links.View)
	if err != nil || ro.Key != tb.Key {
		t.Fatalf("ReadOnly(%s) = %s, %v", links.View, ro.Key, err)
	}
	for _, wrong := range []string{id, tb.Key} {
		if _, err := ts.ReadOnly(ctx, wrong); !errors.Is(err, ErrNotFound) {
			t.Errorf("ReadOnly(%q) works: %v", wrong, err)
		}
	}
	for _, wrong := range []string{links.View, tb.Key} {
		if _, err := ts.Table(ctx, wrong); !errors.Is(err, ErrNotFound) {
			t.Errorf("Table(%q) works: %v", wrong, err)
		}
		if _, err := ts.AddPlayer(ctx, wrong, 1, "", "Dee"); !errors.Is(err, ErrNotFound) {
			t.Errorf("AddPlayer through %q: %v", wrong, err)
		}
	}
}

// Tables made before read links existed get one when migrating, and
// tables and leagues made before links could be replaced keep their links
// as the first generation.
func TestMigrationKeepsEveryLink(t *testing.T) {
	sqliteOnly(t, "SQLite's migration history; PostgreSQL's starts at the final schema")
	st, err := Open(filepath.Join(t.TempDir(), "old.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	ms := testMigrations(t)
	if _, err := st.write.Exec(ms[0].sql + "; PRAGMA user_version = 1"); err != nil {
		t.Fatal(err)
	}
	if _, err := st.write.Exec(`INSERT INTO tables (id, game, name, head, created_at, updated_at) VALUES ('old', 'sum', 'Old', 1, '', '')`); err != nil {
		t.Fatal(err)
	}
	if _, err := st.write.Exec(`INSERT INTO events (table_id, seq, kind, payload, created_at) VALUES ('old', 1, 'table_created', '{"game":"sum","name":"Old","players":["Ana","Ben"]}', '')`); err != nil {
		t.Fatal(err)
	}
	for _, m := range ms[1:3] {
		if _, err := st.write.Exec(m.sql + "; PRAGMA user_version = " + strconv.Itoa(m.version)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.write.Exec(`INSERT INTO leagues (id, admin_id, name, scheme, created_at) VALUES ('pub', 'adm', 'Club', 'wins', '')`); err != nil {
		t.Fatal(err)
	}
	from, to, err := st.Migrate(ctx)
	if err != nil || from != 3 || to != len(ms) {
		t.Fatalf("migrate %d→%d: %v", from, to, err)
	}
	ts := NewTables(st, findSum)
	links, err := ts.Links(ctx, "old")
	if err != nil || links.Edit != "old" || len(links.View) != 32 || links.EditGen != 1 || links.ViewGen != 1 {
		t.Fatalf("links of the old table %+v, %v", links, err)
	}
	if tb, err := ts.ReadOnly(ctx, links.View); err != nil || tb.Name != "Old" {
		t.Fatalf("the backfilled read link opens %q, %v", tb.Name, err)
	}
	if l, err := ts.LeagueByAdmin(ctx, "adm"); err != nil || l.Name != "Club" {
		t.Fatalf("the old admin link opens %q, %v", l.Name, err)
	}
}
