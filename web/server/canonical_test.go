package server

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/scoring/kks"
	"tablemate/web/kks/kkstest"
	"tablemate/web/webtest"
)

// TestEveryFormURLAnswersGET: a page drawn in answer to a form leaves the
// phone on the form's URL; the live refresh, a reload and the back button
// ask it with GET. Every POST route of the pages answers GET with its
// page or a redirect to it, never 405 (issue #38), and the redirect goes
// to the page the form is on, behind the same link.
func TestEveryFormURLAnswersGET(t *testing.T) {
	webtest.SQLiteOnly(t, "the GET answers of the routes")
	ts := newTestServer(t)
	table := ts.CreateTable("Ana", "Ben")
	ts.RecordKKS(t, table, []map[string]string{kkstest.Amelia, {"red": "2 3"}}, []string{"3", "7"})
	admin := ts.CreateLeague(t, "Club", "placing", "Ana", "Ben")
	id := strings.TrimPrefix(table, "/tables/")
	adminID := strings.TrimPrefix(admin, "/l/")
	fill := strings.NewReplacer(":id", id, ":admin", adminID, ":n", "1", ":r", "1", ":role", "view", ":game", kks.Slug)

	want := map[string]string{
		"/tables/:id/players":            table,
		"/tables/:id/undo":               table,
		"/tables/:id/play/step":          table + "/play",
		"/tables/:id/play/stop":          table + "/play",
		"/tables/:id/games":              table + "/games/new",
		"/tables/:id/games/:n/settle":    table + "/games/1",
		"/tables/:id/games/:n/rounds/:r": table + "/games/1/rounds/1/edit",
		"/l/:admin/members":              admin,
		"/leagues":                       "/leagues/new",
		"/tables":                        "/tables/new",
	}
	seen := 0
	for _, r := range newServer(ts.app).Routes() {
		if r.Method != http.MethodPost || strings.HasPrefix(r.Path, "/api/") {
			continue
		}
		seen++
		path := fill.Replace(r.Path)
		p := ts.Get(path)
		switch {
		case p.Status == http.StatusMethodNotAllowed || p.Status >= 500:
			t.Errorf("GET %s (%s): %d", path, r.Path, p.Status)
		case p.Status == http.StatusSeeOther:
			to := p.Header.Get("Location")
			if w, ok := want[r.Path]; ok && to != w {
				t.Errorf("GET %s goes to %q, want %q", path, to, w)
			}
			// (A KKS game has no rounds: its round editor is 404 here.)
			if got := ts.Get(to); got.Status != http.StatusOK && r.Path != "/tables/:id/games/:n/rounds/:r" {
				t.Errorf("GET %s goes to %s, which answers %d", path, to, got.Status)
			}
		case p.Status != http.StatusOK:
			t.Errorf("GET %s (%s): %d, want the page or a redirect to it", path, r.Path, p.Status)
		}
	}
	if seen < 15 {
		t.Fatalf("only %d POST routes: are the routes read?", seen)
	}
}

// TestRefusalNamesItsPage: a refusal drawn in place (an entry breaking
// no rule the form can keep: a player missing) names the page it belongs
// to, so the page puts that in the address bar; a page asked with GET
// names none.
func TestRefusalNamesItsPage(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Ana", "Ben")
	f := ts.Get(table+"/games/new").FormOf(t, table+"/games")
	f.Set("players[0].display.red", "not a card")
	p := ts.Post(table+"/games", f)
	if p.Status == http.StatusSeeOther {
		t.Fatalf("the bad entry was recorded")
	}
	if got, _ := p.Doc.Find("body").Attr("data-canonical"); got != table+"/games/new" {
		t.Errorf("the refusal (%d) names %q as its page, want %q", p.Status, got, table+"/games/new")
	}
	if _, named := ts.Get(table).Doc.Find("body").Attr("data-canonical"); named {
		t.Error("a page asked with GET names a page to go to")
	}
}
