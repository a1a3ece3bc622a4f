package main

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

func (ts *testServer) getLang(path, acceptLanguage string) fetched {
	ts.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
	req.Header.Set("Accept-Language", acceptLanguage)
	return ts.do(req)
}

// postLang posts a form as a browser asking for acceptLanguage does.
func (ts *testServer) postLang(path string, form url.Values, acceptLanguage string) fetched {
	ts.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Accept-Language", acceptLanguage)
	return ts.do(req)
}

func TestPagesFollowAcceptLanguage(t *testing.T) {
	ts := newTestServer(t)
	table := ts.createTable("Amelia", "Victor")

	en := ts.getLang("/", "")
	if lang, _ := en.doc.Find("html").Attr("lang"); lang != "en" || en.header.Get("Content-Language") != "en" {
		t.Fatalf("default: lang=%q Content-Language=%q", lang, en.header.Get("Content-Language"))
	}
	if !strings.Contains(en.body, "New table") || !strings.Contains(en.body, "Start a table") {
		t.Fatalf("English home page expected:\n%s", en.body)
	}
	vary := strings.Join(en.header.Values("Vary"), ", ")
	if !strings.Contains(vary, "Accept-Language") || !strings.Contains(vary, "Cookie") {
		t.Errorf("Vary = %q, want Accept-Language and Cookie", vary)
	}

	for _, path := range []string{"/", table, "/tables/new", "/check", "/history", "/no/such/page"} {
		de := ts.getLang(path, "de-AT,de;q=0.9,en;q=0.5")
		if lang, _ := de.doc.Find("html").Attr("lang"); lang != "de" || de.header.Get("Content-Language") != "de" {
			t.Errorf("%s: lang=%q Content-Language=%q", path, lang, de.header.Get("Content-Language"))
		}
		if nav := de.text(`header nav a[href="/tables/new"]`); nav != "Neuer Tisch" {
			t.Errorf("%s: nav link %q, want Neuer Tisch", path, nav)
		}
		// Sentences the scripts write come from the page, in its language.
		body := de.doc.Find("body")
		if m := body.AttrOr("data-msg-updated", ""); m != "Der Tisch wurde aktualisiert." {
			t.Errorf("%s: data-msg-updated %q", path, m)
		}
		if m := body.AttrOr("data-msg-down", ""); m != "verdeckt %s" { // the script puts the number in
			t.Errorf("%s: data-msg-down %q", path, m)
		}
	}
	if h := ts.getLang("/", "de").text("h1"); h != "Dein Begleiter am Spieltisch" {
		t.Errorf("German home heading %q", h)
	}
	if h := ts.getLang("/no/such/page", "de").text("h1"); h != "Nicht gefunden" {
		t.Errorf("German 404 heading %q", h)
	}
	// The JSON API stays English whatever the phone asks for.
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/api/v1/games", nil)
	req.Header.Set("Accept-Language", "de")
	if api := ts.do(req); api.header.Get("Content-Language") != "" {
		t.Errorf("API answer has Content-Language %q", api.header.Get("Content-Language"))
	}
}

func TestLanguageSwitchSetsCookieAndGoesBack(t *testing.T) {
	ts := newTestServer(t)
	table := ts.createTable("Amelia", "Victor")

	// The footer offers the other language, linking back to this page.
	p := ts.get(table)
	href, ok := p.doc.Find(`footer a[data-testid="lang-de"]`).Attr("href")
	if !ok {
		t.Fatalf("no switch to German in the footer:\n%s", p.body)
	}
	sw := ts.get(href)
	if sw.status != http.StatusSeeOther || sw.header.Get("Location") != table {
		t.Fatalf("switch: %d to %q, want 303 to %s", sw.status, sw.header.Get("Location"), table)
	}
	if c := strings.Join(sw.header.Values("Set-Cookie"), "\n"); !strings.Contains(c, "lang=de; Path=/") {
		t.Fatalf("switch cookie %q", c)
	}
	// The cookie now wins over the browser's English.
	de := ts.getLang(table, "en-US,en")
	if lang, _ := de.doc.Find("html").Attr("lang"); lang != "de" {
		t.Fatalf("after the switch lang=%q", lang)
	}
	back, _ := de.doc.Find(`footer a[data-testid="lang-en"]`).Attr("href")
	if sw := ts.get(back); sw.header.Get("Location") != table {
		t.Fatalf("switch back: %d to %q", sw.status, sw.header.Get("Location"))
	}
	if lang, _ := ts.getLang(table, "de").doc.Find("html").Attr("lang"); lang != "en" {
		t.Fatalf("after switching back lang=%q", lang)
	}
}

