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

// A player's cards may be entered by their sum in one field, kept as a
// corner value for the whole hand (ruling CAM-1, cambio.Sum): a typed 17
// is accepted and scores 17; cards and a sum at once are refused on the
// sum field; a typed 0 for the player who had no cards left is no cards
// (ruling CAM-3).
func TestCambioRoundBySums(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	table := cambiotest.StartRoundTable(ts, "cambio", "Ana", "Ben", "Cy")
	ed := ts.Get(table + "/games/new")
	for i := range 3 {
		in := ed.Doc.Find(`input[name="` + views.PField(i, "sum") + `"]`)
		if in.Length() != 1 || in.AttrOr("type", "") != "number" {
			t.Fatalf("seat %d has no sum field", i)
		}
	}
	// The cards' codes are behind "Type the cards instead", not shown
	// beside the chips.
	if ed.Doc.Find(`details.type-instead input[name="players[0].cards"]`).Length() != 1 {
		t.Error("the cards' text field is not behind 'Type the cards instead'")
	}

	post := func(sums, cards [3]string, ended string) webtest.Page {
		f := ts.Get(table+"/games/new").FormOf(t, table+"/games")
		for i := range 3 {
			f.Set(views.PField(i, "sum"), sums[i])
			f.Set(views.PField(i, "cards"), cards[i])
		}
		f.Set("ended", ended)
		return ts.Post(table+"/games", f)
	}
	both := post([3]string{"4", "17", "9"}, [3]string{"", "7", ""}, "cambio:0")
	if both.Status != http.StatusUnprocessableEntity || !strings.Contains(both.Text(`#err-players-1-sum`), "not both") {
		t.Fatalf("cards and a sum at once: %d %q", both.Status, both.Text(`#err-players-1-sum`))
	}
	if v, _ := both.Doc.Find(`input[name="players[1].sum"]`).Attr("value"); v != "17" {
		t.Errorf("the typed sum is not kept: %q", v)
	}
	bad := post([3]string{"4", "seventeen", "9"}, [3]string{}, "cambio:0")
	if bad.Status != http.StatusUnprocessableEntity || !strings.Contains(bad.Text(`#err-players-1-sum`), "whole number") {
		t.Fatalf("a sum that is no number: %d %q", bad.Status, bad.Text(`#err-players-1-sum`))
	}
	// Ana called with 4: fewest, −5 (CAM-2).
	if p := post([3]string{"4", "17", "9"}, [3]string{}, "cambio:0"); p.Status != http.StatusSeeOther {
		t.Fatalf("round 1 by sums: %d\n%s", p.Status, p.Text(".field-error"))
	}
	if got := strings.Join(cambiotest.RoundTotals(ts.Get(table)), " "); got != "−1 17 9" {
		t.Errorf("totals after round 1 %q, want −1 17 9", got)
	}
	// Round 2: nobody called, Cy's 0 means no cards left.
	if p := post([3]string{"−2", "3", "0"}, [3]string{}, "out:2"); p.Status != http.StatusSeeOther {
		t.Fatalf("round 2 with Cy out at 0: %d\n%s", p.Status, p.Text(".field-error"))
	}
	if got := strings.Join(cambiotest.RoundTotals(ts.Get(table)), " "); got != "−3 20 9" {
		t.Errorf("totals after round 2 %q, want −3 20 9", got)
	}
	// The game's breakdown reads the typed sums as cards worth them.
	res := ts.Get(table + "/games/1")
	if !strings.Contains(res.Body, "17") || strings.Contains(res.Body, "sum:17") {
		t.Errorf("the breakdown shows the token sum:17 or not the 17")
	}
	// The editor's chips name a sum in words, in German too, and a card
	// by its German name.
	de := ts.PostLang(table+"/games", func() map[string][]string {
		f := ts.Get(table+"/games/new").FormOf(t, table+"/games")
		f.Set("players[0].cards", "sum:12 red-king")
		return f
	}(), "de")
	if !strings.Contains(de.Body, "Karten im Wert von 12") || !strings.Contains(de.Text(`[data-card-preview]`), "Roter König") || strings.Contains(de.Text(`[data-card-preview]`), "Red King") {
		t.Errorf("German chips: %s", de.Text(`[data-card-preview]`))
	}
}
