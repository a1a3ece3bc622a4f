package server

// Every answer is true (issue #31): what a write answers when the store
// fails, a one-time token used twice, names no export can carry or that
// look like another, uploads refused before they are read, a database
// file taken away while serving. Each test plays the hostile client or
// the failing store on 127.0.0.1 and is bounded in count and time.

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tablemate/sessions"
	"tablemate/sessions/pgtest"
	"tablemate/web/areatest"
	"tablemate/web/serve"
	"tablemate/web/webtest"
)

// postUntil posts form to path until the answer is not a 503 (the store
// back), at most for 15 s, as a person pressing "Send it again" would.
func (ts *testServer) postUntil(path string, form url.Values) webtest.Page {
	ts.T.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		p := ts.Post(path, form)
		if p.Status != http.StatusServiceUnavailable || time.Now().After(deadline) {
			return p
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// readable waits until path answers 200 again (the store back and the
// pool's broken connections replaced), at most 15 s.
func (ts *testServer) readable(path string) {
	ts.T.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for ts.Get(path).Status != http.StatusOK {
		if time.Now().After(deadline) {
			ts.T.Fatalf("%s does not answer again after the restart", path)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// count is one number read from the database.
func (ts *testServer) count(query string, args ...any) int {
	ts.T.Helper()
	var n int
	ts.query(&n, query, args...)
	return n
}

// keyOf is the internal key of the table whose edit path is path.
func (ts *testServer) keyOf(path string) string {
	ts.T.Helper()
	var key string
	ts.query(&key, `SELECT id FROM tables WHERE edit_link = ?`, strings.TrimPrefix(path, "/tables/"))
	return key
}

// TestHostilePostgresOutage: the test run's own PostgreSQL is stopped
// right after a game's commit, then stays stopped while phones send what
// they had on screen, and is started again. The game committed before
// the stop answers as recorded (not 500 "try again"); every write while
// it is down answers 503 "nothing was recorded" with a "Send it again"
// form, every page 503, /healthz 503; nothing answers 500. After the
// restart, each 503 sent again with its own token is recorded once, and
// sending it once more records nothing twice.
func TestHostilePostgresOutage(t *testing.T) {
	pg := webtest.PostgresServer()
	if pg == nil {
		t.Skip("runs in the PostgreSQL pass (it stops and starts the server)")
	}
	if !pg.CanHalt() {
		// The pass's server is one the whole run shares (make test):
		// stopping it would fail every other package's tests, so this
		// test starts a server of its own to stop.
		own, err := pgtest.Start(pgtest.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { own.Stop() })
		pg = own
	}
	// The hook on the store's writes is set before the server follows
	// the database (OnChange is read by the follower's goroutine); what
	// it does besides publishing is switched by stopAfter.
	var stopAfter atomic.Pointer[func(id string, head int)]
	s, app := webtest.StartOn(t, pg.FreshT(t), NewApp, false, func(a *App) {
		a.writeRate = 0
		a.tables.OnChange(func(id string, h int) {
			a.live.Publish(id, h)
			if f := stopAfter.Load(); f != nil {
				(*f)(id, h)
			}
		})
	})
	ts := &testServer{Steps: areatest.Steps{Server: s}, app: app}
	halted := false
	t.Cleanup(func() {
		if halted {
			pg.Resume()
		}
	})
	halt := func() {
		if err := pg.Halt(); err != nil {
			t.Fatal(err)
		}
		halted = true
	}

	// A game whose commit is followed at once by the outage: the table
	// cannot be read again to choose the page after it.
	first := ts.CreateTable("Amelia", "Victor")
	game := fullGame(ts.Get(first+"/games/new").FormOf(t, first+"/games"))
	// Only the game's own commit stops the server, once: PostgreSQL's
	// notices of earlier writes (the table's creation) arrive on their
	// own goroutine and must not stop it before the game is sent.
	key, seen := ts.keyOf(first), game.Get("_seen")
	var once sync.Once
	stop := func(id string, h int) {
		if id == key && fmt.Sprint(h-1) == seen {
			once.Do(halt)
		}
	}
	stopAfter.Store(&stop)
	p := ts.Post(first+"/games", game)
	stopAfter.Store(nil)
	if p.Status != http.StatusSeeOther {
		t.Errorf("a game committed just before the outage: %d %q, want the recorded redirect", p.Status, p.Text("main"))
	}

	// Forms on the phones' screens, sent while the database is down.
	type sent struct {
		name, path string
		form       url.Values
	}
	var forms []sent
	if err := pg.Resume(); err != nil { // to fetch the forms
		t.Fatal(err)
	}
	halted = false
	ts.readable(first)
	games := ts.CreateTable("Amelia", "Victor")
	players := ts.CreateTable("Amelia", "Victor")
	undone := ts.CreateTable("Amelia", "Victor")
	ts.Post(undone+"/games", fullGame(ts.Get(undone+"/games/new").FormOf(t, undone+"/games")))
	forms = append(forms,
		sent{"a game", games + "/games", fullGame(ts.Get(games+"/games/new").FormOf(t, games+"/games"))},
		sent{"a player", players + "/players", withValue(ts.Get(players).FormOf(t, players+"/players"), "name", "Dora")},
		sent{"an undo", undone + "/undo", ts.Get(undone).FormOf(t, undone+"/undo")},
		sent{"a new table", "/tables", withValues(ts.Get("/tables/new").FormOf(t, "/tables"), "game", "koffer-katze-sombrero", "name", "Outage table", "players", "Ana", "players", "Ben")},
		sent{"a new league", "/leagues", withValues(ts.Get("/leagues/new").FormOf(t, "/leagues"), "name", "Outage league", "scheme", "placing", "members", "Ana\nBen")},
	)
	halt()
	for _, f := range forms {
		p := ts.Post(f.path, f.form)
		if p.Status != http.StatusServiceUnavailable || !strings.Contains(p.Body, "Nothing was recorded") || strings.Contains(p.Body, "safe") ||
			p.Header.Get("Retry-After") == "" || p.Doc.Find(`form[data-testid="resend"] button`).Length() != 1 {
			t.Errorf("%s while the database is down: %d %q", f.name, p.Status, p.Text("main"))
		}
	}
	for _, path := range []string{first, first + "/games/1", "/history", "/healthz"} {
		if p := ts.Get(path); p.Status != http.StatusServiceUnavailable {
			t.Errorf("GET %s while the database is down: %d %q", path, p.Status, p.Text("main"))
		}
	}
	if err := pg.Resume(); err != nil {
		t.Fatal(err)
	}
	halted = false

	// Sent again with their tokens: recorded once, then "already".
	for _, f := range forms {
		if p := ts.postUntil(f.path, f.form); p.Status != http.StatusSeeOther {
			t.Errorf("%s sent again after the outage: %d %q", f.name, p.Status, p.Text("main"))
		}
		if p := ts.Post(f.path, f.form); p.Status != http.StatusSeeOther {
			t.Errorf("%s sent a third time: %d %q", f.name, p.Status, p.Text("main"))
		}
	}
	if p := ts.postUntil(first+"/games", game); p.Status != http.StatusSeeOther || !strings.Contains(p.Header.Get("Location"), "done=already") {
		t.Errorf("the game committed before the outage, sent again: %d %q", p.Status, p.Header.Get("Location"))
	}
	for _, c := range []struct {
		what  string
		query string
		args  []any
		want  int
	}{
		{"games at the first table", `SELECT count(*) FROM events WHERE table_id = ? AND kind = 'game_recorded'`, []any{ts.keyOf(first)}, 1},
		{"games at the games table", `SELECT count(*) FROM events WHERE table_id = ? AND kind = 'game_recorded'`, []any{ts.keyOf(games)}, 1},
		{"players joined", `SELECT count(*) FROM events WHERE table_id = ? AND kind = 'player_joined'`, []any{ts.keyOf(players)}, 1},
		{"undos", `SELECT count(*) FROM events WHERE table_id = ? AND kind = 'undo'`, []any{ts.keyOf(undone)}, 1},
		{"outage tables", `SELECT count(*) FROM tables WHERE name = ?`, []any{"Outage table"}, 1},
		{"outage leagues", `SELECT count(*) FROM leagues WHERE name = ?`, []any{"Outage league"}, 1},
	} {
		if got := ts.count(c.query, c.args...); got != c.want {
			t.Errorf("%s: %d, want %d", c.what, got, c.want)
		}
	}
	if h := ts.Get("/healthz"); h.Status != http.StatusOK {
		t.Errorf("/healthz with the database back: %d %q", h.Status, h.Body)
	}
}

func withValue(f url.Values, name, value string) url.Values {
	f.Set(name, value)
	return f
}

// withValues sets pairs of name and value; a name given twice gets both.
func withValues(f url.Values, pairs ...string) url.Values {
	seen := map[string]bool{}
	for i := 0; i+1 < len(pairs); i += 2 {
		if !seen[pairs[i]] {
			f.Del(pairs[i])
			seen[pairs[i]] = true
		}
		f.Add(pairs[i], pairs[i+1])
	}
	return f
}

// TestHostileSharedTokenSequence: the Undo and Add-player forms of one
// table page carry tokens of their own; a token recorded for an Undo
// never answers "Player added." (nor the other way round), and nothing
// is done for it.
func TestHostileSharedTokenSequence(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	ts.Post(table+"/games", fullGame(ts.Get(table+"/games/new").FormOf(t, table+"/games")))
	page := ts.Get(table)
	undo, add := page.FormOf(t, table+"/undo"), page.FormOf(t, table+"/players")
	if undo.Get("_token") == add.Get("_token") {
		t.Fatalf("the Undo and Add-player forms share the token %q", undo.Get("_token"))
	}
	if p := ts.Post(table+"/undo", undo); p.Status != http.StatusSeeOther {
		t.Fatalf("undo: %d", p.Status)
	}
	// The Add-player form of the same page, sent after the Undo: the
	// table moved on, so it says so and seats nobody.
	add.Set("name", "Dora")
	if p := ts.Post(table+"/players", add); p.Status == http.StatusSeeOther || strings.Contains(p.Body, "Player added") {
		t.Errorf("add player after undo from one page: %d %q", p.Status, p.Text(".banner"))
	}
	// A hand-made post: Add player with the Undo's token on the fresh
	// table. The token was recorded for the Undo: refused, nobody seated.
	fresh := ts.Get(table).FormOf(t, table+"/players")
	fresh.Set("name", "Dora")
	fresh.Set("_token", undo.Get("_token"))
	p := ts.Post(table+"/players", fresh)
	if p.Status != http.StatusConflict || strings.Contains(p.Body, "Player added") || !strings.Contains(p.Body, "sent before for another entry") {
		t.Errorf("add player with the undo's token: %d %q", p.Status, p.Text("main"))
	}
	if players := ts.Table(table).Players; len(players) != 2 {
		t.Errorf("players %v", players)
	}
	// The other order: a player added, then an Undo with the player's token.
	add = ts.Get(table).FormOf(t, table+"/players")
	add.Set("name", "Eve")
	if p := ts.Post(table+"/players", add); p.Status != http.StatusSeeOther {
		t.Fatalf("add Eve: %d", p.Status)
	}
	undo = ts.Get(table).FormOf(t, table+"/undo")
	undo.Set("_token", add.Get("_token"))
	if p := ts.Post(table+"/undo", undo); p.Status != http.StatusConflict || strings.Contains(p.Header.Get("Location"), "done=undo") {
		t.Errorf("undo with the add form's token: %d %q", p.Status, p.Header.Get("Location"))
	}
	if players := ts.Table(table).Players; len(players) != 3 {
		t.Errorf("after the refused undo: players %v", players)
	}
	// The same Add-player form sent again is the same write: "already".
	add.Set("_seen", fmt.Sprint(ts.Table(table).Head))
	if p := ts.Post(table+"/players", add); p.Status != http.StatusSeeOther {
		t.Errorf("the Eve form again: %d", p.Status)
	}
	// ... but with another name it is another write.
	add.Set("name", "Fay")
	if p := ts.Post(table+"/players", add); p.Status != http.StatusConflict {
		t.Errorf("the Eve form with another name: %d", p.Status)
	}
}

// TestHostileNames: U+FFFE, U+FFFF, private-use and invisible characters
// are refused in every name, naming the field and the character; names
// that look alike are refused at one table and in one league, and a
// table's look-alike of a member is matched to that member.
func TestHostileNames(t *testing.T) {
	ts := newTestServer(t)
	newTable := func(name string, players ...string) webtest.Page {
		f := ts.Get("/tables/new").FormOf(t, "/tables")
		f.Set("game", "koffer-katze-sombrero")
		f.Set("name", name)
		f["players"] = players
		return ts.Post("/tables", f)
	}
	for _, c := range []struct {
		what, name string
		players    []string
		says       string
	}{
		{"U+FFFE in a player's name", "", []string{"Ana\ufffe", "Ben"}, "U+FFFE"},
		{"U+FFFF in a player's name", "", []string{"Ana", "Ben\uffff"}, "U+FFFF"},
		{"a private-use character", "", []string{"Ana\ue000", "Ben"}, "U+E000"},
		{"a zero-width space", "", []string{"Ana\u200b", "Ben"}, "U+200B"},
		{"a soft hyphen", "", []string{"An\u00ada", "Ben"}, "U+00AD"},
		{"U+FFFE in the table's name", "Friday\ufffe", []string{"Ana", "Ben"}, "U+FFFE"},
		{"a Cyrillic А beside Ana", "", []string{"Ana", "\u0410na"}, "looks like Ana"},
		{"CarI beside Carl", "", []string{"Carl", "CarI"}, "looks like Carl"},
	} {
		p := newTable(c.name, c.players...)
		if p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".field-error"), c.says) {
			t.Errorf("%s: %d %q", c.what, p.Status, p.Text(".field-error"))
		}
	}
	table := ts.CreateTable("Ana", "Ben")
	for _, name := range []string{"Dora\ufffe", "\u0410na", "B\u200cen"} {
		f := ts.Get(table).FormOf(t, table+"/players")
		f.Set("name", name)
		if p := ts.Post(table+"/players", f); p.Status != http.StatusUnprocessableEntity {
			t.Errorf("add player %q: %d", name, p.Status)
		}
	}
	// A name in decomposed form is kept composed.
	f := ts.Get(table).FormOf(t, table+"/players")
	f.Set("name", "Zoe\u0308")
	if p := ts.Post(table+"/players", f); p.Status != http.StatusSeeOther || ts.Table(table).Players[2] != "Zoë" {
		t.Errorf("a decomposed name: %d %q", p.Status, ts.Table(table).Players)
	}
	// Leagues: members refused alike.
	lf := ts.Get("/leagues/new").FormOf(t, "/leagues")
	lf.Set("name", "Season")
	lf.Set("scheme", "placing")
	lf.Set("members", "Ana\nBen\uffff")
	if p := ts.Post("/leagues", lf); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "U+FFFF") {
		t.Errorf("a league member with U+FFFF: %d", p.Status)
	}
	lf = ts.Get("/leagues/new").FormOf(t, "/leagues")
	lf.Set("name", "Season")
	lf.Set("scheme", "placing")
	lf.Set("members", "Ana\n\u0410na")
	if p := ts.Post("/leagues", lf); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "looks like Ana") {
		t.Errorf("league members Ana and Аna: %d", p.Status)
	}
	// An import refuses them as the form does.
	if p := ts.Upload(t, areatest.TableExport("Two", []string{"Ana", "Ben\ufffe"}, nil)); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "U+FFFE") {
		t.Errorf("an import with U+FFFE: %d %q", p.Status, p.Text(`[data-testid="import-error"]`))
	}
	// League member matching: a table's "Аna" looks like the member Ana.
	lf = ts.Get("/leagues/new").FormOf(t, "/leagues")
	lf.Set("name", "Season")
	lf.Set("scheme", "placing")
	lf.Set("members", "Ana\nBen")
	admin := ts.Post("/leagues", lf).Header.Get("Location")
	cyrillic := ts.CreateTable("\u0410na", "Ben")
	add := ts.Get(admin).FormOf(t, admin+"/tables")
	add.Set("table", ts.URL+cyrillic)
	who := ts.Post(admin+"/tables", add)
	if note := who.Text(`[data-testid="league-names"] .hint`); !strings.Contains(note, "looks like Ana") {
		t.Errorf("who is who: %q", note)
	}
	if sel, _ := who.Doc.Find(`[data-testid="league-names"] option[selected]`).Attr("value"); sel != "is:Ana" {
		t.Errorf("the look-alike is not matched to Ana: %q", sel)
	}
	// Seated at a league's table, it is flagged too.
	nf := ts.Get("/tables/new?league="+strings.TrimPrefix(admin, "/l/")).FormOf(t, "/tables")
	nf.Set("game", "koffer-katze-sombrero")
	nf["players"] = []string{"\u0410na", "Ben"}
	if p := ts.Post("/tables", nf); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "looks like Ana") {
		t.Errorf("a league table seating Аna: %d %q", p.Status, p.Text(".field-error"))
	}
}

