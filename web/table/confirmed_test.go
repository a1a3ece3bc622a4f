package table_test

import (
	"net/http"
	"strings"
	"testing"
)

// A confirmation is said only of the table the write made: the address a
// write goes on to carries the version it made, and once the table has
// moved on (an undo, another entry) the same address says nothing, so a
// reload, a copied link or the browser's back button never says "Round
// saved." of a round no longer in effect.
func TestConfirmationOnlyWhileItIsTrue(t *testing.T) {
	ts := newTestServer(t)
	table := ts.NewTable("another-game", "", "Ana", "Ben", "Cy")
	saved := ts.SheetRound(t, table, map[string]string{"name": "Skat", "players[0].points": "10", "players[1].points": "-4", "players[2].points": "3"})
	said := func(path string) string { return ts.Get(path).Text(`main .banner-good`) }
	if got := said(saved); got != "Round saved." {
		t.Fatalf("right after the round (%s): %q, want Round saved.", saved, got)
	}
	if got := said(table + "?done=round"); got != "" {
		t.Errorf("a confirmation without the version it was made at: %q", got)
	}

	tbl := ts.Get(table)
	p := ts.Post(table+"/undo", tbl.FormOf(t, table+"/undo"))
	if p.Status != http.StatusSeeOther || !strings.Contains(p.Header.Get("Location"), "done=undo&at=") {
		t.Fatalf("undo: %d to %q", p.Status, p.Header.Get("Location"))
	}
	undone := p.Header.Get("Location")
	if got := said(undone); !strings.HasPrefix(got, "Undone") {
		t.Errorf("right after the undo: %q", got)
	}
	if got := said(saved); got != "" {
		t.Errorf("the round's address after the round was undone says %q", got)
	}

	// Another entry: the undo's address no longer says "Undone".
	ts.SheetRound(t, table, map[string]string{"name": "Skat", "players[0].points": "1", "players[1].points": "2", "players[2].points": "3"})
	if got := said(undone); got != "" {
		t.Errorf("the undo's address after another round says %q", got)
	}
}
