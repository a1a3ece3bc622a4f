package server

import (
	"net/http"
	"testing"
)

// A game entered round by round has no whole-game correction form: its
// rounds are undone instead, so the result page offers no broken link.
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
	if res.Status != http.StatusOK || res.Doc.Find(`a[href$="/edit"]`).Length() != 0 {
		t.Errorf("result page %d offers a correction", res.Status)
	}
	if p := ts.Get(table + "/games/1/edit"); p.Status != http.StatusNotFound {
		t.Errorf("edit page: %d", p.Status)
	}
	if p := ts.Post(table+"/games/1", f); p.Status != http.StatusNotFound {
		t.Errorf("correction post: %d", p.Status)
	}
}
