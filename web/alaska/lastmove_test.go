package alaska_test

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/scoring/alaska"
	"tablemate/web/alaska/alaskatest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// TestAlaskaLastMoveLosesItsFullStop: Alaska tells a move as sentences
// ("Ben places Ana's salmon. …"), and the pages that name the last move
// add their own punctuation, so its final full stop is dropped: the
// undo button says "Undo: …" without one, the table page "Last move: …."
// with one, never two, in English and German alike.
func TestAlaskaLastMoveLosesItsFullStop(t *testing.T) {
	ts, table := akStarted(t)
	if p := alaskatest.Tap(t, ts, table, alaskatest.Script[0]); p.Status != http.StatusSeeOther { // salmon on 4
		t.Fatalf("place salmon: %d %s", p.Status, p.Text(".banner-bad"))
	}
	for _, c := range []struct{ lang, undo, last string }{
		{"en", "Undo: ", "Last move: "},
		{"de", "Rückgängig: ", "Letzter Zug: "},
	} {
		undo := ts.GetLang(table+"/play", c.lang).Text(`[data-testid="undo-step"]`)
		last := ts.GetLang(table, c.lang).Text(`[data-testid="playing-along"] [data-testid="last-move"]`)
		move, ok := strings.CutPrefix(undo, c.undo)
		if !ok || move == "" || strings.HasSuffix(move, ".") {
			t.Errorf("%s: undo button %q, want %q and the move without its full stop", c.lang, undo, c.undo)
			continue
		}
		if want := c.last + move + "."; last != want {
			t.Errorf("%s: last move %q, want %q", c.lang, last, want)
		}
	}
}

// akStarted is a table of Ana and Ben playing Alaska along, Ana first,
// 9 cards in the draw pile.
func akStarted(t *testing.T) (*webtest.Server, string) {
	t.Helper()
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := ts.CreateGameTable(alaska.Slug, "Ana", "Ben")
	if p := alaskatest.Start(t, ts, table, "Ana", "9"); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}
	return ts, table
}
