package main

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

func (ts *testServer) getLang(path, acceptLanguage string) fetched {
	ts.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
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
