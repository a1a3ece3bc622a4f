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

func TestKKSEveningOverHTTP(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	p := ts.Get(table)
	if p.Status != http.StatusOK || p.Doc.Find(`[data-testid="no-games"]`).Length() != 1 {
		t.Fatalf("new table page: %d\n%s", p.Status, p.Body)
	}

	// Game 1: Amelia's example display against a weaker one.
	entry := ts.Get(table + "/games/new")
	if entry.Doc.Find(`fieldset[data-player="Victor"] input[data-stack="red"]`).Length() != 1 {
		t.Fatal("the editor has no red stack for Victor")
	}
	f := kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{kkstest.Amelia, {"red": "2 3"}}, []string{"3", "7"})
	res := ts.Post(table+"/games", f)
	if res.Status != http.StatusSeeOther {
		t.Fatalf("submit: %d\n%s", res.Status, res.Body)
	}
	// A double tap sends the same form again: same answer, one game,
	// saying it was recorded already.
	again := ts.Post(table+"/games", f)
	if again.Status != http.StatusSeeOther || again.Header.Get("Location") != res.Header.Get("Location")+"?done=already" {
		t.Fatalf("double submit: %d to %q, want %q", again.Status, again.Header.Get("Location"), res.Header.Get("Location")+"?done=already")
	}
	if got := ts.Get(again.Header.Get("Location")).Text(`main [role="status"]`); !strings.Contains(got, "Already recorded") {
		t.Errorf("the repeat says %q", got)
	}
	if n := ts.Table(table).Games.Len(); n != 1 {
		t.Fatalf("the double tap made %d games", n)
	}
	result := ts.Get(res.Header.Get("Location"))
	if got := result.Text(`[data-player="Amelia"] [data-testid="player-total"]`); got != "58" {
		t.Errorf("Amelia's total = %q, want 58 (the rule text's example)", got)
	}
	// 2 players must hold 17 cards each (KKS-3): the verdict names the rule.
	if v, _ := result.Doc.Find(`[data-testid="verdict"]`).Attr("data-valid"); v != "false" {
		t.Errorf("verdict valid = %q, want false for short displays", v)
	}
	if result.Doc.Find(`[data-code="card_count"]`).Length() == 0 || !strings.Contains(result.Body, "KKS-3") {
		t.Error("the result page does not show the card_count violation with its rule")
	}

	tbl := ts.Get(table)
	if n := tbl.Doc.Find(`[data-testid="games"] tbody tr`).Length(); n != 1 {
		t.Fatalf("%d games listed after a double submit, want 1", n)
	}
	// Saved as disputed, it counts in no standing until the table settles
	// it (ruling G-5): shown with its totals, marked not counted.
	if tbl.Doc.Find(`[data-testid="games"] [data-testid="disputed-badge"]`).Length() != 1 || tbl.Doc.Find(`[data-testid="standings"]`).Length() != 0 {
		t.Errorf("a disputed game is not marked, or counts in the standing:\n%s", tbl.Text("main"))
	}
	ts.Settle(t, table, 1)
	tbl = ts.Get(table)
	if got := tbl.Text(`tr[data-player="Amelia"] [data-testid="total"]`); got != "58" {
		t.Errorf("running total %q, want 58", got)
	}

	// A stale form (based on the table before game 1) is refused with 409
	// and keeps what was typed.
	stale := kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{{"red": "9"}, {"red": "8"}}, []string{"1", "1"})
	stale.Set("_token", "another-tap")
	sp := ts.Post(table+"/games", stale)
	if sp.Status != http.StatusConflict {
		t.Fatalf("stale submit: %d", sp.Status)
	}
	if v, _ := sp.Doc.Find(`input[name="players[0].display.red"]`).Attr("value"); v != "9" {
		t.Errorf("stale form lost the entry: red = %q", v)
	}

	// Undo takes the settling back, then game 1.
	if got := tbl.Text(`[data-testid="undo"]`); got != "Undo: game 1 counted as entered" {
		t.Errorf("undo button %q", got)
	}
	if p := ts.Post(table+"/undo", tbl.FormOf(t, table+"/undo")); p.Status != http.StatusSeeOther {
		t.Fatalf("undo the settling: %d\n%s", p.Status, p.Body)
	}
	tbl = ts.Get(table)
	if tbl.Doc.Find(`[data-testid="games"] [data-testid="disputed-badge"]`).Length() != 1 {
		t.Error("the undone settling leaves the game counted")
	}
	undo := tbl.FormOf(t, table+"/undo")
	p = ts.Post(table+"/undo", undo)
	if p.Status != http.StatusSeeOther {
		t.Fatalf("undo: %d\n%s", p.Status, p.Body)
	}
	after := ts.Get(p.Header.Get("Location"))
	if after.Doc.Find(`[data-testid="no-games"]`).Length() != 1 || !strings.Contains(after.Body, "Undone") {
		t.Errorf("after undo the table still shows games")
	}
	if p := ts.Post(table+"/undo", undo); p.Status != http.StatusSeeOther {
		t.Errorf("repeated undo form: %d, want the same redirect", p.Status)
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

func TestCheckPageScoresWithoutSaving(t *testing.T) {
	ts := newTestServer(t)
	form := ts.Get("/check/koffer-katze-sombrero")
	f := form.FormOf(t, "/check/koffer-katze-sombrero")
	f.Set("players[0].name", "Amelia")
	f.Set("players[1].name", "Victor")
	f = kkstest.Form(f, []map[string]string{kkstest.Amelia, {"red": "7 5"}}, []string{"3", "0"})
	p := ts.Post("/check/koffer-katze-sombrero", f)
	if p.Status != http.StatusOK {
		t.Fatalf("check: %d\n%s", p.Status, p.Body)
	}
	if got := p.Text(`[data-player="Amelia"] [data-testid="player-total"]`); got != "58" {
		t.Errorf("Amelia = %q, want 58", got)
	}
	li := p.Doc.Find(`[data-code="not_ascending"]`)
	if li.Length() == 0 || !strings.Contains(li.Text(), "Victor") || !strings.Contains(li.Text(), "KKS-2") {
		t.Errorf("red 7 then 5 face up is not shown as not_ascending for Victor with KKS-2: %q", li.Text())
	}
	// Plain words first (issue #18): the engine's sentence is what a
	// player reads; the ruling and the code are small print under "Why?".
	sentence, why := li.Find(`[data-testid="violation-text"]`).Text(), li.Find(`details[data-testid="why"]`)
	if sentence == "" || strings.Contains(sentence, "not_ascending") || strings.Contains(sentence, "KKS-2") {
		t.Errorf("the sentence %q is empty or shows the code or ruling", sentence)
	}
	if why.Find("summary").Text() != "Why?" || why.Find("code").Text() != "not_ascending" || !strings.Contains(why.Text(), "KKS-2") {
		t.Errorf("the why disclosure does not hold the ruling and the code: %q", why.Text())
	}
	// "Change these entries" brings the editor back with what was entered.
	back := ts.Post("/check/koffer-katze-sombrero", p.FormOf(t, "/check/koffer-katze-sombrero"))
	if v, _ := back.Doc.Find(`input[name="players[1].display.red"]`).Attr("value"); back.Status != http.StatusOK || v != "7 5" {
		t.Errorf("reopened kit.Editor: %d, Victor's red = %q, want 7 5", back.Status, v)
	}
	// A bad token in the third seat is reported on that seat's field.
	f.Set("players[2].name", "Cy")
	f.Set("players[2].display.red", "1 2 ?")
	p = ts.Post("/check/koffer-katze-sombrero", f)
	if p.Status != http.StatusUnprocessableEntity {
		t.Fatalf("bad token: %d", p.Status)
	}
	if inv, _ := p.Doc.Find(`[name="players[2].display.red"]`).Attr("aria-invalid"); inv != "true" {
		t.Errorf("the third seat's red stack is not marked invalid:\n%s", p.Text(".field-error"))
	}
	if recent := ts.Get("/"); recent.Doc.Find(`[data-testid="no-tables"]`).Length() != 1 {
		t.Error("checking a score created a table")
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
