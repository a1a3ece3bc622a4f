package server

// A hostile client against the store (issue #25): long tables, big
// leagues, imports made to hurt, a full disk. Every test counts work
// (replays, events read and applied: sessions.Stats) or bytes, never
// time, and runs against the real router on 127.0.0.1.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"tablemate/sessions"
	"tablemate/web/areatest"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/games"
	"tablemate/web/kks/kkstest"
	"tablemate/web/webtest"
)

// rows counts what the database holds of tables, events, leagues and
// links.
func (ts *testServer) rows() int {
	ts.T.Helper()
	var n int
	ts.query(&n, `SELECT (SELECT count(*) FROM tables) + (SELECT count(*) FROM events) + (SELECT count(*) FROM leagues) +
		(SELECT count(*) FROM league_members) + (SELECT count(*) FROM league_tables) + (SELECT count(*) FROM links)`)
	return n
}

// query reads one value from the database, as its operator would.
func (ts *testServer) query(into any, query string, args ...any) {
	ts.T.Helper()
	db, rebind := ts.RawDB()
	defer db.Close()
	if err := db.QueryRow(rebind(query), args...).Scan(into); err != nil {
		ts.T.Fatal(err)
	}
}

// editLinkOf is the edit link in use of the table whose view-only link is
// view: no page behind a view-only or league link shows it, so a test
// that must write to such a table reads it from the database.
func (ts *testServer) editLinkOf(view string) string {
	ts.T.Helper()
	var edit string
	ts.query(&edit, `SELECT edit_link FROM tables WHERE read_id = ?`, view)
	return edit
}

// work is what loading tables cost since before.
func (ts *testServer) work(before sessions.Stats) sessions.Stats {
	now := ts.app.tables.Stats()
	return sessions.Stats{Replays: now.Replays - before.Replays, EventsRead: now.EventsRead - before.EventsRead,
		EventsApplied: now.EventsApplied - before.EventsApplied}
}

// fullGame is a valid two-player game of the fixtures' players, as the
// form posts it.
func fullGame(base url.Values) url.Values {
	return kkstest.Form(base, []map[string]string{
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"}, {"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"},
	}, []string{"3", "1"})
}

// TestHostileLongTableCostsTheSameAsAShortOne: the page of a table of
// 1,500 events weighs what one of 200 does, lists the newest games and
// entries with links to the rest, and a write and the view after it apply
// one event without replaying anything.
func TestHostileLongTableCostsTheSameAsAShortOne(t *testing.T) {
	t.Parallel()
	ts := newTestServerWith(t, func(a *App) { a.writeRate = 0 })
	sizes := map[int]int{}
	for _, n := range []int{200, 1500} {
		table, _, _ := ts.ImportJSON(areatest.KKSExport(n))
		ts.Get(table)
		before := ts.app.tables.Stats()
		entry := ts.Get(table + "/games/new")
		if p := ts.Post(table+"/games", fullGame(entry.FormOf(t, table+"/games"))); p.Status != http.StatusSeeOther {
			t.Fatalf("%d events: write %d", n, p.Status)
		}
		page := ts.Get(table)
		if w := ts.work(before); w.Replays != 0 || w.EventsRead != 0 || w.EventsApplied != 1 {
			t.Errorf("%d events: a write and two views cost %+v, want one event applied and nothing read", n, w)
		}
		sizes[n] = len(page.Body)
		if got := page.Doc.Find(`[data-testid="games"] tbody tr`).Length(); got != gamesPerPage {
			t.Errorf("%d events: %d game rows, want the newest %d", n, got, gamesPerPage)
		}
		if got := page.Doc.Find(`[data-testid="log"] li`).Length(); got != logPerPage {
			t.Errorf("%d events: %d history entries, want the newest %d", n, got, logPerPage)
		}
		if got := page.Doc.Find(`[data-testid="totals-chart"] circle`).Length(); got > 2*chartGames {
			t.Errorf("%d events: the chart draws %d points", n, got)
		}
		last := page.Doc.Find(`[data-testid="games"] tbody tr th`).Last().Text()
		if want := fmt.Sprintf("Game %d", n); last != want {
			t.Errorf("%d events: the games end at %q, want %q", n, last, want)
		}
	}
	if sizes[1500] > sizes[200]*11/10 {
		t.Errorf("the page grows with the table: %d bytes at 200 events, %d at 1,500", sizes[200], sizes[1500])
	}
}