// TestHostileSmallerLies: a link-replacement form with a token holding
// NUL or bytes that are not UTF-8 is refused (4xx, never 500); a league
// form sent twice makes one league; the table import without a security
// token answers the "form expired" page, not echo's raw words.
func TestHostileSmallerLies(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	for _, token := range []string{"a\x00b", "\xff\xfe"} {
		f := ts.Get(table).FormOf(t, table+"/rotate/view")
		f.Set("_token", token)
		if p := ts.Post(table+"/rotate/view", f); p.Status < 400 || p.Status >= 500 {
			t.Errorf("rotate with token %q: %d", token, p.Status)
		}
		lf := ts.Get("/leagues/new").FormOf(t, "/leagues")
		lf.Set("name", "Season")
		lf.Set("scheme", "placing")
		lf.Set("_token", token)
		if p := ts.Post("/leagues", lf); p.Status < 400 || p.Status >= 500 {
			t.Errorf("new league with token %q: %d", token, p.Status)
		}
	}
	lf := ts.Get("/leagues/new").FormOf(t, "/leagues")
	lf.Set("name", "Twice")
	lf.Set("scheme", "placing")
	lf.Set("members", "Ana\nBen")
	a, b := ts.Post("/leagues", lf), ts.Post("/leagues", lf)
	if a.Status != http.StatusSeeOther || a.Header.Get("Location") != b.Header.Get("Location") || ts.count(`SELECT count(*) FROM leagues WHERE name = 'Twice'`) != 1 {
		t.Errorf("one league form sent twice: %d %q, %d %q, %d leagues", a.Status, a.Header.Get("Location"), b.Status, b.Header.Get("Location"),
			ts.count(`SELECT count(*) FROM leagues WHERE name = 'Twice'`))
	}
	lf.Set("name", "Other")
	if p := ts.Post("/leagues", lf); p.Status != http.StatusConflict {
		t.Errorf("the same token for another league: %d", p.Status)
	}
	// An import without its token, from outside a browser: the friendly page.
	req := areatest.UploadRequest(ts.URL, url.Values{}, areatest.TableExport("Two", []string{"Ana", "Ben"}, nil))
	req.Header.Del("Sec-Fetch-Site")
	p := ts.Do(req)
	if p.Status != http.StatusForbidden || strings.Contains(p.Body, "missing csrf") || !strings.Contains(p.Body, "security token") {
		t.Errorf("import without a token: %d %q", p.Status, p.Text("main"))
	}
	// A token in the X-CSRF-Token header does.
	ts.Get("/tables/import")
	req = areatest.UploadRequest(ts.URL, url.Values{}, areatest.TableExport("Two", []string{"Ana", "Ben"}, nil))
	req.Header.Del("Sec-Fetch-Site")
	u, _ := url.Parse(ts.URL)
	for _, c := range ts.Client.Jar.Cookies(u) {
		if c.Name == serve.CSRFCookie {
			req.Header.Set("X-CSRF-Token", c.Value)
		}
	}
	if p := ts.Do(req); p.Status != http.StatusSeeOther {
		t.Errorf("import with the token in its header: %d %q", p.Status, p.Text("main"))
	}
}

