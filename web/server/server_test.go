package server

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/sessions"
	"tablemate/web/areatest"
	"tablemate/web/kks/kkstest"
	"tablemate/web/webtest"
)

// testServer runs the real router over a temporary database (webtest),
// with the app behind it and the steps the areas' tests share
// (areatest).
type testServer struct {
	areatest.Steps
	app *App
}

func newTestServer(t testing.TB) *testServer {
	t.Helper()
	return newTestServerWith(t, nil)
}

// newTestServerWith lets a test change the app's settings first.
func newTestServerWith(t testing.TB, configure func(*App)) *testServer {
	t.Helper()
	return startTestServer(t, configure, false)
}

// startTestServer runs the real router, over TLS when tls is set.
func startTestServer(t testing.TB, configure func(*App), tls bool) *testServer {
	t.Helper()
	var cfg []func(*App)
	if configure != nil {
		cfg = append(cfg, configure)
	}
	s, a := webtest.Start(t, NewApp, tls, cfg...)
	return &testServer{Steps: areatest.Steps{Server: s}, app: a}
}

// otherPhone is another phone on the same server: its own cookies.
func (ts *testServer) otherPhone() *testServer {
	return &testServer{Steps: areatest.Steps{Server: ts.OtherPhone()}, app: ts.app}
}

// ameliaJSON is a Koffer, Katze & Sombrero game whose rules are broken,
// as the score API gets it (also in web/api's tests).
const ameliaJSON = `{"players":[{"name":"Amelia","tokens":3,"display":{"red":"1 5 7","yellow":"6 10 x","black":"4 6 x 5","blue":"4 9"}},
 {"name":"Victor","tokens":0,"display":{"red":"7 5"}}]}`

func TestSecurityHeadersAndHealth(t *testing.T) {
	ts := newTestServer(t)
	p := ts.Get("/healthz")
	if p.Status != http.StatusOK {
		t.Fatalf("healthz: %d", p.Status)
	}
	p = ts.Get("/")
	for header, want := range map[string]string{
		"Content-Security-Policy": "frame-ancestors 'none'",
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "same-origin",
		"X-Frame-Options":         "DENY",
	} {
		if !strings.Contains(p.Header.Get(header), want) {
			t.Errorf("%s = %q, want it to contain %q", header, p.Header.Get(header), want)
		}
	}
	if p.Doc.Find(`[data-testid="no-tables"]`).Length() != 1 {
		t.Error("home page of an empty database shows no empty state")
	}
}

// The headers every answer carries are set from values made once and
// shared: what one answer adds to them (a page's Vary on its language, a
// request id) shows in no other answer, and every answer, the API's and
// the static files' too, carries them all.
func TestSharedHeadersStayWithTheirAnswer(t *testing.T) {
	ts := newTestServer(t)
	ids := map[string]bool{}
	for range 3 {
		for _, path := range []string{"/", "/static/css/app.css", "/healthz"} {
			p := ts.Get(path)
			if p.Header.Get("Permissions-Policy") == "" || p.Header.Get("X-Frame-Options") != "DENY" || p.Header.Get("X-Xss-Protection") != "0" {
				t.Errorf("%s: security headers %v", path, p.Header)
			}
			id := p.Header.Get("X-Request-Id")
			if id == "" || ids[id] {
				t.Errorf("%s: request id %q (seen before: %v)", path, id, ids[id])
			}
			ids[id] = true
			vary := strings.Join(p.Header.Values("Vary"), ", ")
			if strings.HasPrefix(path, "/static/") && strings.Contains(vary, "Accept-Language") {
				t.Errorf("%s varies on the language (Vary: %s)", path, vary)
			}
		}
		resp, err := ts.Client.Post(ts.URL+"/api/v1/games/koffer-katze-sombrero/score", "application/json", strings.NewReader(ameliaJSON))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		// The API answers in the language asked for (#34): it varies on
		// Accept-Language and Accept-Encoding, each named once.
		if vary := resp.Header.Values("Vary"); strings.Join(vary, ", ") != "Accept-Language, Accept-Encoding" || resp.Header.Get("Content-Type") != "application/json" {
			t.Errorf("the score API's Vary %q, Content-Type %q", vary, resp.Header.Get("Content-Type"))
		}
	}
}

