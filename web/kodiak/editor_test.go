package kodiak_test

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/web/cambio/cambiotest"
	"tablemate/web/kodiak/kodiaktest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

func TestKodiakRoundsOverHTTP(t *testing.T) {
	t.Parallel()
	ts := webtest.New(t, server.NewApp)
	table := cambiotest.StartRoundTable(ts, "kodiak", "Ana", "Ben", "Cy")
	ed := ts.Get(table + "/games/new")
	if h := ed.Text(`[data-testid="round-heading"]`); h != "Game 1 · round 1 of 3" {
		t.Errorf("heading %q", h)
	}
	if ed.Doc.Find(`input[name="kodiak"][value="0"][checked]`).Length() != 1 || ed.Text(`[data-testid="dealer"]`) != "Kodiak by the rotation: Ana" {
		t.Errorf("round 1 Kodiak not preselected: %q", ed.Text(`[data-testid="dealer"]`))
	}
	if ed.Doc.Find(`input[name="players[2].hairballs_kept"]`).AttrOr("value", "") != "0" {
		t.Error("counters do not start at 0")
	}
	want := []string{"−12 0 18", "8 −3 18"}
	for j, r := range kodiaktest.Doc[:2] {
		if p := kodiaktest.EnterRound(ts, table, r, true); p.Status != http.StatusSeeOther {
			t.Fatalf("round %d: %d\n%s", j+1, p.Status, p.Body)
		}
		tp := ts.Get(table)
		if got := strings.Join(cambiotest.RoundTotals(tp), " "); got != want[j] {
			t.Errorf("after round %d: %s, want %s", j+1, got, want[j])
		}
	}
	tp := ts.Get(table)
	if pr := tp.Text(`[data-testid="progress"]`); !strings.HasPrefix(pr, "Next: round 3 of 3, Cy is Kodiak") {
		t.Errorf("progress %q", pr)
	}
	ed = ts.Get(table + "/games/new")
	if ed.Doc.Find(`input[name="kodiak"][value="2"][checked]`).Length() != 1 {
		t.Error("round 3: Cy is not preselected as Kodiak")
	}
	// A pounce that is not a number is a 422 on that field.
	bad := kodiaktest.Doc[2]
	bad.Seats[2][1] = "three"
	p := kodiaktest.EnterRound(ts, table, bad, true)
	if p.Status != http.StatusUnprocessableEntity || p.Text("#err-players-2-pounces") == "" {
		t.Errorf("bad pounces: %d %q", p.Status, p.Text("#err-players-2-pounces"))
	}
	if p := kodiaktest.EnterRound(ts, table, kodiaktest.Doc[2], true); p.Status != http.StatusSeeOther {
		t.Fatalf("round 3: %d", p.Status)
	}
	tp = ts.Get(table)
	if w := tp.Text(`[data-testid="game-winner"]`); w != "Ben" {
		t.Errorf("winner %q", w)
	}
	tb := ts.Table(table)
	if tb.Games.Len() != 1 || !tb.Games.At(0).Result().Valid {
		t.Fatalf("games %+v", tb.Games)
	}
	for name, want := range map[string]int{"Ana": 10, "Ben": -3, "Cy": 3} {
		if got, _ := tb.Games.At(0).Result().Total(name); got != want {
			t.Errorf("%s: %d, want %d", name, got, want)
		}
	}
	if res := ts.Get(table + "/games/1"); !strings.Contains(res.Body, "round 3 (Kodiak): 3 pounces (−15)") {
		t.Error("the result page lacks Cy's pounces")
	}
}