// TestHostileDatabaseFileDeleted: the SQLite file deleted, then another
// file put in its place, while serving: writes answer 503 "nothing was
// recorded" and make nothing, /healthz says why; a table created then is
// not answered as created.
func TestHostileDatabaseFileDeleted(t *testing.T) {
	if webtest.Postgres() {
		t.Skip("an SQLite file: the PostgreSQL pass has none")
	}
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	entry := fullGame(ts.Get(table+"/games/new").FormOf(t, table+"/games"))
	create := withValues(ts.Get("/tables/new").FormOf(t, "/tables"), "game", "koffer-katze-sombrero", "players", "Ana", "players", "Ben")
	if h := ts.Get("/healthz"); h.Status != http.StatusOK {
		t.Fatalf("/healthz before: %d", h.Status)
	}
	if err := os.Remove(ts.DBPath); err != nil {
		t.Fatal(err)
	}
	for what, p := range map[string]webtest.Page{"a game": ts.Post(table+"/games", entry), "a new table": ts.Post("/tables", create)} {
		if p.Status != http.StatusServiceUnavailable || !strings.Contains(p.Body, "Nothing was recorded") {
			t.Errorf("%s after the file was deleted: %d %q", what, p.Status, p.Text("main"))
		}
	}
	if h := ts.Get("/healthz"); h.Status != http.StatusServiceUnavailable || !strings.Contains(h.Body, "deleted") {
		t.Errorf("/healthz after the file was deleted: %d %q", h.Status, h.Body)
	}
	// Another file put in its place is not the one opened either.
	if err := os.WriteFile(ts.DBPath, []byte("SQLite format 3\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	if h := ts.Get("/healthz"); h.Status != http.StatusServiceUnavailable || !strings.Contains(h.Body, "another file") {
		t.Errorf("/healthz with another file in its place: %d %q", h.Status, h.Body)
	}
	if p := ts.Post(table+"/games", entry); p.Status != http.StatusServiceUnavailable || !strings.Contains(p.Body, "Nothing was recorded") {
		t.Errorf("a game with another file in its place: %d %q", p.Status, p.Text("main"))
	}
}

// memoryServerVar makes the test binary, run again, serve for
// TestHostileImportMemory and wait.
const memoryServerVar = "TABLEMATE_TEST_MEMORY_SERVER"

// TestHostileImportMemory: 40 posts of 30 MB each to the table import,
// sent at once with a bogus security token, are refused (403, or 503 over
// the imports read at once) before their files are read: the server's
// resident memory stays under 150 MB at its peak. The server runs in a
// process of its own (this test binary again), so its peak is its own.
func TestHostileImportMemory(t *testing.T) {
	if os.Getenv(memoryServerVar) != "" {
		serveForMemory(t)
		return
	}
	if webtest.Postgres() {
		t.Skip("measured once, in the SQLite pass")
	}
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("needs Linux's /proc to read the server's memory")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestHostileImportMemory$", "-test.count=1")
	cmd.Env = append(os.Environ(), memoryServerVar+"=1")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); cmd.Wait() }()
	base := ""
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		if u, ok := strings.CutPrefix(lines.Text(), "serving "); ok {
			base = u
			break
		}
	}
	if base == "" {
		t.Fatal("the server process did not start")
	}
	go io.Copy(io.Discard, stdout)
	before := vmKB(t, cmd.Process.Pid, "VmRSS")

	const posts, size = 40, 30 << 20
	statuses := make(chan int, posts)
	client := &http.Client{Timeout: 30 * time.Second}
	for range posts {
		go func() {
			head := "--b\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\nbogus\r\n" +
				"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"t.json\"\r\nContent-Type: application/json\r\n\r\n"
			tail := "\r\n--b--\r\n"
			body := io.MultiReader(strings.NewReader(head), io.LimitReader(zeros{}, size), strings.NewReader(tail))
			req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/tables/import", body)
			req.ContentLength = int64(len(head) + size + len(tail))
			req.Header.Set("Content-Type", "multipart/form-data; boundary=b")
			resp, err := client.Do(req)
			if err != nil {
				statuses <- 0
				return
			}
			resp.Body.Close()
			statuses <- resp.StatusCode
		}()
	}
	got := map[int]int{}
	for range posts {
		got[<-statuses]++
	}
	if got[http.StatusForbidden]+got[http.StatusServiceUnavailable] != posts {
		t.Errorf("40 bogus-token imports answered %v, want 403 or 503 each", got)
	}
	peak := vmKB(t, cmd.Process.Pid, "VmHWM")
	t.Logf("server RSS %d kB before, peak %d kB; answers %v", before, peak, got)
	if peak > 150<<10 {
		t.Errorf("the server's resident memory peaked at %d MB, want under 150 MB", peak>>10)
	}
}