func TestStaticAssetsAreHashedAndCached(t *testing.T) {
	ts := newTestServer(t)
	home := ts.Get("/")
	href, _ := home.Doc.Find(`link[rel="stylesheet"]`).Attr("href")
	if !strings.Contains(href, "?v=") {
		t.Fatalf("stylesheet URL %q has no content hash", href)
	}
	p := ts.Get(href)
	if p.Status != http.StatusOK || !strings.Contains(p.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("%s: %d, Cache-Control %q", href, p.Status, p.Header.Get("Cache-Control"))
	}
	if p := ts.Get("/static/css/app.css?v=stale"); strings.Contains(p.Header.Get("Cache-Control"), "immutable") {
		t.Error("a URL with an old hash is cached for a year")
	}
	if p := ts.Get("/static/nope.css"); p.Status != http.StatusNotFound {
		t.Errorf("missing asset: %d", p.Status)
	}
}

func TestBadInputNamesTheField(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Ana", "Ben", "Cy")
	entry := ts.Get(table + "/games/new")
	base := entry.FormOf(t, table+"/games")
	tests := []struct {
		name, field, value, want string
	}{
		{"unreadable card", "players[1].display.blue", "4 banana", "banana"},
		{"tokens not a number", "players[2].tokens", "lots", "whole number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := kkstest.Form(base, nil, nil)
			f.Set(tt.field, tt.value)
			p := ts.Post(table+"/games", f)
			if p.Status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", p.Status)
			}
			in := p.Doc.Find(`[name="` + tt.field + `"]`)
			if inv, _ := in.Attr("aria-invalid"); inv != "true" {
				t.Errorf("field %s not marked invalid", tt.field)
			}
			if !strings.Contains(p.Text(".field-error"), tt.want) {
				t.Errorf("error %q does not mention %q", p.Text(".field-error"), tt.want)
			}
			if v, _ := in.Attr("value"); v != tt.value {
				t.Errorf("entered value lost: %q", v)
			}
		})
	}
	if n := mustTable(t, ts, table).Games.Len(); n != 0 {
		t.Errorf("%d games stored from bad input", n)
	}

	// Creating a table with one player names the players field.
	f := ts.Get("/tables/new").FormOf(t, "/tables")
	f.Set("game", "koffer-katze-sombrero")
	f["players"] = []string{"Solo"}
	p := ts.Post("/tables", f)
	if p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".field-error"), "2 to 4 players") {
		t.Errorf("one-player table: %d %q", p.Status, p.Text(".field-error"))
	}
	// A cross-site form without the CSRF token is refused, not a 500.
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/tables", strings.NewReader("game=koffer-katze-sombrero&players=A&players=B"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	if p := ts.Do(req); p.Status != http.StatusForbidden {
		t.Errorf("cross-site form: %d, want 403", p.Status)
	}
}

func mustTable(t testing.TB, ts *testServer, path string) sessions.Table {
	t.Helper()
	p := ts.Get(path)
	if p.Status != http.StatusOK {
		t.Fatalf("%s: %d", path, p.Status)
	}
	var games []sessions.Game
	p.Doc.Find(`[data-testid="games"] tbody tr`).Each(func(i int, _ *goquery.Selection) {
		games = append(games, sessions.Game{Number: i + 1})
	})
	return sessions.Table{Games: sessions.GameListOf(games)}
}

func TestNotFoundIsAFriendlyPage(t *testing.T) {
	ts := newTestServer(t)
	for _, path := range []string{"/tables/doesnotexist", "/tables/doesnotexist/games/1", "/nope", "/check/chess"} {
		p := ts.Get(path)
		if p.Status != http.StatusNotFound || !strings.Contains(p.Body, "Not found") {
			t.Errorf("%s: %d", path, p.Status)
		}
	}
	table := ts.CreateTable("Ana", "Ben")
	for _, path := range []string{table + "/games/1", table + "/games/x", table + "/games/0/edit"} {
		if p := ts.Get(path); p.Status != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, p.Status)
		}
	}
}

func TestWritesAreRateLimitedPerClient(t *testing.T) {
	ts := newTestServerWith(t, func(a *App) { a.writeRate, a.writeBurst = 0.5, 3 })
	table := ts.CreateTable("Ana", "Ben") // write 1
	f := ts.Get(table).FormOf(t, table+"/players")
	limited := 0
	for i := range 6 {
		f.Set("_token", fmt.Sprint("add-", i))
		f.Set("name", fmt.Sprint("P", i))
		p := ts.Post(table+"/players", f)
		if p.Status == http.StatusTooManyRequests {
			limited++
			if !strings.Contains(p.Body, "Slow down") {
				t.Errorf("429 page without a message")
			}
		}
	}
	if limited == 0 {
		t.Fatal("7 writes in a burst of 3 were all accepted")
	}
	if p := ts.Get(table); p.Status != http.StatusOK {
		t.Errorf("reading is limited too: %d", p.Status)
	}
}