// TestHostileLongTablePages: the links to earlier games and older entries
// are buttons (tap size), lead to the right part, keep the link the page
// was opened with, and read in German too.
func TestHostileLongTablePages(t *testing.T) {
	ts := newTestServer(t)
	table, _, _ := ts.ImportJSON(areatest.KKSExport(120))
	page := ts.Get(table)
	older, ok := page.Doc.Find(`[data-testid="games-pager"] a[data-testid="older"]`).Attr("href")
	if !ok || !strings.HasPrefix(older, "?") || !page.Doc.Find(`[data-testid="games-pager"] a`).HasClass("btn") {
		t.Fatalf("no button to earlier games (%q)", older)
	}
	earlier := ts.Get(table + older)
	rows := earlier.Doc.Find(`[data-testid="games"] tbody tr th`)
	if rows.First().Text() != "Game 80" || rows.Last().Text() != "Game 99" {
		t.Errorf("earlier games: %q … %q, want games 80 to 99", rows.First().Text(), rows.Last().Text())
	}
	if newer, _ := earlier.Doc.Find(`[data-testid="games-pager"] a[data-testid="newer"]`).Attr("href"); newer == "" {
		t.Error("no way back to the newer games")
	}
	logLink, _ := page.Doc.Find(`[data-testid="log-pager"] a[data-testid="older"]`).Attr("href")
	history := ts.Get(table + logLink)
	entries := history.Doc.Find(`[data-testid="log"] li`)
	if history.Doc.Find(`details#history[open]`).Length() != 1 || !strings.Contains(entries.First().Text(), "#70") || !strings.Contains(entries.Last().Text(), "#21") {
		t.Errorf("older entries: open=%d, %q … %q", history.Doc.Find(`details#history[open]`).Length(), entries.First().Text(), entries.Last().Text())
	}
	if older, _ := history.Doc.Find(`[data-testid="log-pager"] a[data-testid="older"]`).Attr("href"); !strings.Contains(older, "log=20") {
		t.Errorf("the oldest entries' link %q", older)
	}
	de := ts.GetLang(table, "de")
	if !strings.Contains(de.Text(`[data-testid="games-pager"]`), "Frühere Partien") || !strings.Contains(de.Text(`[data-testid="log-pager"]`), "Ältere Einträge") {
		t.Errorf("German pagers: %q / %q", de.Text(`[data-testid="games-pager"]`), de.Text(`[data-testid="log-pager"]`))
	}
	// The view-only page pages the same way without naming the edit link.
	view, _ := page.Doc.Find(`[data-testid="view-link"]`).Attr("value")
	u, _ := url.Parse(view)
	ro := ts.Get(u.Path + "?games=40&log=60")
	if id := strings.TrimPrefix(table, "/tables/"); strings.Contains(ro.Body, id) {
		t.Error("the view-only page's links name the edit link")
	}
	if first := ro.Doc.Find(`[data-testid="games"] tbody tr th`).First().Text(); first != "Game 21" {
		t.Errorf("view-only games page starts at %q", first)
	}
	for _, q := range []string{"?games=-5", "?games=999999", "?log=x", "?games=0&log=0"} {
		if p := ts.Get(table + q); p.Status != http.StatusOK {
			t.Errorf("%s: %d", q, p.Status)
		}
	}
}

// TestHostileReplayPageReadsNothing: a replay page of a long table shows
// the game from facts worked out once, not by replaying the log.
func TestHostileReplayPageReadsNothing(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	table, _, _ := ts.ImportJSON(areatest.KKSExport(1000))
	ts.Get(table)
	before := ts.app.tables.Stats()
	p := ts.Get(table + "/games/500/replay")
	if p.Status != http.StatusOK || areatest.ReplayTotal(p, "Amelia") != "86" {
		t.Fatalf("replay: %d, Amelia %q", p.Status, areatest.ReplayTotal(p, "Amelia"))
	}
	if w := ts.work(before); w != (sessions.Stats{}) {
		t.Errorf("a replay page cost %+v", w)
	}
}

