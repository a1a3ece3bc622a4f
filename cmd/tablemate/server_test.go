package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/sessions"
)

// testServer runs the real router over a temporary database.
type testServer struct {
	*httptest.Server
	t      testing.TB
	client *http.Client
	app    *app
	dbPath string
}

func newTestServer(t testing.TB) *testServer {
	t.Helper()
	return newTestServerWith(t, nil)
}

// newTestServerWith lets a test change the app's settings first.
func newTestServerWith(t testing.TB, configure func(*app)) *testServer {
	t.Helper()
	return startTestServer(t, configure, false)
}

// startTestServer runs the real router, over TLS when tls is set.
func startTestServer(t testing.TB, configure func(*app), tls bool) *testServer {
	t.Helper()
	dbPath := testDB(t)
	store, err := openMigrated(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	a := newApp(store, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if configure != nil {
		configure(a)
	}
	a.followUntilCleanup(t)
	// The handler and timeouts of `tablemate serve`.
	prod := newHTTPServer("", a)
	srv := httptest.NewUnstartedServer(prod.Handler)
	srv.Config.ReadHeaderTimeout, srv.Config.ReadTimeout = prod.ReadHeaderTimeout, prod.ReadTimeout
	srv.Config.WriteTimeout, srv.Config.IdleTimeout = prod.WriteTimeout, prod.IdleTimeout
	if tls {
		srv.StartTLS()
	} else {
		srv.Start()
	}
	a.site.listening(srv.Listener.Addr())
	t.Cleanup(srv.Close)
	t.Cleanup(a.live.close) // end open event streams before the server closes
	jar, _ := cookiejar.New(nil)
	client := srv.Client()
	client.Jar = jar
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &testServer{Server: srv, t: t, client: client, app: a, dbPath: dbPath}
}

// fetched is a fetched HTML page.
type fetched struct {
	status int
	header http.Header
	doc    *goquery.Document
	body   string
}

func (ts *testServer) do(req *http.Request) fetched {
	ts.t.Helper()
	resp, err := ts.client.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	doc, _ := goquery.NewDocumentFromReader(bytes.NewReader(b))
	return fetched{status: resp.StatusCode, header: resp.Header, doc: doc, body: string(b)}
}

func (ts *testServer) get(path string) fetched {
	ts.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
	return ts.do(req)
}

func (ts *testServer) post(path string, form url.Values) fetched {
	ts.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	// Browsers mark their own forms same-origin; the CSRF check then
	// skips the token, so handlers must parse forms themselves.
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return ts.do(req)
}

func (ts *testServer) postJSON(path, body string) (int, map[string]any) {
	ts.t.Helper()
	resp, err := ts.client.Post(ts.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

// formOf returns the hidden fields of the first form posting to action.
func (p fetched) formOf(t testing.TB, action string) url.Values {
	t.Helper()
	f := p.doc.Find(`form[action="` + action + `"]`).First()
	if f.Length() == 0 {
		t.Fatalf("no form posting to %s in:\n%s", action, p.body)
	}
	v := url.Values{}
	f.Find(`input[type="hidden"]`).Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		val, _ := s.Attr("value")
		v.Set(name, val)
	})
	return v
}

func (p fetched) text(sel string) string {
	return strings.TrimSpace(p.doc.Find(sel).First().Text())
}

// createTable starts a KKS table through the form and returns its path.
func (ts *testServer) createTable(players ...string) string {
	ts.t.Helper()
	f := ts.get("/tables/new").formOf(ts.t, "/tables")
	f.Set("game", "koffer-katze-sombrero")
	f.Set("name", "Friday")
	f["players"] = players
	p := ts.post("/tables", f)
	if p.status != http.StatusSeeOther {
		ts.t.Fatalf("create table: %d\n%s", p.status, p.body)
	}
	return p.header.Get("Location")
}

// amelia is the rule text's example display (58 points).
var amelia = map[string]string{"red": "1 5 7", "yellow": "6 10 x", "black": "4 6 x 5", "blue": "4 9"}

func kksForm(base url.Values, displays []map[string]string, tokens []string) url.Values {
	f := url.Values{}
	for k, v := range base {
		f[k] = v
	}
	for i, d := range displays {
		for colour, s := range d {
			f.Set(pfield(i, "display."+colour), s)
		}
		f.Set(pfield(i, "tokens"), tokens[i])
	}
	return f
}

func TestSecurityHeadersAndHealth(t *testing.T) {
	ts := newTestServer(t)
	p := ts.get("/healthz")
	if p.status != http.StatusOK {
		t.Fatalf("healthz: %d", p.status)
	}
	p = ts.get("/")
	for header, want := range map[string]string{
		"Content-Security-Policy": "frame-ancestors 'none'",
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "same-origin",
		"X-Frame-Options":         "DENY",
	} {
		if !strings.Contains(p.header.Get(header), want) {
			t.Errorf("%s = %q, want it to contain %q", header, p.header.Get(header), want)
		}
	}
	if p.doc.Find(`[data-testid="no-tables"]`).Length() != 1 {
		t.Error("home page of an empty database shows no empty state")
	}
}

func TestStaticAssetsAreHashedAndCached(t *testing.T) {
	ts := newTestServer(t)
	home := ts.get("/")
	href, _ := home.doc.Find(`link[rel="stylesheet"]`).Attr("href")
	if !strings.Contains(href, "?v=") {
		t.Fatalf("stylesheet URL %q has no content hash", href)
	}
	p := ts.get(href)
	if p.status != http.StatusOK || !strings.Contains(p.header.Get("Cache-Control"), "immutable") {
		t.Fatalf("%s: %d, Cache-Control %q", href, p.status, p.header.Get("Cache-Control"))
	}
	if p := ts.get("/static/css/app.css?v=stale"); strings.Contains(p.header.Get("Cache-Control"), "immutable") {
		t.Error("a URL with an old hash is cached for a year")
	}
	if p := ts.get("/static/nope.css"); p.status != http.StatusNotFound {
		t.Errorf("missing asset: %d", p.status)
	}
}

func TestKKSEveningOverHTTP(t *testing.T) {
	ts := newTestServer(t)
	table := ts.createTable("Amelia", "Victor")
	p := ts.get(table)
	if p.status != http.StatusOK || p.doc.Find(`[data-testid="no-games"]`).Length() != 1 {
		t.Fatalf("new table page: %d\n%s", p.status, p.body)
	}

	// Game 1: Amelia's example display against a weaker one.
	entry := ts.get(table + "/games/new")
	if entry.doc.Find(`fieldset[data-player="Victor"] input[data-stack="red"]`).Length() != 1 {
		t.Fatal("the editor has no red stack for Victor")
	}
	f := kksForm(entry.formOf(t, table+"/games"), []map[string]string{amelia, {"red": "2 3"}}, []string{"3", "7"})
	res := ts.post(table+"/games", f)
	if res.status != http.StatusSeeOther {
		t.Fatalf("submit: %d\n%s", res.status, res.body)
	}
	// A double tap sends the same form again: same answer, one game.
	again := ts.post(table+"/games", f)
	if again.status != http.StatusSeeOther || again.header.Get("Location") != res.header.Get("Location") {
		t.Fatalf("double submit: %d to %q, want %q", again.status, again.header.Get("Location"), res.header.Get("Location"))
	}
	result := ts.get(res.header.Get("Location"))
	if got := result.text(`[data-player="Amelia"] [data-testid="player-total"]`); got != "58" {
		t.Errorf("Amelia's total = %q, want 58 (the rule text's example)", got)
	}
	// 2 players must hold 17 cards each (KKS-3): the verdict names the rule.
	if v, _ := result.doc.Find(`[data-testid="verdict"]`).Attr("data-valid"); v != "false" {
		t.Errorf("verdict valid = %q, want false for short displays", v)
	}
	if result.doc.Find(`[data-code="card_count"]`).Length() == 0 || !strings.Contains(result.body, "KKS-3") {
		t.Error("the result page does not show the card_count violation with its rule")
	}

	tbl := ts.get(table)
	if n := tbl.doc.Find(`[data-testid="games"] tbody tr`).Length(); n != 1 {
		t.Fatalf("%d games listed after a double submit, want 1", n)
	}
	if got := tbl.text(`tr[data-player="Amelia"] [data-testid="total"]`); got != "58" {
		t.Errorf("running total %q, want 58", got)
	}

	// A stale form (based on the table before game 1) is refused with 409
	// and keeps what was typed.
	stale := kksForm(entry.formOf(t, table+"/games"), []map[string]string{{"red": "9"}, {"red": "8"}}, []string{"1", "1"})
	stale.Set("_token", "another-tap")
	sp := ts.post(table+"/games", stale)
	if sp.status != http.StatusConflict {
		t.Fatalf("stale submit: %d", sp.status)
	}
	if v, _ := sp.doc.Find(`input[name="players[0].display.red"]`).Attr("value"); v != "9" {
		t.Errorf("stale form lost the entry: red = %q", v)
	}

	// Undo takes game 1 back.
	undo := tbl.formOf(t, table+"/undo")
	if p := ts.post(table+"/undo", undo); p.status != http.StatusSeeOther {
		t.Fatalf("undo: %d\n%s", p.status, p.body)
	}
	after := ts.get(table + "?done=undo")
	if after.doc.Find(`[data-testid="no-games"]`).Length() != 1 || !strings.Contains(after.body, "Undone") {
		t.Errorf("after undo the table still shows games")
	}
	if p := ts.post(table+"/undo", undo); p.status != http.StatusSeeOther {
		t.Errorf("repeated undo form: %d, want the same redirect", p.status)
	}
}

func TestBadInputNamesTheField(t *testing.T) {
	ts := newTestServer(t)
	table := ts.createTable("Ana", "Ben", "Cy")
	entry := ts.get(table + "/games/new")
	base := entry.formOf(t, table+"/games")
	tests := []struct {
		name, field, value, want string
	}{
		{"unreadable card", "players[1].display.blue", "4 banana", "banana"},
		{"tokens not a number", "players[2].tokens", "lots", "whole number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := kksForm(base, nil, nil)
			f.Set(tt.field, tt.value)
			p := ts.post(table+"/games", f)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", p.status)
			}
			in := p.doc.Find(`[name="` + tt.field + `"]`)
			if inv, _ := in.Attr("aria-invalid"); inv != "true" {
				t.Errorf("field %s not marked invalid", tt.field)
			}
			if !strings.Contains(p.text(".field-error"), tt.want) {
				t.Errorf("error %q does not mention %q", p.text(".field-error"), tt.want)
			}
			if v, _ := in.Attr("value"); v != tt.value {
				t.Errorf("entered value lost: %q", v)
			}
		})
	}
	if n := len(mustTable(t, ts, table).Games); n != 0 {
		t.Errorf("%d games stored from bad input", n)
	}

	// Creating a table with one player names the players field.
	f := ts.get("/tables/new").formOf(t, "/tables")
	f.Set("game", "koffer-katze-sombrero")
	f["players"] = []string{"Solo"}
	p := ts.post("/tables", f)
	if p.status != http.StatusUnprocessableEntity || !strings.Contains(p.text(".field-error"), "2 to 4 players") {
		t.Errorf("one-player table: %d %q", p.status, p.text(".field-error"))
	}
	// A cross-site form without the CSRF token is refused, not a 500.
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/tables", strings.NewReader("game=koffer-katze-sombrero&players=A&players=B"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if p := ts.do(req); p.status != http.StatusForbidden {
		t.Errorf("cross-site form: %d, want 403", p.status)
	}
}

