package main

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

	"tablemate/scoring/games"
	"tablemate/sessions"
)

// rows counts what the database holds of tables, events, leagues and
// links.
func (ts *testServer) rows() int {
	ts.t.Helper()
	var n int
	ts.query(&n, `SELECT (SELECT count(*) FROM tables) + (SELECT count(*) FROM events) + (SELECT count(*) FROM leagues) +
		(SELECT count(*) FROM league_members) + (SELECT count(*) FROM league_tables) + (SELECT count(*) FROM links)`)
	return n
}

// query reads one value from the database, as its operator would.
func (ts *testServer) query(into any, query string, args ...any) {
	ts.t.Helper()
	db, rebind := ts.rawDB()
	defer db.Close()
	if err := db.QueryRow(rebind(query), args...).Scan(into); err != nil {
		ts.t.Fatal(err)
	}
}

// editLinkOf is the edit link in use of the table whose view-only link is
// view: no page behind a view-only or league link shows it, so a test
// that must write to such a table reads it from the database.
func (ts *testServer) editLinkOf(view string) string {
	ts.t.Helper()
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
	return kksForm(base, []map[string]string{
		{"red": "1 2 3 4 5 6 7 8 9 10", "blue": "1 2 3 4 5 6 7"}, {"yellow": "1 2 3 4 5 6 7 8 9 10", "black": "1 2 3 4 5 6 7"},
	}, []string{"3", "1"})
}