// TestHostileImportedTableStaysCheap: an anonymous import of a long table
// buys no work later: views come from the cache, and after a restart the
// first view replays the log once, the next ones not at all.
func TestHostileImportedTableStaysCheap(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	p := ts.Upload(t, areatest.KKSExport(1500))
	if p.Status != http.StatusSeeOther {
		t.Fatalf("import: %d %s", p.Status, p.Text(`[data-testid="import-error"]`))
	}
	table := p.Header.Get("Location")
	before := ts.app.tables.Stats()
	for range 4 {
		ts.Get(table)
	}
	if w := ts.work(before); w != (sessions.Stats{}) {
		t.Errorf("four views of an imported table cost %+v", w)
	}
	restarted := ts.restart()
	for range 4 {
		restarted.Get(table)
	}
	if w := restarted.app.tables.Stats(); w.Replays != 1 || w.EventsApplied != 1500 {
		t.Errorf("four views after a restart cost %+v, want one replay", w)
	}
}

// restart is another server on the same database, as after a restart:
// nothing in its memory.
func (ts *testServer) restart() *testServer {
	a := NewApp(ts.app.store, ts.app.log)
	webtest.FollowUntilCleanup(ts.T, a)
	srv := httptest.NewServer(newServer(a))
	ts.T.Cleanup(srv.Close)
	ts.T.Cleanup(a.live.Close)
	return &testServer{Steps: areatest.Steps{Server: &webtest.Server{Server: srv, T: ts.T, Client: ts.Client, DBPath: ts.DBPath}}, app: a}
}

// TestHostileImportRunsTheLiveChecks: files no phone could have made are
// refused through the upload form, in English and German, and leave
// nothing behind.
func TestHostileImportRunsTheLiveChecks(t *testing.T) {
	ts := newTestServer(t)
	// A real Cambio table's export, with a round then naming a stranger.
	cambio := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	if p := cambiotest.EnterRound(ts.Server, cambio, cambiotest.Rounds[0].Cards, cambiotest.Rounds[0].Ended); p.Status != http.StatusSeeOther {
		t.Fatalf("round: %d", p.Status)
	}
	export := ts.Get(cambio + "/export.json").Body
	if ts.Upload(t, export).Status != http.StatusSeeOther {
		t.Fatal("a real export does not import")
	}
	var x sessions.Export
	json.Unmarshal([]byte(export), &x)
	x.Events[1].Payload = json.RawMessage(strings.Replace(string(x.Events[1].Payload), `"Cy"`, `"Zed"`, 1))
	stranger, _ := json.Marshal(x)

	two := areatest.TableExport("Two", []string{"Amelia", "Victor"}, []string{areatest.KKSTwo})
	second := strings.TrimSuffix(two, `]}`) + `,{"seq":3,"kind":"table_created","payload":{"game":"koffer-katze-sombrero","name":"Two","players":["Amelia","Victor"]}}]}`
	long := strings.Repeat("n", 100_000)
	// The error says what is wrong in words; where in the file is small
	// print behind it.
	bad := map[string]struct{ file, where, says string }{
		"a round naming a stranger": {string(stranger), "events[1].payload.players[2].name", `"Zed" is not a player at this table`},
		"a second table_created":    {second, "events[2].kind", "a table is started only once"},
		"a 100,000-character name":  {areatest.TableExport(long, []string{"Amelia", "Victor"}, nil), "events[0].payload.name", "a table name is at most 60 characters"},
		"NUL in a name":             {areatest.TableExport("Two", []string{`Ame\u0000lia`, "Victor"}, nil), "events[0].payload.players[0].name", "a name cannot hold control characters"},
		"a right-to-left override":  {areatest.TableExport("Two", []string{"Amelia", "\u202eVictor"}, nil), "events[0].payload.players[1].name", "a name cannot hold control characters"},
	}
	before := ts.rows()
	for name, tt := range bad {
		p := ts.Upload(t, tt.file)
		msg, where := p.Text(`[data-testid="import-error-text"]`), p.Text(`[data-testid="import-error"] details.why code`)
		if p.Status != http.StatusUnprocessableEntity || !strings.HasPrefix(msg, "Nothing was imported: "+tt.says) || where != tt.where {
			t.Errorf("%s: %d %q at %q", name, p.Status, msg, where)
		}
	}
	if after := ts.rows(); after != before {
		t.Errorf("refused imports wrote %d rows", after-before)
	}
	// In German, with the same rule the live form gives.
	hidden := ts.Get("/tables/import").FormOf(t, "/tables/import")
	p := ts.uploadLang(t, hidden, bad["a right-to-left override"].file, "de")
	if msg := p.Text(`[data-testid="import-error"]`); !strings.Contains(msg, "Nichts wurde importiert") || !strings.Contains(msg, "Schreibrichtung") {
		t.Errorf("German refusal %q", msg)
	}
	// The live form refuses the same name.
	f := ts.Get("/tables/new").FormOf(t, "/tables")
	f.Set("game", "koffer-katze-sombrero")
	f["players"] = []string{"Amelia", "\u202eVictor"}
	if p := ts.Post("/tables", f); p.Status != http.StatusUnprocessableEntity {
		t.Errorf("live form with a direction override: %d", p.Status)
	}
}