// serveForMemory is the server process of TestHostileImportMemory: it
// says where it serves and runs until its standard input closes.
func serveForMemory(t *testing.T) {
	ts := newTestServer(t)
	fmt.Printf("serving %s\n", ts.URL)
	done := make(chan struct{})
	go func() { io.Copy(io.Discard, os.Stdin); close(done) }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
	}
}

// zeros reads as endless zero bytes, allocating nothing.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// vmKB reads one "Vm…" line of a process's /proc status, in kB.
func vmKB(t *testing.T, pid int, field string) int {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			var kb int
			fmt.Sscanf(strings.TrimSpace(v), "%d", &kb)
			return kb
		}
	}
	t.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}

// TestHostileLeagueFilesKeptByVersion: a league's .bgsplay and BGG XML
// are written once per league version, like its standings: GETs after
// the first answer the kept file, a new game writes it anew.
func TestHostileLeagueFilesKeptByVersion(t *testing.T) {
	ts := newTestServer(t)
	_, public, _ := ts.ImportJSON(areatest.LeagueExport(4, 3))
	first := ts.Get(public + "/export.bgsplay")
	for range 5 {
		if p := ts.Get(public + "/export.bgsplay"); p.Status != http.StatusOK || p.Body != first.Body {
			t.Fatalf("the kept file differs: %d", p.Status)
		}
	}
	ts.Get(public + "/export-bgg.xml")
	ts.Get(public + "/export-bgg.xml")
	if n := ts.app.interop.LeagueFilesWritten(); n != 2 {
		t.Errorf("8 downloads of two files wrote %d files, want 2", n)
	}
	link, _ := ts.Get(public).Doc.Find(`[data-testid="league-tables"] a`).First().Attr("href")
	view := strings.TrimPrefix(link, "/v/")
	ro, _ := ts.app.tables.ReadOnly(context.Background(), view)
	if _, err := ts.app.tables.RecordGame(context.Background(), ts.editLinkOf(view), ro.Head, "",
		[]byte(fmt.Sprintf(areatest.KKSThree, ro.Players[0], ro.Players[1], ro.Players[2]))); err != nil {
		t.Fatal(err)
	}
	if p := ts.Get(public + "/export.bgsplay"); p.Body == first.Body || ts.app.interop.LeagueFilesWritten() != 3 {
		t.Errorf("after a new game the file was not written anew (%d written)", ts.app.interop.LeagueFilesWritten())
	}
}