func mustTable(t testing.TB, ts *testServer, path string) sessions.Table {
	t.Helper()
	p := ts.get(path)
	if p.status != http.StatusOK {
		t.Fatalf("%s: %d", path, p.status)
	}
	var tb sessions.Table
	p.doc.Find(`[data-testid="games"] tbody tr`).Each(func(i int, _ *goquery.Selection) {
		tb.Games = append(tb.Games, sessions.Game{Number: i + 1})
	})
	return tb
}

func TestNotFoundIsAFriendlyPage(t *testing.T) {
	ts := newTestServer(t)
	for _, path := range []string{"/tables/doesnotexist", "/tables/doesnotexist/games/1", "/nope", "/check/chess"} {
		p := ts.get(path)
		if p.status != http.StatusNotFound || !strings.Contains(p.body, "Not found") {
			t.Errorf("%s: %d", path, p.status)
		}
	}
	table := ts.createTable("Ana", "Ben")
	for _, path := range []string{table + "/games/1", table + "/games/x", table + "/games/0/edit"} {
		if p := ts.get(path); p.status != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, p.status)
		}
	}
}

func TestCheckPageScoresWithoutSaving(t *testing.T) {
	ts := newTestServer(t)
	form := ts.get("/check/koffer-katze-sombrero")
	f := form.formOf(t, "/check/koffer-katze-sombrero")
	f.Set("players[0].name", "Amelia")
	f.Set("players[1].name", "Victor")
	f = kksForm(f, []map[string]string{amelia, {"red": "7 5"}}, []string{"3", "0"})
	p := ts.post("/check/koffer-katze-sombrero", f)
	if p.status != http.StatusOK {
		t.Fatalf("check: %d\n%s", p.status, p.body)
	}
	if got := p.text(`[data-player="Amelia"] [data-testid="player-total"]`); got != "58" {
		t.Errorf("Amelia = %q, want 58", got)
	}
	li := p.doc.Find(`[data-code="not_ascending"]`)
	if li.Length() == 0 || !strings.Contains(li.Text(), "Victor") || !strings.Contains(li.Text(), "KKS-2") {
		t.Errorf("red 7 then 5 face up is not shown as not_ascending for Victor with KKS-2: %q", li.Text())
	}
	// "Change these entries" brings the editor back with what was entered.
	back := ts.post("/check/koffer-katze-sombrero", p.formOf(t, "/check/koffer-katze-sombrero"))
	if v, _ := back.doc.Find(`input[name="players[1].display.red"]`).Attr("value"); back.status != http.StatusOK || v != "7 5" {
		t.Errorf("reopened editor: %d, Victor's red = %q, want 7 5", back.status, v)
	}
	// A bad token in the third seat is reported on that seat's field.
	f.Set("players[2].name", "Cy")
	f.Set("players[2].display.red", "1 2 ?")
	p = ts.post("/check/koffer-katze-sombrero", f)
	if p.status != http.StatusUnprocessableEntity {
		t.Fatalf("bad token: %d", p.status)
	}
	if inv, _ := p.doc.Find(`[name="players[2].display.red"]`).Attr("aria-invalid"); inv != "true" {
		t.Errorf("the third seat's red stack is not marked invalid:\n%s", p.text(".field-error"))
	}
	if recent := ts.get("/"); recent.doc.Find(`[data-testid="no-tables"]`).Length() != 1 {
		t.Error("checking a score created a table")
	}
}