// TestHostileLeagueImportWritesAllOrNothing: a league file whose second
// table is bad leaves neither the league nor its first table behind.
func TestHostileLeagueImportWritesAllOrNothing(t *testing.T) {
	ts := newTestServer(t)
	file := areatest.LeagueExport(3, 2)
	broken := strings.Replace(file, `"name":"Table 2","players":["Victor","Enrique","Ola"]`, `"name":"Table 2","players":["Victor","Enrique","Zed"]`, 1)
	if broken == file {
		t.Fatal("the fixture did not change")
	}
	before := ts.rows()
	p := ts.Upload(t, broken)
	if msg := p.Text(`[data-testid="import-error"]`); p.Status != http.StatusUnprocessableEntity || !strings.Contains(msg, "tables[1]") {
		t.Fatalf("bad second table: %d %q", p.Status, msg)
	}
	if after := ts.rows(); after != before {
		t.Errorf("a refused league left %d rows behind", after-before)
	}
	if p := ts.Upload(t, file); p.Status != http.StatusSeeOther || !strings.HasPrefix(p.Header.Get("Location"), "/l/") {
		t.Errorf("the good league: %d", p.Status)
	}
}

// TestHostileLongExportImportsAgain: what export produces for a long
// table (over the old 1 MiB cap) imports as the same table.
func TestHostileLongExportImportsAgain(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	players := []string{"Amelia", "Victor", "Enrique"}
	states := make([]string, 1800)
	for i := range states {
		states[i] = fmt.Sprintf(areatest.KKSThree, "Amelia", "Victor", "Enrique")
	}
	table, _, _ := ts.ImportJSON(areatest.TableExport("Long evening", players, states))
	export := ts.Get(table + "/export.json")
	if len(export.Body) <= 1<<20 {
		t.Fatalf("the export is only %d bytes", len(export.Body))
	}
	p := ts.Upload(t, export.Body)
	if p.Status != http.StatusSeeOther {
		t.Fatalf("import of a %d-byte export: %d %s", len(export.Body), p.Status, p.Text(`[data-testid="import-error"]`))
	}
	copied := ts.Get(p.Header.Get("Location"))
	if got := copied.Text(`tr[data-player="Amelia"] [data-testid="total"]`); got != fmt.Sprint(1800*58) {
		t.Errorf("the copy shows Amelia %s", got)
	}
}

