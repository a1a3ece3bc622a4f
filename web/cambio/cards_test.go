package cambio_test

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/views"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// TestCardsInGerman: the German round editor names the deck's named
// cards in German on its pad (their tokens German too), reads cards typed
// by their German names as the engine's, and shows a stored round's
// cards back with German tokens; an unknown card's message lists the
// German tokens. English pages keep the English names and tokens.
func TestCardsInGerman(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	table := cambiotest.StartRoundTable(ts, "cambio", "Ana", "Ben", "Cy")
	de := ts.GetLang(table+"/games/new", "de")
	pad := de.Text(`[data-testid="player-entry"][data-player="Ana"] .card-pad`)
	for _, name := range []string{"Roter König", "Blauer König", "Meine ansehen", "Deine ansehen", "Tauschen", "Energie", "Sonnenlicht"} {
		if !strings.Contains(pad, name) {
			t.Errorf("the German pad lacks %q: %q", name, pad)
		}
	}
	for _, english := range []string{"Red King", "Peek", "Swap", "Energy", "Sunlight", "red-king"} {
		if strings.Contains(de.Text("main"), english) {
			t.Errorf("the German round editor says %q", english)
		}
	}
	if tok := de.Doc.Find(`.card-pad button.named`).First().AttrOr("data-card", ""); tok != "roter-könig" {
		t.Errorf("the German pad's first named card types %q", tok)
	}
	if en := ts.Get(table + "/games/new"); !strings.Contains(en.Text(".card-pad"), "Red King") || en.Doc.Find(`.card-pad button.named`).First().AttrOr("data-card", "") != "red-king" {
		t.Errorf("the English pad: %q", en.Text(".card-pad"))
	}

	// Typed in German: Ana called with a Red King and a 3 (1 point).
	f := de.FormOf(t, table+"/games")
	f.Set(views.PField(0, "cards"), "Roter-König 3")
	f.Set(views.PField(1, "cards"), "tauschen 4")
	f.Set(views.PField(2, "cards"), "sonnenlicht")
	f.Set("ended", "cambio:0")
	if p := ts.PostLang(table+"/games", f, "de"); p.Status != http.StatusSeeOther {
		t.Fatalf("a round typed in German: %d %q", p.Status, p.Text(".field-error"))
	}
	if got := strings.Join(cambiotest.RoundTotals(ts.Get(table)), " "); got != "−4 14 10" {
		t.Errorf("totals %q, want −4 14 10 (Ana called with the fewest: −5)", got)
	}
	// Its correction shows the cards with German tokens, the English
	// page with English ones.
	if v := ts.GetLang(table+"/games/1/rounds/1/edit", "de").Doc.Find(`input[name="players[0].cards"]`).AttrOr("value", ""); v != "roter-könig 3" {
		t.Errorf("German correction shows %q", v)
	}
	if v := ts.Get(table+"/games/1/rounds/1/edit").Doc.Find(`input[name="players[0].cards"]`).AttrOr("value", ""); v != "red-king 3" {
		t.Errorf("English correction shows %q", v)
	}

	// An unknown card names the German tokens.
	f = ts.GetLang(table+"/games/new", "de").FormOf(t, table+"/games")
	f.Set(views.PField(0, "cards"), "drache")
	f.Set("ended", "cambio:0")
	bad := ts.PostLang(table+"/games", f, "de")
	if msg := bad.Text(".field-error"); bad.Status != http.StatusUnprocessableEntity || !strings.Contains(msg, "roter-könig, blauer-könig") || strings.Contains(msg, "red-king") {
		t.Errorf("an unknown card in German: %d %q", bad.Status, msg)
	}
}
