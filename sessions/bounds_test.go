package sessions

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"tablemate/scoring"
)

// TestServersStartTogetherOnAFreshDatabase: every server migrates at start;
// started together on a new file, all must come up with the schema once.
func TestServersStartTogetherOnAFreshDatabase(t *testing.T) {
	path := testDB(t, "fresh.db")
	const servers = 6
	var wg sync.WaitGroup
	errs := make([]error, servers)
	tos := make([]int, servers)
	start := make(chan struct{})
	for i := range servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			st, err := Open(path)
			if err != nil {
				errs[i] = err
				return
			}
			defer st.Close()
			_, tos[i], errs[i] = st.Migrate(context.Background())
		}()
	}
	close(start)
	wg.Wait()
	ms := testMigrations(t)
	for i, err := range errs {
		if err != nil || tos[i] != ms[len(ms)-1].version {
			t.Errorf("server %d: at version %d, %v", i, tos[i], err)
		}
	}
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if from, to, err := st.Migrate(context.Background()); err != nil || from != to {
		t.Errorf("migrating again: %d→%d, %v", from, to, err)
	}
}

// TestMigrationsRunInOrderWithoutGaps: the migrations load in order, and
// a number left out or used twice is refused (a database's version says
// which migrations it has).
func TestMigrationsRunInOrderWithoutGaps(t *testing.T) {
	for _, dir := range []string{sqlite{}.migrations(), postgres{}.migrations()} {
		ms, err := loadMigrations(dir)
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i < len(ms); i++ {
			if ms[i].version <= ms[i-1].version {
				t.Fatalf("%s: migrations out of order: %d after %d", dir, ms[i].version, ms[i-1].version)
			}
		}
	}
	ms, _ := loadMigrations(sqlite{}.migrations())
	if ms[3].name != "links" || ms[4].name != "table_summaries" {
		t.Errorf("migrations 4 and 5 are %s and %s, want links and table_summaries", ms[3].name, ms[4].name)
	}
	gap := []migration{{version: 1, name: "a"}, {version: 2, name: "b"}, {version: 4, name: "d"}}
	twice := []migration{{version: 1, name: "a"}, {version: 2, name: "b"}, {version: 2, name: "c"}}
	for _, bad := range [][]migration{gap, twice} {
		if err := checkMigrations(bad); err == nil {
			t.Errorf("versions %v accepted", bad)
		}
	}
}

