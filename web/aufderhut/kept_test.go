package aufderhut_test

import (
	"net/http"
	"testing"

	"tablemate/web/aufderhut/adhtest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// Issue #38: a refused move keeps what was entered and opens the choice
// still missing: a match revealed with no character laid opens the
// characters to lay for that spot; a swap refused keeps its first hat.
func TestADHRefusalKeepsTheMove(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := adhtest.StartPlay(t, ts, "standard", 1, 2, 3, 4, 4, 5, 6)
	p := adhtest.Step(ts, table, "do=reveal&spot=2&outcome=match", map[string]string{"laid": ""})
	if p.Status != http.StatusUnprocessableEntity {
		t.Fatalf("a match with no character laid: %d", p.Status)
	}
	if mode, _ := p.Doc.Find(`[data-testid="action"]`).Attr("data-mode"); mode != "lay" || p.Text(".banner-bad") == "" {
		t.Errorf("the refusal opens %q (%q), want the characters to lay for spot 2", mode, p.Text(".banner-bad"))
	}
	if got := p.Text(`[data-testid="action"] h2`); got == "" {
		t.Error("the choice opened names no spot")
	}
	if n := len(ts.Table(table).Play.Steps); n != 0 {
		t.Errorf("the refused move recorded %d steps", n)
	}
	// The swap's second hat the same as its first: refused, the first hat kept.
	p = adhtest.Step(ts, table, "do=swap&a=3", map[string]string{"swap_b": "3"})
	if p.Status != http.StatusUnprocessableEntity {
		t.Fatalf("a swap of a hat with itself: %d", p.Status)
	}
	if mode, _ := p.Doc.Find(`[data-testid="action"]`).Attr("data-mode"); mode != "swap2" {
		t.Errorf("the refused swap opens %q, want its second hat to choose", mode)
	}
	// A fresh page opens nothing.
	if mode, _ := ts.Get(table + "/play").Doc.Find(`[data-testid="action"]`).Attr("data-mode"); mode == "swap2" || mode == "lay" {
		t.Errorf("a fresh page opens %q", mode)
	}
}