// TestHostileOldNamesExport: a table's imported games, whose players
// and comments no engine checks again, hold what an old log may hold:
// comments with U+FFFF and a NUL, comments of 10,000 characters (the
// import's bound, which the export's mark makes longer), and player names
// with U+FFFE and U+FFFF (written straight into the events, as a server
// before the name rules stored them). The table's, its view-only link's
// and its league's BG Stats and BoardGameGeek files all answer 200, with
// each such character written as U+FFFD, never 500.
func TestHostileOldNamesExport(t *testing.T) {
	if webtest.Postgres() {
		t.Skip("the old log is written into an SQLite file; the exports do not depend on the store")
	}
	ts := newTestServer(t)
	imported := func(seq int, comments string) string {
		c, _ := json.Marshal(comments)
		return fmt.Sprintf(`,{"seq":%d,"kind":"game_imported","payload":{"source":"bgstats","played":"2026-11-20 19:%02d:00","comments":%s,`+
			`"players":[{"name":"Amelia","score":12,"winner":true},{"name":"Victor","score":7}]},"at":"2026-11-20T19:%02d:00Z"}`, seq, seq, c, seq)
	}
	data := areatest.TableExport("Old", []string{"Amelia", "Victor"}, nil)
	data = strings.TrimSuffix(data, "]}") + imported(2, "Good\uffff game\x00") + imported(3, strings.Repeat("x", 10_000)) + "]}"
	p := ts.Upload(t, data)
	if p.Status != http.StatusSeeOther {
		t.Fatalf("import: %d %q", p.Status, p.Text(`[data-testid="import-error"]`))
	}
	table := p.Header.Get("Location")
	admin := ts.CreateLeague(t, "Season", "placing", "Amelia", "Victor")
	ts.AddToLeague(t, admin, table, nil)
	public, _ := ts.Get(admin).Doc.Find(`[data-testid="public-link"]`).Attr("value")
	public = public[strings.Index(public, "/leagues/"):]
	view, _ := ts.Get(table).Doc.Find(`[data-testid="view-link"]`).Attr("value")
	view = view[strings.Index(view, "/v/"):]
	key := ts.keyOf(table)
	db, err := sql.Open("sqlite3", ts.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []struct {
		query string
		args  []any
	}{
		{`DROP TRIGGER events_no_update`, nil},
		{`UPDATE events SET payload = replace(replace(payload, 'Victor', ?), 'Amelia', ?) WHERE table_id = ?`, []any{"Victor\uffff", "Amelia\ufffe", key}},
		{`CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN SELECT RAISE(ABORT, 'events are append-only'); END`, nil},
		{`DELETE FROM table_snapshots`, nil},
		{`DELETE FROM table_summaries`, nil},
		{`DELETE FROM league_stats`, nil},
	} {
		if _, err := db.Exec(q.query, q.args...); err != nil {
			t.Fatalf("%s: %v", q.query, err)
		}
	}
	ts = ts.restart()
	tb, err := ts.app.tables.Table(context.Background(), strings.TrimPrefix(table, "/tables/"))
	if err != nil || len(tb.Players) != 2 || tb.Players[1] != "Victor\uffff" || tb.Games.Len() != 2 || !tb.Games.At(0).Record.Counted {
		t.Fatalf("the old log reads as %q, %d games (%v)", tb.Players, tb.Games.Len(), err)
	}
	if p := ts.Get(public); p.Status != http.StatusOK {
		t.Errorf("the league's page: %d", p.Status)
	}
	for _, base := range []string{table, view, public} {
		for _, file := range []string{"/export.bgsplay", "/export-bgg.xml"} {
			p := ts.Get(base + file)
			if p.Status != http.StatusOK || !strings.Contains(p.Body, "Victor\ufffd") || !strings.Contains(p.Body, "Amelia\ufffd") ||
				!strings.Contains(p.Body, "Good\ufffd game") || strings.ContainsAny(p.Body, "\ufffe\uffff\x00") {
				t.Errorf("GET %s%s with an old log: %d %.300q", base, file, p.Status, p.Body)
			}
		}
	}
}

// TestHostileDatabaseFileDamaged: pages of the SQLite file go bad under a
// server (a bad sector, a broken copy; the start-up check could not have
// seen it): the table's pages, its export and a write answer
// 503, never 500 or "your entries are safe", a write says nothing was
// recorded, and /healthz says the file is damaged, until a restart.
func TestHostileDatabaseFileDamaged(t *testing.T) {
	if webtest.Postgres() {
		t.Skip("an SQLite file: the PostgreSQL pass has none")
	}
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	entry := fullGame(ts.Get(table+"/games/new").FormOf(t, table+"/games"))
	if p := ts.Post(table+"/games", entry); p.Status != http.StatusSeeOther {
		t.Fatalf("a game: %d", p.Status)
	}
	next := fullGame(ts.Get(table+"/games/new").FormOf(t, table+"/games"))
	// Everything in the file itself, then every page after the first
	// (the schema) overwritten.
	db, err := sql.Open("sqlite3", ts.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
	var pageSize int
	if err := db.QueryRow(`PRAGMA page_size`).Scan(&pageSize); err != nil {
		t.Fatal(err)
	}
	db.Close()
	// A server whose connections read the file from now on (the running
	// one's page caches would hide the damage for a while), opened on the
	// good file: the damage comes while it serves.
	store, err := sessions.Open(ts.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	st, err := os.Stat(ts.DBPath)
	if err != nil || st.Size() < int64(3*pageSize) {
		t.Fatalf("the database file: %v, %d bytes", err, st.Size())
	}
	f, err := os.OpenFile(ts.DBPath, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt([]byte(strings.Repeat("\xa5", int(st.Size())-pageSize)), int64(pageSize)); err != nil {
		t.Fatal(err)
	}
	f.Close()
	a := NewApp(store, ts.app.log)
	webtest.FollowUntilCleanup(t, a)
	srv := httptest.NewServer(newServer(a))
	t.Cleanup(srv.Close)
	t.Cleanup(a.live.Close)
	hurt := &testServer{Steps: areatest.Steps{Server: &webtest.Server{Server: srv, T: t, Client: ts.Client, DBPath: ts.DBPath}}, app: a}
	if h := hurt.Get("/healthz"); h.Status != http.StatusServiceUnavailable || !strings.Contains(h.Body, "damaged") {
		t.Errorf("/healthz of a damaged file: %d %q", h.Status, h.Body)
	}
	for _, path := range []string{table, table + "/games/1", table + "/export.json"} {
		if p := hurt.Get(path); p.Status != http.StatusServiceUnavailable || strings.Contains(p.Body, "safe") {
			t.Errorf("GET %s of a damaged file: %d %q", path, p.Status, p.Text("main"))
		}
	}
	if p := hurt.Post(table+"/games", next); p.Status != http.StatusServiceUnavailable || !strings.Contains(p.Body, "Nothing was recorded") || strings.Contains(p.Body, "safe") {
		t.Errorf("a game into a damaged file: %d %q", p.Status, p.Text("main"))
	}
	if h := hurt.Get("/healthz"); h.Status != http.StatusServiceUnavailable || !strings.Contains(h.Body, "damaged") {
		t.Errorf("/healthz after: %d %q", h.Status, h.Body)
	}
}

// TestHostileImportTwice: the import form sent twice with its one-time
// token (a double tap, "Send it again") makes one table, or one league
// with its tables (or none), and answers both times with it; a fresh form imports
// again; a token that is not text is refused (4xx), never 500.
func TestHostileImportTwice(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, c := range []struct {
		what, file, count string
	}{
		{"a table", areatest.TableExport("Twice", []string{"Ana", "Ben"}, nil), `SELECT count(*) FROM tables WHERE name = 'Twice'`},
		{"a league", areatest.LeagueExport(2, 1), `SELECT count(*) FROM leagues`},
		// No table carries the token's event: the league itself is found.
		{"a league without tables", areatest.LeagueExport(0, 0), `SELECT count(*) FROM leagues`},
	} {
		form := ts.Get("/tables/import").FormOf(t, "/tables/import")
		if form.Get("_token") == "" {
			t.Fatal("the import form carries no one-time token")
		}
		before := ts.count(c.count)
		first := ts.Do(areatest.UploadRequest(ts.URL, form, c.file))
		again := ts.Do(areatest.UploadRequest(ts.URL, form, c.file))
		if first.Status != http.StatusSeeOther || again.Status != http.StatusSeeOther || first.Header.Get("Location") != again.Header.Get("Location") {
			t.Errorf("%s imported twice from one form: %d %q, %d %q", c.what, first.Status, first.Header.Get("Location"), again.Status, again.Header.Get("Location"))
		}
		if n := ts.count(c.count) - before; n != 1 {
			t.Errorf("%s imported twice from one form made %d", c.what, n)
		}
		fresh := ts.Do(areatest.UploadRequest(ts.URL, ts.Get("/tables/import").FormOf(t, "/tables/import"), c.file))
		if fresh.Status != http.StatusSeeOther || fresh.Header.Get("Location") == first.Header.Get("Location") || ts.count(c.count)-before != 2 {
			t.Errorf("%s from a fresh form: %d %q", c.what, fresh.Status, fresh.Header.Get("Location"))
		}
	}
	tables := ts.count(`SELECT count(*) FROM tables`)
	// A league's import token is not a table's.
	form := ts.Get("/tables/import").FormOf(t, "/tables/import")
	ts.Do(areatest.UploadRequest(ts.URL, form, areatest.TableExport("One", []string{"Ana", "Ben"}, nil)))
	if p := ts.Do(areatest.UploadRequest(ts.URL, form, areatest.LeagueExport(1, 1))); p.Status != http.StatusSeeOther || !strings.HasPrefix(p.Header.Get("Location"), "/l/") {
		t.Errorf("a league with a table import's token: %d %q", p.Status, p.Header.Get("Location"))
	}
	for _, token := range []string{"a\x00b", "\xff\xfe"} {
		form := ts.Get("/tables/import").FormOf(t, "/tables/import")
		form.Set("_token", token)
		if p := ts.Do(areatest.UploadRequest(ts.URL, form, areatest.TableExport("Odd", []string{"Ana", "Ben"}, nil))); p.Status < 400 || p.Status >= 500 {
			t.Errorf("import with token %q: %d", token, p.Status)
		}
	}
	if n := ts.count(`SELECT count(*) FROM tables`) - tables; n != 2 {
		t.Errorf("%d tables made after, want 2 (the table and the league's)", n)
	}
}

// TestHostileSQLiteBusySaysNotSaved: another process holds the SQLite
// file's write lock past the busy timeout (5 s): a game answers 503
// "Nothing was recorded" with its "Send it again" form, never 500 or
// "your entries are safe"; sent again once the lock is free it is
// recorded, once.
func TestHostileSQLiteBusySaysNotSaved(t *testing.T) {
	t.Parallel()
	if webtest.Postgres() {
		t.Skip("SQLite's file lock (PostgreSQL's row locks: sessions.TestAWriteWaitsForALockedTableBriefly)")
	}
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	form := fullGame(ts.Get(table+"/games/new").FormOf(t, table+"/games"))
	db, err := sql.Open("sqlite3", ts.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(context.Background(), `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	p := ts.Post(table+"/games", form)
	if _, err := conn.ExecContext(context.Background(), `ROLLBACK`); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	if p.Status != http.StatusServiceUnavailable || !strings.Contains(p.Body, "Nothing was recorded") || strings.Contains(p.Body, "safe") ||
		p.Doc.Find(`form[data-testid="resend"] button`).Length() != 1 {
		t.Errorf("a game while another process holds the lock: %d %q", p.Status, p.Text("main"))
	}
	if p := ts.Post(table+"/games", form); p.Status != http.StatusSeeOther {
		t.Errorf("sent again with the lock free: %d %q", p.Status, p.Text("main"))
	}
	if n := ts.count(`SELECT count(*) FROM events WHERE table_id = ? AND kind = 'game_recorded'`, ts.keyOf(table)); n != 1 {
		t.Errorf("%d games in the log, want 1", n)
	}
}