// TestSummariesOnADatabaseMadeWithLinks: a database at version 4 (links
// apart from tables, as deployed) migrates to 5, and its tables' summaries
// are kept by their keys: a table whose links were replaced keeps its
// summary, and the history lists it by its new edit link only.
func TestSummariesOnADatabaseMadeWithLinks(t *testing.T) {
	sqliteOnly(t, "SQLite's migration history; PostgreSQL's starts at the final schema")
	st, err := Open(filepath.Join(t.TempDir(), "v4.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	ms := testMigrations(t)
	for _, m := range ms[:4] {
		if _, err := st.write.Exec(m.sql + "; PRAGMA user_version = " + fmt.Sprint(m.version)); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []string{
		`INSERT INTO tables (id, edit_link, read_id, game, name, head, created_at, updated_at) VALUES ('key', 'edit1', 'view1', 'sum', 'Old', 2, '', '')`,
		`INSERT INTO links (id, owner, role, gen, created_at) VALUES ('edit1', 'key', 'edit', 1, ''), ('view1', 'key', 'view', 1, '')`,
		`INSERT INTO events (table_id, seq, kind, payload, created_at) VALUES ('key', 1, 'table_created', '{"game":"sum","name":"Old","players":["Ana","Ben"]}', ''),
		 ('key', 2, 'game_recorded', '{"state":{"players":[{"name":"Ana","total":5},{"name":"Ben","total":3}]}}', '')`,
	} {
		if _, err := st.write.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	if from, to, err := st.Migrate(ctx); err != nil || from != 4 || to != ms[len(ms)-1].version {
		t.Fatalf("migrate %d→%d: %v", from, to, err)
	}
	ts := NewTables(st, findSum)
	cards, err := ts.Cards(ctx, []string{"edit1"})
	if err != nil || len(cards) != 1 || cards[0].Key != "key" || cards[0].Edit != "edit1" || cards[0].View != "view1" || cards[0].Played != 1 {
		t.Fatalf("cards %+v, %v", cards, err)
	}
	r, err := ts.Rotate(ctx, "edit1", RoleEdit, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	restarted := NewTables(st, findSum)
	if cards, _ := restarted.Cards(ctx, []string{"edit1"}); len(cards) != 0 {
		t.Errorf("the replaced edit link still lists the table: %+v", cards)
	}
	cards, err = restarted.Cards(ctx, []string{r.Link})
	if err != nil || len(cards) != 1 || cards[0].Edit != r.Link || cards[0].Leaders[0] != "Ana" || restarted.Stats().Replays != 0 {
		t.Errorf("after replacing the link: %+v, %v, %d replays (want the kept summary)", cards, err, restarted.Stats().Replays)
	}
}

// fullStore is a store whose database cannot grow: every write that needs
// a new page fails as on a full disk.
func fullStore(t *testing.T, ts *Tables, id string) {
	t.Helper()
	ctx := context.Background()
	pages, err := ts.store.Pages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.store.LimitPages(ctx, pages); err != nil {
		t.Fatal(err)
	}
	// Fill what room the last pages have left.
	big := json.RawMessage(fmt.Sprintf(`{"players":[{"name":"Ana","total":%d}]}`, 1))
	for i := 0; ; i++ {
		tb, err := ts.Table(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if _, err = ts.RecordGame(ctx, id, tb.Head, "", big); errors.Is(err, ErrNotSaved) {
			return
		}
		if err != nil || i > 10000 {
			t.Fatalf("filling the database: %v", err)
		}
	}
}

func TestAFullDiskSaysNothingWasSaved(t *testing.T) {
	st, ts := openTest(t)
	ctx := context.Background()
	id := newTable(t, ts)
	if st.WriteFailure() != nil {
		t.Fatal("a fresh store reports a failure")
	}
	fullStore(t, ts, id)
	tb, _ := ts.Table(ctx, id)
	_, err := ts.RecordGame(ctx, id, tb.Head, "tok", state(1, 2, 3))
	if !errors.Is(err, ErrNotSaved) {
		t.Fatalf("write on a full disk: %v, want ErrNotSaved", err)
	}
	if st.WriteFailure() == nil {
		t.Error("the failed write is not reported")
	}
	if after, _ := ts.Table(ctx, id); after.Head != tb.Head {
		t.Errorf("the failed write moved the head %d → %d", tb.Head, after.Head)
	}
	// Room again: the same form goes through and the failure is over.
	if err := st.LimitPages(ctx, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := ts.RecordGame(ctx, id, tb.Head, "tok", state(1, 2, 3)); err != nil {
		t.Fatal(err)
	}
	if st.WriteFailure() != nil {
		t.Error("still reported failing after a write succeeded")
	}
}

// TestImportRunsTheLiveChecks: every way a file can hold what no phone
// could have entered is refused, naming the event, and writes nothing.
func TestImportRunsTheLiveChecks(t *testing.T) {
	st, ts := openTest(t)
	ctx := context.Background()
	rounds := NewTables(st, func(slug string) (scoring.Game, bool) {
		if slug == "race" {
			return raceGame{}, true
		}
		return findSum(slug)
	})
	file := func(name string, players string, events ...string) []byte {
		all := append([]string{fmt.Sprintf(`{"seq":1,"kind":"table_created","payload":{"game":"sum","name":%q,"players":%s}}`, name, players)}, events...)
		return []byte(fmt.Sprintf(`{"format":"tablemate-table","version":1,"name":%q,"game":"sum","events":[%s]}`, name, strings.Join(all, ",")))
	}
	ev := func(seq int, kind, payload string) string {
		return fmt.Sprintf(`{"seq":%d,"kind":%q,"payload":%s}`, seq, kind, payload)
	}
	two := `["Ana","Ben"]`
	tests := []struct {
		name, field string
		data        []byte
	}{
		{"a stranger's game", "events[1].payload.players[1].name", file("F", two, ev(2, "game_recorded", `{"state":{"players":[{"name":"Ana","total":1},{"name":"Zed","total":2}]}}`))},
		{"a second start", "events[2].kind", file("F", two, ev(2, "game_recorded", `{"state":{"players":[{"name":"Ana","total":1}]}}`),
			ev(3, "table_created", `{"game":"sum","name":"F","players":["Ana","Ben"]}`))},
		{"a name of 100,000 characters", "events[0].payload.name", file(strings.Repeat("x", 100_000), two)},
		{"NUL in a player's name", "events[0].payload.players[1].name", file("F", `["Ana","B\u0000en"]`)},
		{"a right-to-left override", "events[0].payload.players[0].name", file("F", `["\u202eAna","Ben"]`)},
		{"a joining stranger with a control character", "events[1].payload.name", file("F", two, ev(2, "player_joined", `{"name":"Cy\u0007"}`))},
		{"too many players", "events[0].payload.players", file("F", `["A","B","C","D","E"]`)},
		{"an undo of the wrong entry", "events[3].payload.seq", file("F", two, ev(2, "game_recorded", `{"state":{"players":[{"name":"Ana","total":1}]}}`),
			ev(3, "player_joined", `{"name":"Cy"}`), ev(4, "undo", `{"seq":2}`))},
		{"an undo of nothing", "events[1]", file("F", two, ev(2, "undo", `{"seq":1}`))},
		{"a correction of a game never entered", "events[1].payload.game", file("F", two, ev(2, "game_corrected", `{"game":3,"state":{"players":[]}}`))},
		{"an unknown field in a payload", "events[1].payload.extra", file("F", two, ev(2, "player_joined", `{"name":"Cy","extra":1}`))},
		{"a cut-off file", "events", file("F", two)[:150]},
	}
	count := func() (n int) {
		st.read.QueryRow(`SELECT (SELECT count(*) FROM events) + (SELECT count(*) FROM tables)`).Scan(&n)
		return n
	}
	before := count()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ts.Import(ctx, tt.data)
			var in *scoring.InputError
			if !errors.As(err, &in) || !strings.HasPrefix(in.Field, tt.field) || in.Message == "" {
				t.Fatalf("got %v, want an input error on %q", err, tt.field)
			}
		})
	}
	// A round-based table: a round naming someone not seated, and a round
	// filed under another game than the one it continues.
	race := func(events ...string) []byte {
		all := append([]string{`{"seq":1,"kind":"table_created","payload":{"game":"race","name":"R","players":["Ana","Ben"]}}`}, events...)
		return []byte(`{"format":"tablemate-table","version":1,"name":"R","game":"race","events":[` + strings.Join(all, ",") + `]}`)
	}
	for field, data := range map[string][]byte{
		"events[1].payload.players[1].name": race(ev(2, "round_recorded", `{"game":1,"round":{"players":[{"name":"Ana","total":1},{"name":"Zed","total":1}]}}`)),
		"events[2].payload.game": race(ev(2, "round_recorded", `{"game":1,"round":{"players":[{"name":"Ana","total":1}]}}`),
			ev(3, "round_recorded", `{"game":2,"round":{"players":[{"name":"Ana","total":1}]}}`)),
	} {
		_, err := rounds.Import(ctx, data)
		var in *scoring.InputError
		if !errors.As(err, &in) || !strings.HasPrefix(in.Field, field) {
			t.Errorf("round file: %v, want an input error on %q", err, field)
		}
	}
	if after := count(); after != before {
		t.Errorf("refused imports wrote %d rows", after-before)
	}
}

// TestImportIsCappedInEvents: a file longer than any table may be is
// refused with the cap named, and nothing is written.
func TestImportIsCappedInEvents(t *testing.T) {
	t.Parallel()
	_, ts := openTest(t)
	var b bytes.Buffer
	b.WriteString(`{"format":"tablemate-table","version":1,"name":"F","game":"sum","events":[{"seq":1,"kind":"table_created","payload":{"game":"sum","name":"F","players":["Ana","Ben"]}}`)
	for seq := 2; seq <= MaxTableEvents+1; seq += 2 {
		fmt.Fprintf(&b, `,{"seq":%d,"kind":"player_joined","payload":{"name":"Cy"}},{"seq":%d,"kind":"undo","payload":{"seq":%d}}`, seq, seq+1, seq)
	}
	b.WriteString("]}")
	_, err := ts.Import(context.Background(), b.Bytes())
	var in *scoring.InputError
	if !errors.As(err, &in) || in.Field != "events" || !strings.Contains(in.Message, fmt.Sprint(MaxTableEvents)) {
		t.Fatalf("over the cap: %v, want the cap of %d named", err, MaxTableEvents)
	}
}

// TestLeagueImportIsOneTransaction: a league whose second table is bad
// leaves nothing behind, not even its first table or the league.
func TestLeagueImportIsOneTransaction(t *testing.T) {
	st, ts := openTest(t)
	ctx := context.Background()
	table := func(player string) string {
		return fmt.Sprintf(`{"format":"tablemate-table","version":1,"name":"T","game":"sum","events":[`+
			`{"seq":1,"kind":"table_created","payload":{"game":"sum","name":"T","players":["Ana",%q]}},`+
			`{"seq":2,"kind":"game_recorded","payload":{"state":{"players":[{"name":"Ana","total":3}]}}}]}`, player)
	}
	file := `{"format":"tablemate-league","version":1,"name":"Season","scheme":"wins","members":[{"Name":"Ana"},{"Name":"Ben"}],"tables":[` +
		table("Ben") + "," + table("Zed") + `]}`
	count := func() (n int) {
		st.read.QueryRow(`SELECT (SELECT count(*) FROM events) + (SELECT count(*) FROM tables) + (SELECT count(*) FROM leagues) + (SELECT count(*) FROM league_members)`).Scan(&n)
		return n
	}
	before := count()
	_, err := ts.ImportLeague(ctx, []byte(file))
	var in *scoring.InputError
	if !errors.As(err, &in) || !strings.HasPrefix(in.Field, "tables[1]") {
		t.Fatalf("bad second table: %v", err)
	}
	if after := count(); after != before {
		t.Errorf("a refused league import left %d rows behind", after-before)
	}
}

// TestImportKilledMidWayLeavesNothing kills (SIGKILL) a process while its
// league import is inside its transaction, then opens the database: no
// league, member, table or event of it may be there.
func TestImportKilledMidWayLeavesNothing(t *testing.T) {
	if os.Getenv("TABLEMATE_IMPORT_CHILD") != "" {
		importChild()
		return
	}
	path := testDB(t, "kill.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestImportKilledMidWayLeavesNothing$")
	cmd.Env = append(os.Environ(), "TABLEMATE_IMPORT_CHILD="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	inside := make(chan bool)
	go func() {
		lines := bufio.NewScanner(out)
		for lines.Scan() {
			if lines.Text() == "inside the import" {
				inside <- true
				return
			}
		}
		inside <- false
	}()
	select {
	case ok := <-inside:
		if !ok {
			t.Fatal("the child ended before its import")
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the child never reached its import")
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var n int
	st.read.QueryRow(`SELECT (SELECT count(*) FROM events) + (SELECT count(*) FROM tables) + (SELECT count(*) FROM leagues) + (SELECT count(*) FROM league_members) + (SELECT count(*) FROM league_tables) + (SELECT count(*) FROM links)`).Scan(&n)
	if n != 0 {
		t.Errorf("a killed import left %d rows", n)
	}
}

// importChild is the process the test kills: it imports a league and
// stops inside the transaction, after every row was written.
func importChild() {
	path := os.Getenv("TABLEMATE_IMPORT_CHILD")
	st, err := Open(path)
	if err != nil {
		panic(err)
	}
	if _, _, err := st.Migrate(context.Background()); err != nil {
		panic(err)
	}
	st.importHook = func() {
		fmt.Println("inside the import")
		time.Sleep(time.Minute)
	}
	ts := NewTables(st, findSum)
	file := `{"format":"tablemate-league","version":1,"name":"Season","scheme":"wins","members":[{"Name":"Ana"},{"Name":"Ben"}],"tables":[` +
		`{"format":"tablemate-table","version":1,"name":"T","game":"sum","events":[{"seq":1,"kind":"table_created","payload":{"game":"sum","name":"T","players":["Ana","Ben"]}}]}]}`
	ts.ImportLeague(context.Background(), []byte(file))
}

// TestLeagueSummariesAreKeptAndChecked: a league's tables are summarised
// once and read back after a restart without replaying; a summary made
// for another head, or by another build, is made again from the log.
func TestLeagueSummariesAreKeptAndChecked(t *testing.T) {
	st, ts := openTest(t)
	ctx := context.Background()
	l, _ := ts.CreateLeague(ctx, "Season", "wins", "", []string{"Ana", "Ben", "Cy"})
	id := newTable(t, ts)
	ts.RecordGame(ctx, id, 1, "", state(30, 20, 10))
	l, _ = ts.reload(ctx, l)
	ts.AddTable(ctx, l, id)
	l, _ = ts.reload(ctx, l)
	games, err := ts.LeagueGames(ctx, l)
	if err != nil || len(games) != 1 || games[0].Result.Totals["Ana"] != 30 {
		t.Fatalf("league games %+v, %v", games, err)
	}
	// A restart: nothing in memory; the summary comes from the database.
	restarted := NewTables(st, findSum)
	if games, _ := restarted.LeagueGames(ctx, l); len(games) != 1 || restarted.Stats().Replays != 0 {
		t.Errorf("after a restart: %d games with %d replays, want 1 game and no replay", len(games), restarted.Stats().Replays)
	}
	// The table moves on: its summary is made again.
	ts.RecordGame(ctx, id, 2, "", state(1, 2, 50))
	if games, _ := NewTables(st, findSum).LeagueGames(ctx, l); len(games) != 2 {
		t.Errorf("after a new game: %d games, want 2", len(games))
	}
	// Another build (an engine may score differently now) does not trust
	// the stored summaries.
	other := NewTables(st, findSum)
	other.deriver = "another build"
	other.LeagueGames(ctx, l)
	if other.Stats().Replays != 1 {
		t.Errorf("another build replayed %d tables, want 1", other.Stats().Replays)
	}
}

// TestWritesAndViewsCostTheSameForLongTables counts the work: a write to
// a long table and the view after it apply one event and replay nothing;
// a view after another server wrote reads the two newest events.
func TestWritesAndViewsCostTheSameForLongTables(t *testing.T) {
	st, ts := openTest(t)
	ctx := context.Background()
	for _, n := range []int{50, 1000} {
		var b bytes.Buffer
		b.WriteString(`{"format":"tablemate-table","version":1,"name":"F","game":"sum","events":[{"seq":1,"kind":"table_created","payload":{"game":"sum","name":"F","players":["Ana","Ben"]}}`)
		for seq := 2; seq <= n; seq++ {
			fmt.Fprintf(&b, `,{"seq":%d,"kind":"game_recorded","payload":{"state":{"players":[{"name":"Ana","total":%d},{"name":"Ben","total":1}]}}}`, seq, seq)
		}
		b.WriteString("]}")
		id, err := ts.Import(ctx, b.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		before := ts.Stats()
		a, err := ts.RecordGame(ctx, id, n, "", state(1, 2))
		if err != nil {
			t.Fatal(err)
		}
		tb, _ := ts.Table(ctx, id)
		if d := ts.Stats(); d.Replays != before.Replays || d.EventsApplied-before.EventsApplied != 1 || d.EventsRead != before.EventsRead || tb.Head != a.Event.Seq {
			t.Errorf("%d events: a write and a view cost %+v (before %+v)", n, d, before)
		}
		other := NewTables(st, findSum) // another server
		if _, err := other.RecordGame(ctx, id, tb.Head, "", state(3, 4)); err != nil {
			t.Fatal(err)
		}
		before = ts.Stats()
		if tb, _ := ts.Table(ctx, id); tb.Head != n+2 {
			t.Fatalf("head %d after the other server's write", tb.Head)
		}
		if d := ts.Stats(); d.Replays != before.Replays || d.EventsRead-before.EventsRead != 2 || d.EventsApplied-before.EventsApplied != 1 {
			t.Errorf("%d events: catching up with another server cost %+v (before %+v)", n, d, before)
		}
	}
}

// FuzzImportFile feeds the import's stream reader arbitrary files: it
// never panics, a refused file is an input error and writes nothing, and
// an accepted one is a table whose export imports again to the same log.
func FuzzImportFile(f *testing.F) {
	table := `{"format":"tablemate-table","version":1,"name":"Mix","game":"mix","events":[` +
		`{"seq":1,"kind":"table_created","payload":{"game":"mix","name":"Mix","players":["Ana","Ben"]}},` +
		`{"seq":2,"kind":"round_recorded","payload":{"game":1,"round":{"players":[{"name":"Ana","total":3}]}}},` +
		`{"seq":3,"kind":"play_started","payload":{"setup":{}}},{"seq":4,"kind":"undo","payload":{"seq":3}},` +
		`{"seq":5,"kind":"game_corrected","payload":{"game":1,"state":{"players":[{"name":"Ben","total":30}]}}}]}`
	f.Add(table)
	f.Add(`{"format":"tablemate-league","version":1,"name":"S","scheme":"wins","members":[{"Name":"Ana"},{"Name":"Ben","MergedInto":"Ana"}],"tables":[` + table + `]}`)
	f.Add(`{"format":"tablemate-table","version":1,"name":"G","game":"mix","events":[` +
		`{"seq":1,"kind":"table_created","payload":{"game":"mix","name":"G","players":["Ana","Ben"]}},` +
		`{"seq":2,"kind":"play_started","payload":{"setup":{}}},{"seq":3,"kind":"play_step","payload":{"step":1}},` +
		`{"seq":4,"kind":"play_step","payload":{"step":2}},{"seq":5,"kind":"undo","payload":{"seq":4}},` +
		`{"seq":6,"kind":"play_step","payload":{"step":5}},{"seq":7,"kind":"play_step","payload":{"step":3}}]}`)
	f.Add(`{"format":"tablemate-table","version":1,"events":[]}`)
	f.Add(`[1,2]`)
	st, err := Open(testDB(f, "fuzz.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	ctx := context.Background()
	if _, _, err := st.Migrate(ctx); err != nil {
		f.Fatal(err)
	}
	ts := NewTables(st, findMix)
	count := func() (n int) {
		st.read.QueryRow(`SELECT (SELECT count(*) FROM events) + (SELECT count(*) FROM leagues) + (SELECT count(*) FROM league_members)`).Scan(&n)
		return n
	}
	f.Fuzz(func(t *testing.T, file string) {
		before := count()
		im, err := ts.ImportFile(ctx, strings.NewReader(file))
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("not an input error: %v", err)
			}
			if after := count(); after != before {
				t.Fatalf("a refused file wrote %d rows", after-before)
			}
			return
		}
		if im.Edit == "" {
			return // a league
		}
		x, err := ts.Export(ctx, im.Edit)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(x)
		again, err := ts.Import(ctx, data)
		if err != nil {
			t.Fatalf("the export of an imported table does not import: %v", err)
		}
		y, _ := ts.Export(ctx, again)
		if redo, _ := json.Marshal(y); string(redo) != string(data) {
			t.Fatalf("export → import changed the log:\n%s\n%s", data, redo)
		}
	})
}
