package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablemate/web/kks/kkstest"
	"tablemate/web/webtest"
)

// TestNamesLikeCatalogKeysStayNamesInGerman: players called "red" and
// "Player" — words the German catalog translates ("Rot", "Spieler") —
// keep their names on German pages: in the play page's refusals (an
// engine's sentence said in German), in the turn's heading, and in a
// result page's violations (the engine's own sentence in German), while
// the words around them are German.
func TestNamesLikeCatalogKeysStayNamesInGerman(t *testing.T) {
	ts := newTestServerWith(t, func(a *App) { a.writeRate = 0 })
	get := func(path string) webtest.Page { t.Helper(); return ts.GetLang(path, "de") }
	post := func(path string, form url.Values) webtest.Page { t.Helper(); return ts.PostLang(path, form, "de") }

	// Play along: red moves first, and a take past the row is refused.
	table := ts.CreateTable("red", "Player")
	form := get(table+"/play").FormOf(t, table+"/play/start")
	for i, c := range []string{"red 10", "black 2", "red 1", "blue 4", "yellow 6", "red 5", "black 9"} {
		form.Set(fmt.Sprintf("row[%d]", i), c)
	}
	if p := post(table+"/play/start", form); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %q", p.Status, p.Text(".field-error"))
	}
	play := get(table + "/play")
	if got := play.Text(`[data-testid="to-move"]`); got != "red nimmt eine Karte" {
		t.Errorf("turn heading %q", got)
	}
	step := play.FormOf(t, table+"/undo")
	step.Set("take", "9")
	step.Set("reveal", "blue 8")
	want := "Nicht möglich: red kann Position 9 nicht nehmen: Die Reihe hat die Positionen 1 bis 7 (Regel KKS-3)"
	if p := post(table+"/play/step", step); p.Status != http.StatusUnprocessableEntity || p.Text(`.banner-bad`) != want {
		t.Errorf("refusal: %d %q\nwant %q", p.Status, p.Text(`.banner-bad`), want)
	}

	// A result whose violations name the players: Player holds the red 4
	// that red holds too.
	results := ts.CreateTable("red", "Player")
	entry := get(results + "/games/new")
	res := post(results+"/games", kkstest.Form(entry.FormOf(t, results+"/games"), []map[string]string{{"red": "4"}, {"red": "4"}}, []string{"7", "7"}))
	if res.Status != http.StatusSeeOther {
		t.Fatalf("enter the game: %d %q", res.Status, res.Text(".field-error"))
	}
	page := get(res.Header.Get("Location"))
	dup := page.Doc.Find(`[data-code="duplicate_card"]`).First()
	if txt := dup.Text(); !strings.Contains(txt, "Player:") || !strings.Contains(txt, "hat Rot 4, und red hat sie auch; jede Karte gibt es nur einmal") ||
		strings.Contains(txt, "Spieler") || strings.Contains(txt, "Rot hat sie auch") {
		t.Errorf("German violation %q", txt)
	}
	if got := page.Text(`[data-player="red"] [data-testid="player-total"]`); got != "11" {
		t.Errorf("red's total %q: the player is named as entered", got)
	}
	// The same violation in English is the engine's message.
	en := ts.Get(res.Header.Get("Location"))
	if txt := en.Doc.Find(`[data-code="duplicate_card"]`).First().Text(); !strings.Contains(txt, "holds the red 4, and red holds it too; each card exists once") {
		t.Errorf("English violation %q", txt)
	}
}