// TestHostileTablesAndImportsAreBounded: a table takes no entry past the
// cap (live or imported, with the cap named), and imports count against
// the write limit and a per-client byte budget.
func TestHostileTablesAndImportsAreBounded(t *testing.T) {
	t.Parallel()
	ts := newTestServerWith(t, func(a *App) { a.writeRate = 0 })
	// A table one entry short of full, of cheap entries (joins taken back).
	var b strings.Builder
	b.WriteString(`{"format":"tablemate-table","version":1,"name":"Full","game":"koffer-katze-sombrero","events":[` +
		`{"seq":1,"kind":"table_created","payload":{"game":"koffer-katze-sombrero","name":"Full","players":["Amelia","Victor"]}}`)
	for seq := 2; seq < sessions.MaxTableEvents; seq += 2 {
		fmt.Fprintf(&b, `,{"seq":%d,"kind":"player_joined","payload":{"name":"Cy"}},{"seq":%d,"kind":"undo","payload":{"seq":%d}}`, seq, seq+1, seq)
	}
	b.WriteString("]}")
	table, _, _ := ts.ImportJSON(b.String())
	add := ts.Get(table).FormOf(t, table+"/players")
	add.Set("name", "Dee")
	if p := ts.Post(table+"/players", add); p.Status != http.StatusSeeOther {
		t.Fatalf("the last entry: %d", p.Status)
	}
	add = ts.Get(table).FormOf(t, table+"/players")
	add.Set("name", "Eve")
	p := ts.Post(table+"/players", add)
	if p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, fmt.Sprint(sessions.MaxTableEvents)) {
		t.Errorf("an entry past the cap: %d", p.Status)
	}
	// One event more than a table keeps, as an upload.
	over := strings.TrimSuffix(b.String(), `]}`) + `,{"seq":20000,"kind":"player_joined","payload":{"name":"Dee"}},{"seq":20001,"kind":"undo","payload":{"seq":20000}}]}`
	if p := ts.Upload(t, over); !strings.Contains(p.Text(`[data-testid="import-error"]`), "more than 20000 events") {
		t.Errorf("over the cap: %d %q", p.Status, p.Text(`[data-testid="import-error"]`))
	}

	limited := newTestServerWith(t, func(a *App) { a.writeRate, a.writeBurst = 0.01, 2 })
	small := areatest.TableExport("Small", []string{"Amelia", "Victor"}, []string{areatest.KKSTwo})
	statuses := []int{limited.Upload(t, small).Status, limited.Upload(t, small).Status, limited.Upload(t, small).Status}
	if statuses[2] != http.StatusTooManyRequests {
		t.Errorf("imports past the write limit: %v", statuses)
	}
	budget := newTestServerWith(t, func(a *App) { a.writeRate = 0; a.interop.SetBudget(1, 64<<10) })
	rows := budget.rows()
	if p := budget.Upload(t, areatest.KKSExport(400)); p.Status != http.StatusTooManyRequests {
		t.Errorf("an import past the byte budget: %d", p.Status)
	}
	if after := budget.rows(); after != rows {
		t.Errorf("an import past the budget wrote %d rows", after-rows)
	}
}

// TestHostileFullDiskSaysNotSaved: with the disk full a write answers 503
// "nothing was recorded" (never "your entries are safe"), in English and
// German, /healthz says so; with room again both recover.
func TestHostileFullDiskSaysNotSaved(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	id := strings.TrimPrefix(table, "/tables/")
	ctx := context.Background()
	pages, err := ts.app.store.Pages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.app.store.LimitPages(ctx, pages); err != nil {
		t.Fatal(err)
	}
	filler := sessions.NewTables(ts.app.store, games.Engine)
	for i := 0; ; i++ {
		tb, _ := filler.Table(ctx, id)
		_, err := filler.RecordGame(ctx, id, tb.Head, "", json.RawMessage(areatest.KKSTwo))
		if errors.Is(err, sessions.ErrNotSaved) {
			break
		}
		if err != nil || i > 5000 {
			t.Fatalf("filling the disk: %v", err)
		}
	}
	entry := ts.Get(table + "/games/new")
	form := fullGame(entry.FormOf(t, table+"/games"))
	p := ts.Post(table+"/games", form)
	if p.Status != http.StatusServiceUnavailable || !strings.Contains(p.Body, "Nothing was recorded") || strings.Contains(p.Body, "safe") || p.Header.Get("Retry-After") == "" {
		t.Errorf("a write on a full disk: %d\n%s", p.Status, p.Text("main"))
	}
	de := ts.PostLang(table+"/games", form, "de")
	if de.Status != http.StatusServiceUnavailable || !strings.Contains(de.Body, "Nichts wurde gespeichert") {
		t.Errorf("in German: %d %q", de.Status, de.Text("main"))
	}
	if h := ts.Get("/healthz"); h.Status != http.StatusServiceUnavailable || !strings.Contains(h.Body, "not writable") {
		t.Errorf("/healthz on a full disk: %d %q", h.Status, h.Body)
	}
	if err := ts.app.store.LimitPages(ctx, 0); err != nil {
		t.Fatal(err)
	}
	if p := ts.Post(table+"/games", form); p.Status != http.StatusSeeOther {
		t.Errorf("the same form with room again: %d", p.Status)
	}
	if h := ts.Get("/healthz"); h.Status != http.StatusOK {
		t.Errorf("/healthz with room again: %d %q", h.Status, h.Body)
	}
}

