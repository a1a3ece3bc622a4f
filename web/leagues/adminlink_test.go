package leagues_test

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/web/areatest"
)

func TestRotateAdminLink(t *testing.T) {
	ts := newTestServer(t)
	old := ts.CreateLeague(t, "Club", "wins", "Ana", "Ben")
	page := ts.Get(old)
	public, _ := page.Doc.Find(`[data-testid="open-standings"]`).Attr("href")
	pending := page.FormOf(t, old+"/members")
	pending.Set("name", "Cy")

	p := ts.Post(old+"/rotate", page.FormOf(t, old+"/rotate"))
	loc := p.Header.Get("Location")
	fresh, _, _ := strings.Cut(loc, "?")
	if p.Status != http.StatusSeeOther || fresh == old || !strings.HasPrefix(fresh, "/l/") {
		t.Fatalf("rotate: %d %q", p.Status, loc)
	}
	np := ts.Get(loc)
	admin, _ := ts.Shared(t, np, "admin-link", `[data-testid="admin-qr"] img`)
	if areatest.PathOf(t, admin) != fresh || !strings.Contains(np.Text(`main [role="status"]`), "New admin link made") || strings.Contains(np.Body, old) {
		t.Fatalf("after rotating: %q %q", admin, np.Text(`main [role="status"]`))
	}
	if href, _ := np.Doc.Find(`[data-testid="open-standings"]`).Attr("href"); href != public {
		t.Errorf("the standings link changed: %q → %q", public, href)
	}
	if w := ts.Post(old+"/members", pending); w.Status != http.StatusGone {
		t.Errorf("write through the old admin link: %d", w.Status)
	}
	for _, path := range []string{old, old + "/export.json", old + "/qr.svg", "/tables/new?league=" + strings.TrimPrefix(old, "/l/")} {
		if g := ts.Get(path); g.Status != http.StatusGone {
			t.Errorf("GET %s: %d", path, g.Status)
		}
	}
	if g := ts.GetLang(old, "de"); g.Text("h1") != "Link ersetzt" || !strings.Contains(g.Text(".lead"), "Verwaltungslink dieser Liga") {
		t.Errorf("German 410 page: %q %q", g.Text("h1"), g.Text(".lead"))
	}
	add := np.FormOf(t, fresh+"/members")
	add.Set("name", "Cy")
	if w := ts.Post(fresh+"/members", add); w.Status != http.StatusSeeOther {
		t.Errorf("write through the new admin link: %d", w.Status)
	}
	if g := ts.Get(public); g.Status != http.StatusOK || !strings.Contains(g.Body, "Cy") {
		t.Errorf("standings: %d", g.Status)
	}
}