// TestLanguageSwitchAfterAFormPost: a page answering a post (a refused
// entry) links back to the page the form was on, not to the post's URL.
func TestLanguageSwitchAfterAFormPost(t *testing.T) {
	ts := newTestServer(t)
	table := ts.createTable("Amelia", "Victor")
	entry := ts.get(table + "/games/new")
	f := kksForm(entry.formOf(t, table+"/games"), []map[string]string{amelia, {}}, []string{"drei", "7"})
	req, _ := http.NewRequest(http.MethodPost, ts.URL+table+"/games", strings.NewReader(f.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Referer", ts.URL+table+"/games/new")
	p := ts.do(req)
	href, _ := p.doc.Find(`footer a[data-testid="lang-de"]`).Attr("href")
	if p.status != http.StatusUnprocessableEntity || href != "/lang?to=de&back="+url.QueryEscape(table+"/games/new") {
		t.Errorf("switch after a refused post: %d %q", p.status, href)
	}
}

func TestLanguageSwitchRefusesForeignTargets(t *testing.T) {
	ts := newTestServer(t)
	for _, back := range []string{"https://evil.example/", "//evil.example/", "/\\evil.example", "evil", ""} {
		p := ts.get("/lang?to=de&back=" + url.QueryEscape(back))
		if p.status != http.StatusSeeOther || p.header.Get("Location") != "/" {
			t.Errorf("back=%q: %d to %q, want 303 to /", back, p.status, p.header.Get("Location"))
		}
	}
	if p := ts.get("/lang?to=xx&back=/"); p.status != http.StatusBadRequest {
		t.Errorf("unknown language: %d", p.status)
	}
}

// TestGermanGameOverHTTP plays the KKS example through the German pages:
// the editor, the result with a broken rule in German (code and rule id
// kept), the table and its history.
func TestGermanGameOverHTTP(t *testing.T) {
	ts := newTestServer(t)
	table := ts.createTable("Amelia", "Victor")
	if sw := ts.get("/lang?to=de&back=" + url.QueryEscape(table)); sw.status != http.StatusSeeOther {
		t.Fatalf("switch: %d", sw.status)
	}
	entry := ts.get(table + "/games/new")
	if h := entry.text("h1"); h != "Partie 1: Auslagen am Spielende" {
		t.Errorf("German editor heading %q", h)
	}
	if b := entry.text(`[data-testid="submit-scores"]`); b != "Prüfen und speichern" {
		t.Errorf("German submit button %q", b)
	}
	// An editor's own form error is shown in German, next to its field.
	bad := ts.post(table+"/games", kksForm(entry.formOf(t, table+"/games"), []map[string]string{amelia, {"red": "2 3"}}, []string{"drei", "7"}))
	if got := bad.text(`#err-players-0-tokens`); bad.status != http.StatusUnprocessableEntity || got != `Chips müssen eine ganze Zahl sein, nicht "drei"` {
		t.Errorf("German form error: %d %q", bad.status, got)
	}
	f := kksForm(entry.formOf(t, table+"/games"), []map[string]string{amelia, {"red": "2 3"}}, []string{"3", "7"})
	res := ts.post(table+"/games", f)
	result := ts.get(res.header.Get("Location"))
	if got := result.text(`[data-player="Amelia"] [data-testid="player-total"]`); got != "58" {
		t.Errorf("Amelia's total = %q, want 58", got)
	}
	li := result.doc.Find(`[data-code="card_count"]`).First()
	if txt := li.Text(); !strings.Contains(txt, "Die Auslage hat nicht so viele Karten") || !strings.Contains(txt, "Regel KKS-3:") ||
		!strings.Contains(txt, "jede Auslage gleich viele Karten") || !strings.Contains(txt, "Amelia:") {
		t.Errorf("German violation %q", txt)
	}
	if got := result.text(`[data-testid="verdict"] strong`); !strings.HasPrefix(got, "Kein mögliches Ergebnis") {
		t.Errorf("German verdict %q", got)
	}
	tbl := ts.get(table)
	if got := tbl.text(`[data-testid="enter-game"]`); got != "Partie 2 eintragen" {
		t.Errorf("enter button %q", got)
	}
	if got := tbl.text(`[data-testid="undo"]`); got != "Rückgängig: Partie 1 eingetragen" {
		t.Errorf("undo button %q", got)
	}
	if got := tbl.text(`[data-testid="log"] li`); !strings.Contains(got, "Partie 1 eingetragen: Amelia 58, Victor") {
		t.Errorf("history entry %q", got)
	}
	// The JSON API stays English even with the German cookie.
	_, body := ts.postJSON("/api/v1/games/koffer-katze-sombrero/score",
		`{"players":[{"name":"A","display":{"red":"5 3"}},{"name":"B","display":{}}]}`)
	if vs, _ := body["violations"].([]any); len(vs) == 0 || strings.Contains(vs[0].(map[string]any)["message"].(string), "Karte") {
		t.Errorf("API violations %v", body["violations"])
	}
}

// TestGermanPagesStayWithinTheirWeightBudget: German text is longer, so
// the budget is checked in German too.
func TestGermanPagesStayWithinTheirWeightBudget(t *testing.T) {
	ts := newTestServer(t)
	table := ts.createTable("Amelia", "Victor", "Enrique", "Zofia")
	ts.get("/lang?to=de&back=/")
	entry := ts.get(table + "/games/new")
	res := ts.post(table+"/games", kksForm(entry.formOf(t, table+"/games"), []map[string]string{amelia, {"red": "2 3"}}, []string{"3", "7"}))
	game := res.header.Get("Location")
	for _, path := range []string{"/", "/tables/new", table, table + "/games/new", game, "/check", "/history"} {
		total, doc := ts.compressedSize(t, path)
		if lang, _ := doc.Find("html").Attr("lang"); lang != "de" {
			t.Fatalf("%s: lang=%q, want de", path, lang)
		}
		doc.Find(`link[rel="stylesheet"], script[src]`).Each(func(_ int, s *goquery.Selection) {
			src, ok := s.Attr("href")
			if !ok {
				src, _ = s.Attr("src")
			}
			n, _ := ts.compressedSize(t, src)
			total += n
		})
		if total > pageBudget {
			t.Errorf("%s in German weighs %d bytes compressed, over the %d budget", path, total, pageBudget)
		}
	}
}

// TestGermanFormErrorsFromSessions: checks made in sessions/ (player
// counts, names, league points) reach German forms in German, with their
// arguments, next to the field they are about.
func TestGermanFormErrorsFromSessions(t *testing.T) {
	ts := newTestServer(t)
	if sw := ts.get("/lang?to=de&back=/"); sw.status != http.StatusSeeOther {
		t.Fatalf("switch: %d", sw.status)
	}
	newTable := func(players ...string) fetched {
		f := ts.get("/tables/new").formOf(t, "/tables")
		f.Set("game", "koffer-katze-sombrero")
		f.Set("name", "Freitag")
		f["players"] = players
		return ts.post("/tables", f)
	}
	newLeague := func(points string) fetched {
		f := ts.get("/leagues/new").formOf(t, "/leagues")
		f.Set("name", "Donnerstagsrunde")
		f.Set("scheme", "placing")
		f.Set("points", points)
		f.Set("members", "Amelia\nVictor")
		return ts.post("/leagues", f)
	}
	for _, tc := range []struct {
		name string
		got  fetched
		id   string
		want string
	}{
		{"one player", newTable("Amelia"), "#err-players", "Koffer, Katze & Sombrero spielen 2 bis 4 Personen; du hast 1 genannt"},
		{"same name twice", newTable("Amelia", " amelia"), ".field-error", `"amelia" ist schon der Name einer Person: Namen müssen sich unterscheiden`},
		{"league points", newLeague("3/zwei/0"), "#err-points", `"zwei" ist keine Punktzahl (0–1000)`},
	} {
		if tc.got.status != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", tc.name, tc.got.status)
			continue
		}
		if msg := tc.got.text(tc.id); msg != tc.want {
			t.Errorf("%s: %s = %q, want %q", tc.name, tc.id, msg, tc.want)
		}
	}
}

// TestGermanCardErrorsInEditors: a card the engine cannot read is named
// in German on the KKS and Cambio editors, with what was typed.
func TestGermanCardErrorsInEditors(t *testing.T) {
	ts := newTestServer(t)
	if sw := ts.get("/lang?to=de&back=/"); sw.status != http.StatusSeeOther {
		t.Fatalf("switch: %d", sw.status)
	}
	kks := ts.createTable("Amelia", "Victor")
	entry := ts.get(kks + "/games/new")
	bad := ts.post(kks+"/games", kksForm(entry.formOf(t, kks+"/games"), []map[string]string{{"red": "1 foo"}, {"blue": "3"}}, []string{"0", "0"}))
	if got := bad.text(".field-error"); bad.status != http.StatusUnprocessableEntity ||
		got != `"foo" ist keine Karte: Schreib einen Wert (4), x für eine verdeckte Karte oder x4 für eine verdeckte 4` {
		t.Errorf("KKS editor: %d %q", bad.status, got)
	}
	cambio := ts.startRoundTable("cambio", "Ana", "Ben", "Cy")
	round := ts.enterCambioRound(cambio, [3]string{"7 dragon", "3", "4"}, "cambio:1")
	if got := round.text(".field-error"); round.status != http.StatusUnprocessableEntity ||
		!strings.HasPrefix(got, `Karte 2: "dragon" ist keine Karte: Nimm eine Zahl von 0 bis 13, eines von `) {
		t.Errorf("Cambio editor: %d %q", round.status, got)
	}
}