// TestHostileBigLeagueCostsTheSame: a league of 40 tables after a restart
// reads its tables' kept summaries (no replay), lists a page of its
// tables, and a game at one table re-derives only that table.
func TestHostileBigLeagueCostsTheSame(t *testing.T) {
	ts := newTestServer(t)
	_, public, admin := ts.ImportJSON(areatest.LeagueExport(40, 5))
	srv := ts.restart()
	restarted := srv.app
	page := srv.Get(public)
	if w := restarted.tables.Stats(); w.Replays != 0 || w.EventsRead != 0 {
		t.Errorf("a big league after a restart cost %+v, want no replay", w)
	}
	if got := page.Doc.Find(`[data-testid="league-tables"] li`).Length(); got != leaguePerPage {
		t.Errorf("the league lists %d tables, want a page of %d", got, leaguePerPage)
	}
	if page.Text(`[data-testid="league-tables"] li`) != "Table 40Koffer, Katze & Sombrero" {
		t.Errorf("the newest table first: %q", page.Text(`[data-testid="league-tables"] li`))
	}
	older, _ := page.Doc.Find(`[data-testid="tables-pager"] a[data-testid="older"]`).Attr("href")
	if rest := srv.Get(public + older); rest.Doc.Find(`[data-testid="league-tables"] li`).Length() != 15 {
		t.Errorf("the earlier tables: %d", rest.Doc.Find(`[data-testid="league-tables"] li`).Length())
	}
	if p := srv.Get(admin); p.Doc.Find(`[data-testid="standings"] tbody tr`).Length() != 6 {
		t.Errorf("admin standings: %d rows", p.Doc.Find(`[data-testid="standings"] tbody tr`).Length())
	}
	// A game at one table: only that table is summarised again.
	link, _ := page.Doc.Find(`[data-testid="league-tables"] a`).First().Attr("href")
	view := strings.TrimPrefix(link, "/v/")
	ro, _ := restarted.tables.ReadOnly(context.Background(), view)
	if _, err := restarted.tables.RecordGame(context.Background(), srv.editLinkOf(view), ro.Head, "", json.RawMessage(fmt.Sprintf(areatest.KKSThree, ro.Players[0], ro.Players[1], ro.Players[2]))); err != nil {
		t.Fatal(err)
	}
	before := restarted.tables.Stats()
	again := srv.Get(public)
	if w := srv.work(before); w.Replays != 0 || w.EventsRead != 0 {
		t.Errorf("a view after one game cost %+v", w)
	}
	if !strings.Contains(again.Text(`h2`), "after 201 games") {
		t.Errorf("standings after the new game: %q", again.Text(`h2`))
	}
	before = restarted.tables.Stats()
	srv.Get(public)
	if w := srv.work(before); w != (sessions.Stats{}) {
		t.Errorf("a warm view cost %+v", w)
	}
}

// uploadLang posts a file to the import form in a language.
func (ts *testServer) uploadLang(t *testing.T, hidden url.Values, data, lang string) webtest.Page {
	t.Helper()
	req := areatest.UploadRequest(ts.URL, hidden, data)
	req.Header.Set("Accept-Language", lang)
	return ts.Do(req)
}

// TestHostileHistoryReplaysNothing: the history page of a phone that
// opened long tables lists them from their kept cards, also after a
// restart; a table that changed since is replayed once, the others not.
func TestHostileHistoryReplaysNothing(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	var tables []string
	for range 3 {
		table, _, _ := ts.ImportJSON(areatest.KKSExport(800))
		ts.Get(table) // the phone remembers it
		tables = append(tables, table)
	}
	srv := ts.restart()
	p := srv.Get("/history")
	if got := p.Doc.Find(`[data-testid="history"] li`).Length(); got != 3 {
		t.Fatalf("history lists %d tables", got)
	}
	if !strings.Contains(p.Text(`[data-testid="history"] li`), "799") {
		t.Errorf("history row %q does not count the games", p.Text(`[data-testid="history"] li`))
	}
	if w := srv.app.tables.Stats(); w != (sessions.Stats{}) {
		t.Errorf("history of three long tables after a restart cost %+v", w)
	}
	entry := ts.Get(tables[1] + "/games/new")
	ts.Post(tables[1]+"/games", fullGame(entry.FormOf(t, tables[1]+"/games")))
	srv.Get("/history")
	srv.Get("/history")
	// That table is loaded once: replayed from its log, or read from the
	// snapshot the first server may have written meanwhile (in the
	// background, so either can come first) and the events after it.
	if w := srv.app.tables.Stats(); w.Replays+w.Snapshots != 1 || w.Replays+w.Snapshots+w.Refused > 1 {
		t.Errorf("after a game at one table, history cost %+v, want that table loaded once", w)
	}
}
