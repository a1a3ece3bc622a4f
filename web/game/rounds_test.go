package game_test

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/web/cambio/cambiotest"
)

// A game entered round by round has no whole-game correction form: any
// of its rounds is corrected instead (issue #18), so the result page
// offers no link to a whole-game form.
func TestRoundGamesAreNotCorrectedAsAWhole(t *testing.T) {
	ts := newTestServer(t)
	table := ts.NewTable("cambio", "", "Ana", "Ben")
	f := ts.Get(table+"/games/new").FormOf(t, table+"/games")
	f.Set("players[0].cards", "7")
	f.Set("players[1].cards", "3")
	f.Set("ended", "cambio:1")
	if p := ts.Post(table+"/games", f); p.Status != http.StatusSeeOther {
		t.Fatalf("round: %d %s", p.Status, p.Text(".field-error"))
	}
	res := ts.Get(table + "/games/1")
	if res.Status != http.StatusOK || res.Doc.Find(`a[href$="/games/1/edit"]`).Length() != 0 {
		t.Errorf("result page %d offers a whole-game correction", res.Status)
	}
	if p := ts.Get(table + "/games/1/edit"); p.Status != http.StatusNotFound {
		t.Errorf("edit page: %d", p.Status)
	}
	if p := ts.Post(table+"/games/1", f); p.Status != http.StatusNotFound {
		t.Errorf("correction post: %d", p.Status)
	}
}

// Any round of a round game is corrected through its editor, not only
// the last: the game's page and the table's rounds link to each round's
// correction, the editor opens with what was entered, and the saved
// correction is a round_corrected entry in the history; the rounds after
// it stay. A view-only page links to none.
func TestCorrectAnyRoundOverHTTP(t *testing.T) {
	ts := newTestServer(t)
	table := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	for _, r := range cambiotest.Rounds[:2] {
		if p := cambiotest.EnterRound(ts.Server, table, r.Cards, r.Ended); p.Status != http.StatusSeeOther {
			t.Fatalf("round: %d\n%s", p.Status, p.Text(".field-error"))
		}
	}
	before := strings.Join(cambiotest.RoundTotals(ts.Get(table)), " ")
	if before != "38 23 18" {
		t.Fatalf("totals before %q", before)
	}
	res := ts.Get(table + "/games/1")
	links := res.Doc.Find(`[data-testid="correct-rounds"] a[data-testid="correct-round"]`)
	if links.Length() != 2 || links.Eq(0).AttrOr("href", "") != table+"/games/1/rounds/1/edit" {
		t.Fatalf("the game's page links to %d round corrections", links.Length())
	}
	if n := ts.Get(table).Doc.Find(`[data-testid="current-game"] a[data-testid="fix-round"]`).Length(); n != 2 {
		t.Errorf("the table's rounds link to %d corrections, want 2", n)
	}
	ed := ts.Get(table + "/games/1/rounds/1/edit")
	if ed.Status != http.StatusOK || ed.Text(`[data-testid="round-heading"]`) != "Correct round 1 of game 1" {
		t.Fatalf("round 1's editor: %d %q", ed.Status, ed.Text(`[data-testid="round-heading"]`))
	}
	if v, _ := ed.Doc.Find(`input[name="players[0].cards"]`).Attr("value"); v != "7 red-king swap" {
		t.Errorf("Ana's round 1 cards in the editor %q", v)
	}
	if ed.Doc.Find(`input[name="ended"][value="cambio:1"][checked]`).Length() != 1 {
		t.Error("Ben's call is not chosen in round 1's editor")
	}
	// Round 1: Ana really had 7 and a red king, no swap (15 → 5), so
	// Ben's call with 7 was no longer the fewest: −5 becomes +5 (CAM-2).
	f := ed.FormOf(t, table+"/games/1/rounds/1")
	for i, c := range []string{"7 red-king", "3 4", "peek-mine blue-king"} {
		f.Set("players["+string(rune('0'+i))+"].cards", c)
	}
	f.Set("ended", "cambio:1")
	p := ts.Post(table+"/games/1/rounds/1", f)
	if p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/games/1" {
		t.Fatalf("correction: %d %s\n%s", p.Status, p.Header.Get("Location"), p.Text(".field-error"))
	}
	tbl := ts.Get(table)
	if got := strings.Join(cambiotest.RoundTotals(tbl), " "); got != "28 33 18" {
		t.Errorf("totals after correcting round 1: %q, want 28 33 18", got)
	}
	if !strings.Contains(tbl.Text(`[data-testid="log"]`), "Round 1 of game 1 corrected") || tbl.Text(`[data-testid="undo"]`) != "Undo: round 1 of game 1 corrected" {
		t.Errorf("history %q, undo %q", tbl.Text(`[data-testid="log"]`), tbl.Text(`[data-testid="undo"]`))
	}
	// A broken correction is shown again with the field, nothing saved.
	f.Set("players[1].cards", "king")
	if p := ts.Post(table+"/games/1/rounds/2", f); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".field-error"), "king") {
		t.Errorf("a bad card: %d %q", p.Status, p.Text(".field-error"))
	}
	for _, u := range []string{"/games/1/rounds/3/edit", "/games/1/rounds/0/edit", "/games/2/rounds/1/edit"} {
		if p := ts.Get(table + u); p.Status != http.StatusNotFound {
			t.Errorf("%s: %d", u, p.Status)
		}
	}
	// The view-only pages link to no correction.
	view := tbl.Doc.Find(`[data-testid="view-link"]`).AttrOr("value", "")
	if i := strings.Index(view, "/v/"); i >= 0 {
		view = view[i:]
	} else {
		t.Fatalf("no view-only link: %q", view)
	}
	for _, u := range []string{view, view + "/games/1"} {
		if v := ts.Get(u); v.Doc.Find(`a[href*="/rounds/"]`).Length() != 0 {
			t.Errorf("%s links to a round correction", u)
		}
	}
}
