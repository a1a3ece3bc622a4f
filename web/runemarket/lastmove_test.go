package runemarket_test

import (
	"net/http"
	"net/url"
	"testing"

	"tablemate/web/runemarket/rmtest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// Issue #38: The Rune Market names its newest move on the turn page, in
// the Undo button and on the view-only page, in English and German; a
// draw that hands the turn to a player with no interest to take says the
// interest was skipped, and that player's turn starts at the purchases.
func TestRuneMarketLastMoveIsNamed(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := rmtest.CreateTable(ts, "Ana", "Ben")
	view, _ := ts.Get(table).Doc.Find(`[data-testid="view-link"]`).Attr("value")
	if p := rmtest.Start(t, ts, table, "3", "2", "1", "1", "Ana"); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d", p.Status)
	}
	if p := ts.Get(table + "/play"); p.Doc.Find(`[data-testid="last-move"]`).Length() != 0 {
		t.Errorf("a last move before the first: %q", p.Text(`[data-testid="last-move"]`))
	}
	check := func(lang, wantLine, wantUndo string) {
		t.Helper()
		p := ts.GetLang(table+"/play", lang)
		if got := p.Text(`[data-testid="last-move"]`); got != wantLine {
			t.Errorf("%s: last move %q, want %q", lang, got, wantLine)
		}
		if got := p.Text(`[data-testid="undo-step"]`); got != wantUndo {
			t.Errorf("%s: undo %q, want %q", lang, got, wantUndo)
		}
	}
	for _, m := range []rmtest.Move{{"do": "shelter", "colour": "red"}, {"do": "draw"}} {
		if p := rmtest.Play(t, ts, table, m); p.Status != http.StatusSeeOther {
			t.Fatalf("%v: %d", m, p.Status)
		}
	}
	check("en", "Last move: Ana drew back to 3; Ben has no interest this turn: skipped.", "Undo: Ana drew back to 3; Ben has no interest this turn: skipped")
	check("de", "Letzter Zug: Ana hat auf 3 nachgezogen; Ben bekommt in diesem Zug keine Zinsen: übersprungen.",
		"Rückgängig: Ana hat auf 3 nachgezogen; Ben bekommt in diesem Zug keine Zinsen: übersprungen")
	p := ts.Get(table + "/play")
	if ph, _ := p.Doc.Find(`[data-testid="phase"]`).Attr("data-phase"); ph != "purchases" || p.Doc.Find(`[data-testid="take-interest"]`).Length() != 0 {
		t.Errorf("Ben's turn starts at %q, or asks for the interest", ph)
	}
	if p := rmtest.Play(t, ts, table, rmtest.Move{"do": "rune", "colour": "blue", "cards": "4 6"}); p.Status != http.StatusSeeOther {
		t.Fatalf("rune: %d", p.Status)
	}
	check("en", "Last move: Ben bought a blue rune with number cards.", "Undo: Ben bought a blue rune with number cards")
	check("de", "Letzter Zug: Ben hat eine blaue Rune mit Zahlenkarten gekauft.", "Rückgängig: Ben hat eine blaue Rune mit Zahlenkarten gekauft")
	u, _ := url.Parse(view)
	if got := ts.Get(u.Path).Text(`[data-testid="playing-along"] [data-testid="last-move"]`); got != "Last move: Ben bought a blue rune with number cards." {
		t.Errorf("view-only page: last move %q", got)
	}
	if got := ts.GetLang(u.Path, "de").Text(`[data-testid="playing-along"] [data-testid="last-move"]`); got != "Letzter Zug: Ben hat eine blaue Rune mit Zahlenkarten gekauft." {
		t.Errorf("view-only page in German: last move %q", got)
	}
}
