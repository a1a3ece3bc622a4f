package cambio_test

import (
	"net/url"
	"testing"

	"tablemate/web/cambio/cambiotest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// Issue #38: the newest move is named on the turn page, in the Undo
// button and on the view-only page, in English and German, for Cambio
// and Kodiak (they said "move 6 of the guided game").
func TestLastMoveIsNamed(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	check := func(table, lang, wantLine, wantUndo string) {
		t.Helper()
		p := ts.GetLang(table+"/play", lang)
		if got := p.Text(`[data-testid="last-move"]`); got != wantLine {
			t.Errorf("%s %s: last move %q, want %q", table, lang, got, wantLine)
		}
		if got := p.Text(`[data-testid="undo-step"]`); got != wantUndo {
			t.Errorf("%s %s: undo %q, want %q", table, lang, got, wantUndo)
		}
	}

	cam := cambiotest.StartRoundTable(ts, "cambio", "Ana", "Ben", "Cy")
	view, _ := ts.Get(cam).Doc.Find(`[data-testid="view-link"]`).Attr("value")
	cambiotest.StartGuided(ts, cam, "dealer", "1")
	if p := ts.Get(cam + "/play"); p.Doc.Find(`[data-testid="last-move"]`).Length() != 0 {
		t.Errorf("a last move before the first: %q", p.Text(`[data-testid="last-move"]`))
	}
	cambiotest.MustStep(ts, cam, "done:1", nil)
	check(cam, "en", "Last move: Ben finished a turn.", "Undo: Ben finished a turn")
	check(cam, "de", "Letzter Zug: Ben hat den Zug beendet.", "Rückgängig: Ben hat den Zug beendet")
	cambiotest.MustStep(ts, cam, "penalty:0:1", nil)
	check(cam, "en", "Last move: Ana drew a penalty card.", "Undo: Ana drew a penalty card")
	cambiotest.MustStep(ts, cam, "cambio:2", nil)
	check(cam, "en", "Last move: Cy called Cambio.", "Undo: Cy called Cambio")
	check(cam, "de", "Letzter Zug: Cy hat Cambio gerufen.", "Rückgängig: Cy hat Cambio gerufen")
	// The view-only page says it too.
	u, _ := url.Parse(view)
	if got := ts.Get(u.Path).Text(`[data-testid="playing-along"] [data-testid="last-move"]`); got != "Last move: Cy called Cambio." {
		t.Errorf("view-only page: last move %q", got)
	}
	if got := ts.GetLang(u.Path, "de").Text(`[data-testid="playing-along"] [data-testid="last-move"]`); got != "Letzter Zug: Cy hat Cambio gerufen." {
		t.Errorf("view-only page in German: last move %q", got)
	}

	kod := cambiotest.StartRoundTable(ts, "kodiak", "Ana", "Ben")
	cambiotest.StartGuided(ts, kod, "kodiak", "1")
	cambiotest.MustStep(ts, kod, "pounce:1", nil)
	check(kod, "en", "Last move: Ben (Kodiak) pounced: 1 of 3.", "Undo: Ben (Kodiak) pounced: 1 of 3")
	check(kod, "de", "Letzter Zug: Ben (Kodiak) hat sich gestürzt: 1 von 3.", "Rückgängig: Ben (Kodiak) hat sich gestürzt: 1 von 3")
	cambiotest.MustStep(ts, kod, "hairball:0:1", nil)
	check(kod, "en", "Last move: Ana discarded a hairball.", "Undo: Ana discarded a hairball")
	cambiotest.MustStep(ts, kod, "hairball:0:-1", nil)
	check(kod, "de", "Letzter Zug: ein Haarball von Ana zurückgenommen.", "Rückgängig: ein Haarball von Ana zurückgenommen")
}