// TestHostileLongTableCostsTheSameAsAShortOne: the page of a table of
// 1,500 events weighs what one of 200 does, lists the newest games and
// entries with links to the rest, and a write and the view after it apply
// one event without replaying anything.
func TestHostileLongTableCostsTheSameAsAShortOne(t *testing.T) {
	ts := newTestServerWith(t, func(a *app) { a.writeRate = 0 })
	sizes := map[int]int{}
	for _, n := range []int{200, 1500} {
		table, _, _ := ts.importJSON(kksExport(n))
		ts.get(table)
		before := ts.app.tables.Stats()
		entry := ts.get(table + "/games/new")
		if p := ts.post(table+"/games", fullGame(entry.formOf(t, table+"/games"))); p.status != http.StatusSeeOther {
			t.Fatalf("%d events: write %d", n, p.status)
		}
		page := ts.get(table)
		if w := ts.work(before); w.Replays != 0 || w.EventsRead != 0 || w.EventsApplied != 1 {
			t.Errorf("%d events: a write and two views cost %+v, want one event applied and nothing read", n, w)
		}
		sizes[n] = len(page.body)
		if got := page.doc.Find(`[data-testid="games"] tbody tr`).Length(); got != gamesPerPage {
			t.Errorf("%d events: %d game rows, want the newest %d", n, got, gamesPerPage)
		}
		if got := page.doc.Find(`[data-testid="log"] li`).Length(); got != logPerPage {
			t.Errorf("%d events: %d history entries, want the newest %d", n, got, logPerPage)
		}
		if got := page.doc.Find(`[data-testid="totals-chart"] circle`).Length(); got > 2*chartGames {
			t.Errorf("%d events: the chart draws %d points", n, got)
		}
		last := page.doc.Find(`[data-testid="games"] tbody tr th`).Last().Text()
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
	table, _, _ := ts.importJSON(kksExport(120))
	page := ts.get(table)
	older, ok := page.doc.Find(`[data-testid="games-pager"] a[data-testid="older"]`).Attr("href")
	if !ok || !strings.HasPrefix(older, "?") || !page.doc.Find(`[data-testid="games-pager"] a`).HasClass("btn") {
		t.Fatalf("no button to earlier games (%q)", older)
	}
	earlier := ts.get(table + older)
	rows := earlier.doc.Find(`[data-testid="games"] tbody tr th`)
	if rows.First().Text() != "Game 80" || rows.Last().Text() != "Game 99" {
		t.Errorf("earlier games: %q … %q, want games 80 to 99", rows.First().Text(), rows.Last().Text())
	}
	if newer, _ := earlier.doc.Find(`[data-testid="games-pager"] a[data-testid="newer"]`).Attr("href"); newer == "" {
		t.Error("no way back to the newer games")
	}
	logLink, _ := page.doc.Find(`[data-testid="log-pager"] a[data-testid="older"]`).Attr("href")
	history := ts.get(table + logLink)
	entries := history.doc.Find(`[data-testid="log"] li`)
	if history.doc.Find(`details#history[open]`).Length() != 1 || !strings.Contains(entries.First().Text(), "#70") || !strings.Contains(entries.Last().Text(), "#21") {
		t.Errorf("older entries: open=%d, %q … %q", history.doc.Find(`details#history[open]`).Length(), entries.First().Text(), entries.Last().Text())
	}
	if older, _ := history.doc.Find(`[data-testid="log-pager"] a[data-testid="older"]`).Attr("href"); !strings.Contains(older, "log=20") {
		t.Errorf("the oldest entries' link %q", older)
	}
	de := ts.getLang(table, "de")
	if !strings.Contains(de.text(`[data-testid="games-pager"]`), "Frühere Partien") || !strings.Contains(de.text(`[data-testid="log-pager"]`), "Ältere Einträge") {
		t.Errorf("German pagers: %q / %q", de.text(`[data-testid="games-pager"]`), de.text(`[data-testid="log-pager"]`))
	}
	// The view-only page pages the same way without naming the edit link.
	view, _ := page.doc.Find(`[data-testid="view-link"]`).Attr("value")
	u, _ := url.Parse(view)
	ro := ts.get(u.Path + "?games=40&log=60")
	if id := strings.TrimPrefix(table, "/tables/"); strings.Contains(ro.body, id) {
		t.Error("the view-only page's links name the edit link")
	}
	if first := ro.doc.Find(`[data-testid="games"] tbody tr th`).First().Text(); first != "Game 21" {
		t.Errorf("view-only games page starts at %q", first)
	}
	for _, q := range []string{"?games=-5", "?games=999999", "?log=x", "?games=0&log=0"} {
		if p := ts.get(table + q); p.status != http.StatusOK {
			t.Errorf("%s: %d", q, p.status)
		}
	}
}

// TestHostileReplayPageReadsNothing: a replay page of a long table shows
// the game from facts worked out once, not by replaying the log.
func TestHostileReplayPageReadsNothing(t *testing.T) {
	ts := newTestServer(t)
	table, _, _ := ts.importJSON(kksExport(1000))
	ts.get(table)
	before := ts.app.tables.Stats()
	p := ts.get(table + "/games/500/replay")
	if p.status != http.StatusOK || replayTotal(p, "Amelia") != "86" {
		t.Fatalf("replay: %d, Amelia %q", p.status, replayTotal(p, "Amelia"))
	}
	if w := ts.work(before); w != (sessions.Stats{}) {
		t.Errorf("a replay page cost %+v", w)
	}
}

// TestHostileImportedTableStaysCheap: an anonymous import of a long table
// buys no work later: views come from the cache, and after a restart the
// first view replays the log once, the next ones not at all.
func TestHostileImportedTableStaysCheap(t *testing.T) {
	ts := newTestServer(t)
	p := ts.upload(t, kksExport(1500))
	if p.status != http.StatusSeeOther {
		t.Fatalf("import: %d %s", p.status, p.text(`[data-testid="import-error"]`))
	}
	table := p.header.Get("Location")
	before := ts.app.tables.Stats()
	for range 4 {
		ts.get(table)
	}
	if w := ts.work(before); w != (sessions.Stats{}) {
		t.Errorf("four views of an imported table cost %+v", w)
	}
	restarted := ts.restart()
	for range 4 {
		restarted.get(table)
	}
	if w := restarted.app.tables.Stats(); w.Replays != 1 || w.EventsApplied != 1500 {
		t.Errorf("four views after a restart cost %+v, want one replay", w)
	}
}

// restart is another server on the same database, as after a restart:
// nothing in its memory.
func (ts *testServer) restart() *testServer {
	a := newApp(ts.app.store, ts.app.log)
	a.followUntilCleanup(ts.t)
	srv := httptest.NewServer(newServer(a))
	ts.t.Cleanup(srv.Close)
	ts.t.Cleanup(a.live.close)
	return &testServer{Server: srv, t: ts.t, client: ts.client, app: a, dbPath: ts.dbPath}
}

// TestHostileImportRunsTheLiveChecks: files no phone could have made are
// refused through the upload form, in English and German, and leave
// nothing behind.
func TestHostileImportRunsTheLiveChecks(t *testing.T) {
	ts := newTestServer(t)
	// A real Cambio table's export, with a round then naming a stranger.
	cambio := ts.startRoundTable("cambio", "Ana", "Ben", "Cy")
	if p := ts.enterCambioRound(cambio, cambioRounds[0].cards, cambioRounds[0].ended); p.status != http.StatusSeeOther {
		t.Fatalf("round: %d", p.status)
	}
	export := ts.get(cambio + "/export.json").body
	if ts.upload(t, export).status != http.StatusSeeOther {
		t.Fatal("a real export does not import")
	}
	var x sessions.Export
	json.Unmarshal([]byte(export), &x)
	x.Events[1].Payload = json.RawMessage(strings.Replace(string(x.Events[1].Payload), `"Cy"`, `"Zed"`, 1))
	stranger, _ := json.Marshal(x)

	two := tableExport("Two", []string{"Amelia", "Victor"}, []string{kksTwo})
	second := strings.TrimSuffix(two, `]}`) + `,{"seq":3,"kind":"table_created","payload":{"game":"koffer-katze-sombrero","name":"Two","players":["Amelia","Victor"]}}]}`
	long := strings.Repeat("n", 100_000)
	bad := map[string]struct{ file, says string }{
		"a round naming a stranger": {string(stranger), `events[1].payload.players[2].name: "Zed" is not a player at this table`},
		"a second table_created":    {second, "events[2].kind: a table is started only once"},
		"a 100,000-character name":  {tableExport(long, []string{"Amelia", "Victor"}, nil), "events[0].payload.name: a table name is at most 60 characters"},
		"NUL in a name":             {tableExport("Two", []string{`Ame\u0000lia`, "Victor"}, nil), "events[0].payload.players[0].name: a name cannot hold control characters"},
		"a right-to-left override":  {tableExport("Two", []string{"Amelia", "\u202eVictor"}, nil), "events[0].payload.players[1].name: a name cannot hold control characters"},
	}
	before := ts.rows()
	for name, tt := range bad {
		p := ts.upload(t, tt.file)
		if msg := p.text(`[data-testid="import-error"]`); p.status != http.StatusUnprocessableEntity || !strings.Contains(msg, "Nothing was imported: "+tt.says) {
			t.Errorf("%s: %d %q", name, p.status, msg)
		}
	}
	if after := ts.rows(); after != before {
		t.Errorf("refused imports wrote %d rows", after-before)
	}
	// In German, with the same rule the live form gives.
	hidden := ts.get("/tables/import").formOf(t, "/tables/import")
	p := ts.uploadLang(t, hidden, bad["a right-to-left override"].file, "de")
	if msg := p.text(`[data-testid="import-error"]`); !strings.Contains(msg, "Nichts wurde importiert") || !strings.Contains(msg, "Schreibrichtung") {
		t.Errorf("German refusal %q", msg)
	}
	// The live form refuses the same name.
	f := ts.get("/tables/new").formOf(t, "/tables")
	f.Set("game", "koffer-katze-sombrero")
	f["players"] = []string{"Amelia", "\u202eVictor"}
	if p := ts.post("/tables", f); p.status != http.StatusUnprocessableEntity {
		t.Errorf("live form with a direction override: %d", p.status)
	}
}

// TestHostileLeagueImportWritesAllOrNothing: a league file whose second
// table is bad leaves neither the league nor its first table behind.
func TestHostileLeagueImportWritesAllOrNothing(t *testing.T) {
	ts := newTestServer(t)
	file := leagueExport(3, 2)
	broken := strings.Replace(file, `"name":"Table 2","players":["Victor","Enrique","Ola"]`, `"name":"Table 2","players":["Victor","Enrique","Zed"]`, 1)
	if broken == file {
		t.Fatal("the fixture did not change")
	}
	before := ts.rows()
	p := ts.upload(t, broken)
	if msg := p.text(`[data-testid="import-error"]`); p.status != http.StatusUnprocessableEntity || !strings.Contains(msg, "tables[1]") {
		t.Fatalf("bad second table: %d %q", p.status, msg)
	}
	if after := ts.rows(); after != before {
		t.Errorf("a refused league left %d rows behind", after-before)
	}
	if p := ts.upload(t, file); p.status != http.StatusSeeOther || !strings.HasPrefix(p.header.Get("Location"), "/l/") {
		t.Errorf("the good league: %d", p.status)
	}
}

// TestHostileLongExportImportsAgain: what export produces for a long
// table (over the old 1 MiB cap) imports as the same table.
func TestHostileLongExportImportsAgain(t *testing.T) {
	ts := newTestServer(t)
	players := []string{"Amelia", "Victor", "Enrique"}
	states := make([]string, 1800)
	for i := range states {
		states[i] = fmt.Sprintf(kksThree, "Amelia", "Victor", "Enrique")
	}
	table, _, _ := ts.importJSON(tableExport("Long evening", players, states))
	export := ts.get(table + "/export.json")
	if len(export.body) <= 1<<20 {
		t.Fatalf("the export is only %d bytes", len(export.body))
	}
	p := ts.upload(t, export.body)
	if p.status != http.StatusSeeOther {
		t.Fatalf("import of a %d-byte export: %d %s", len(export.body), p.status, p.text(`[data-testid="import-error"]`))
	}
	copied := ts.get(p.header.Get("Location"))
	if got := copied.text(`tr[data-player="Amelia"] [data-testid="total"]`); got != fmt.Sprint(1800*58) {
		t.Errorf("the copy shows Amelia %s", got)
	}
}

// TestHostileTablesAndImportsAreBounded: a table takes no entry past the
// cap (live or imported, with the cap named), and imports count against
// the write limit and a per-client byte budget.
func TestHostileTablesAndImportsAreBounded(t *testing.T) {
	ts := newTestServerWith(t, func(a *app) { a.writeRate = 0 })
	// A table one entry short of full, of cheap entries (joins taken back).
	var b strings.Builder
	b.WriteString(`{"format":"tablemate-table","version":1,"name":"Full","game":"koffer-katze-sombrero","events":[` +
		`{"seq":1,"kind":"table_created","payload":{"game":"koffer-katze-sombrero","name":"Full","players":["Amelia","Victor"]}}`)
	for seq := 2; seq < sessions.MaxTableEvents; seq += 2 {
		fmt.Fprintf(&b, `,{"seq":%d,"kind":"player_joined","payload":{"name":"Cy"}},{"seq":%d,"kind":"undo","payload":{"seq":%d}}`, seq, seq+1, seq)
	}
	b.WriteString("]}")
	table, _, _ := ts.importJSON(b.String())
	add := ts.get(table).formOf(t, table+"/players")
	add.Set("name", "Dee")
	if p := ts.post(table+"/players", add); p.status != http.StatusSeeOther {
		t.Fatalf("the last entry: %d", p.status)
	}
	add = ts.get(table).formOf(t, table+"/players")
	add.Set("name", "Eve")
	p := ts.post(table+"/players", add)
	if p.status != http.StatusUnprocessableEntity || !strings.Contains(p.body, fmt.Sprint(sessions.MaxTableEvents)) {
		t.Errorf("an entry past the cap: %d", p.status)
	}
	// One event more than a table keeps, as an upload.
	over := strings.TrimSuffix(b.String(), `]}`) + `,{"seq":20000,"kind":"player_joined","payload":{"name":"Dee"}},{"seq":20001,"kind":"undo","payload":{"seq":20000}}]}`
	if p := ts.upload(t, over); !strings.Contains(p.text(`[data-testid="import-error"]`), "more than 20000 events") {
		t.Errorf("over the cap: %d %q", p.status, p.text(`[data-testid="import-error"]`))
	}

	limited := newTestServerWith(t, func(a *app) { a.writeRate, a.writeBurst = 0.01, 2 })
	small := tableExport("Small", []string{"Amelia", "Victor"}, []string{kksTwo})
	statuses := []int{limited.upload(t, small).status, limited.upload(t, small).status, limited.upload(t, small).status}
	if statuses[2] != http.StatusTooManyRequests {
		t.Errorf("imports past the write limit: %v", statuses)
	}
	budget := newTestServerWith(t, func(a *app) { a.writeRate, a.imports = 0, newImportBudget(1, 64<<10) })
	rows := budget.rows()
	if p := budget.upload(t, kksExport(400)); p.status != http.StatusTooManyRequests {
		t.Errorf("an import past the byte budget: %d", p.status)
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
	table := ts.createTable("Amelia", "Victor")
	id := strings.TrimPrefix(table, "/tables/")
	ctx := context.Background()
	pages, err := ts.app.store.Pages(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.app.store.LimitPages(ctx, pages); err != nil {
		t.Fatal(err)
	}
	filler := sessions.NewTables(ts.app.store, games.Find)
	for i := 0; ; i++ {
		tb, _ := filler.Table(ctx, id)
		_, err := filler.RecordGame(ctx, id, tb.Head, "", json.RawMessage(kksTwo))
		if errors.Is(err, sessions.ErrNotSaved) {
			break
		}
		if err != nil || i > 5000 {
			t.Fatalf("filling the disk: %v", err)
		}
	}
	entry := ts.get(table + "/games/new")
	form := fullGame(entry.formOf(t, table+"/games"))
	p := ts.post(table+"/games", form)
	if p.status != http.StatusServiceUnavailable || !strings.Contains(p.body, "Nothing was recorded") || strings.Contains(p.body, "safe") || p.header.Get("Retry-After") == "" {
		t.Errorf("a write on a full disk: %d\n%s", p.status, p.text("main"))
	}
	de := ts.postLang(table+"/games", form, "de")
	if de.status != http.StatusServiceUnavailable || !strings.Contains(de.body, "Nichts wurde gespeichert") {
		t.Errorf("in German: %d %q", de.status, de.text("main"))
	}
	if h := ts.get("/healthz"); h.status != http.StatusServiceUnavailable || !strings.Contains(h.body, "not writable") {
		t.Errorf("/healthz on a full disk: %d %q", h.status, h.body)
	}
	if err := ts.app.store.LimitPages(ctx, 0); err != nil {
		t.Fatal(err)
	}
	if p := ts.post(table+"/games", form); p.status != http.StatusSeeOther {
		t.Errorf("the same form with room again: %d", p.status)
	}
	if h := ts.get("/healthz"); h.status != http.StatusOK {
		t.Errorf("/healthz with room again: %d %q", h.status, h.body)
	}
}

// TestHostileBigLeagueCostsTheSame: a league of 40 tables after a restart
// reads its tables' kept summaries (no replay), lists a page of its
// tables, and a game at one table re-derives only that table.
func TestHostileBigLeagueCostsTheSame(t *testing.T) {
	ts := newTestServer(t)
	_, public, admin := ts.importJSON(leagueExport(40, 5))
	srv := ts.restart()
	restarted := srv.app
	page := srv.get(public)
	if w := restarted.tables.Stats(); w.Replays != 0 || w.EventsRead != 0 {
		t.Errorf("a big league after a restart cost %+v, want no replay", w)
	}
	if got := page.doc.Find(`[data-testid="league-tables"] li`).Length(); got != leaguePerPage {
		t.Errorf("the league lists %d tables, want a page of %d", got, leaguePerPage)
	}
	if page.text(`[data-testid="league-tables"] li`) != "Table 40Koffer, Katze & Sombrero" {
		t.Errorf("the newest table first: %q", page.text(`[data-testid="league-tables"] li`))
	}
	older, _ := page.doc.Find(`[data-testid="tables-pager"] a[data-testid="older"]`).Attr("href")
	if rest := srv.get(public + older); rest.doc.Find(`[data-testid="league-tables"] li`).Length() != 15 {
		t.Errorf("the earlier tables: %d", rest.doc.Find(`[data-testid="league-tables"] li`).Length())
	}
	if p := srv.get(admin); p.doc.Find(`[data-testid="standings"] tbody tr`).Length() != 6 {
		t.Errorf("admin standings: %d rows", p.doc.Find(`[data-testid="standings"] tbody tr`).Length())
	}
	// A game at one table: only that table is summarised again.
	link, _ := page.doc.Find(`[data-testid="league-tables"] a`).First().Attr("href")
	view := strings.TrimPrefix(link, "/v/")
	ro, _ := restarted.tables.ReadOnly(context.Background(), view)
	if _, err := restarted.tables.RecordGame(context.Background(), srv.editLinkOf(view), ro.Head, "", json.RawMessage(fmt.Sprintf(kksThree, ro.Players[0], ro.Players[1], ro.Players[2]))); err != nil {
		t.Fatal(err)
	}
	before := restarted.tables.Stats()
	again := srv.get(public)
	if w := srv.work(before); w.Replays != 0 || w.EventsRead != 0 {
		t.Errorf("a view after one game cost %+v", w)
	}
	if !strings.Contains(again.text(`h2`), "after 201 games") {
		t.Errorf("standings after the new game: %q", again.text(`h2`))
	}
	before = restarted.tables.Stats()
	srv.get(public)
	if w := srv.work(before); w != (sessions.Stats{}) {
		t.Errorf("a warm view cost %+v", w)
	}
}

// uploadLang posts a file to the import form in a language.
func (ts *testServer) uploadLang(t *testing.T, hidden url.Values, data, lang string) fetched {
	t.Helper()
	req := uploadRequest(ts.URL, hidden, data)
	req.Header.Set("Accept-Language", lang)
	return ts.do(req)
}

// TestHostileHistoryReplaysNothing: the history page of a phone that
// opened long tables lists them from their kept cards, also after a
// restart; a table that changed since is replayed once, the others not.
func TestHostileHistoryReplaysNothing(t *testing.T) {
	ts := newTestServer(t)
	var tables []string
	for range 3 {
		table, _, _ := ts.importJSON(kksExport(800))
		ts.get(table) // the phone remembers it
		tables = append(tables, table)
	}
	srv := ts.restart()
	p := srv.get("/history")
	if got := p.doc.Find(`[data-testid="history"] li`).Length(); got != 3 {
		t.Fatalf("history lists %d tables", got)
	}
	if !strings.Contains(p.text(`[data-testid="history"] li`), "799") {
		t.Errorf("history row %q does not count the games", p.text(`[data-testid="history"] li`))
	}
	if w := srv.app.tables.Stats(); w != (sessions.Stats{}) {
		t.Errorf("history of three long tables after a restart cost %+v", w)
	}
	entry := ts.get(tables[1] + "/games/new")
	ts.post(tables[1]+"/games", fullGame(entry.formOf(t, tables[1]+"/games")))
	srv.get("/history")
	srv.get("/history")
	if w := srv.app.tables.Stats(); w.Replays != 1 {
		t.Errorf("after a game at one table, history cost %+v, want that table replayed once", w)
	}
}
