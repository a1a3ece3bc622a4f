package table_test

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/web/kks/kkstest"
)

func TestKKSEveningOverHTTP(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Amelia", "Victor")
	p := ts.Get(table)
	if p.Status != http.StatusOK || p.Doc.Find(`[data-testid="no-games"]`).Length() != 1 {
		t.Fatalf("new table page: %d\n%s", p.Status, p.Body)
	}

	// Game 1: Amelia's example display against a weaker one.
	entry := ts.Get(table + "/games/new")
	if entry.Doc.Find(`fieldset[data-player="Victor"] input[data-stack="red"]`).Length() != 1 {
		t.Fatal("the editor has no red stack for Victor")
	}
	f := kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{kkstest.Amelia, {"red": "2 3"}}, []string{"3", "7"})
	res := ts.Post(table+"/games", f)
	if res.Status != http.StatusSeeOther {
		t.Fatalf("submit: %d\n%s", res.Status, res.Body)
	}
	// A double tap sends the same form again: same answer, one game,
	// saying it was recorded already.
	again := ts.Post(table+"/games", f)
	if again.Status != http.StatusSeeOther || again.Header.Get("Location") != res.Header.Get("Location")+"?done=already" {
		t.Fatalf("double submit: %d to %q, want %q", again.Status, again.Header.Get("Location"), res.Header.Get("Location")+"?done=already")
	}
	if got := ts.Get(again.Header.Get("Location")).Text(`main [role="status"]`); !strings.Contains(got, "Already recorded") {
		t.Errorf("the repeat says %q", got)
	}
	if n := ts.Table(table).Games.Len(); n != 1 {
		t.Fatalf("the double tap made %d games", n)
	}
	result := ts.Get(res.Header.Get("Location"))
	if got := result.Text(`[data-player="Amelia"] [data-testid="player-total"]`); got != "58" {
		t.Errorf("Amelia's total = %q, want 58 (the rule text's example)", got)
	}
	// 2 players must hold 17 cards each (KKS-3): the verdict names the rule.
	if v, _ := result.Doc.Find(`[data-testid="verdict"]`).Attr("data-valid"); v != "false" {
		t.Errorf("verdict valid = %q, want false for short displays", v)
	}
	if result.Doc.Find(`[data-code="card_count"]`).Length() == 0 || !strings.Contains(result.Body, "KKS-3") {
		t.Error("the result page does not show the card_count violation with its rule")
	}

	tbl := ts.Get(table)
	if n := tbl.Doc.Find(`[data-testid="games"] tbody tr`).Length(); n != 1 {
		t.Fatalf("%d games listed after a double submit, want 1", n)
	}
	// Saved as disputed, it counts in no standing until the table settles
	// it (ruling G-5): shown with its totals, marked not counted.
	if tbl.Doc.Find(`[data-testid="games"] [data-testid="disputed-badge"]`).Length() != 1 || tbl.Doc.Find(`[data-testid="standings"]`).Length() != 0 {
		t.Errorf("a disputed game is not marked, or counts in the standing:\n%s", tbl.Text("main"))
	}
	ts.Settle(t, table, 1)
	tbl = ts.Get(table)
	if got := tbl.Text(`tr[data-player="Amelia"] [data-testid="total"]`); got != "58" {
		t.Errorf("running total %q, want 58", got)
	}

	// A stale form (based on the table before game 1) is refused with 409
	// and keeps what was typed.
	stale := kkstest.Form(entry.FormOf(t, table+"/games"), []map[string]string{{"red": "9"}, {"red": "8"}}, []string{"1", "1"})
	stale.Set("_token", "another-tap")
	sp := ts.Post(table+"/games", stale)
	if sp.Status != http.StatusConflict {
		t.Fatalf("stale submit: %d", sp.Status)
	}
	if v, _ := sp.Doc.Find(`input[name="players[0].display.red"]`).Attr("value"); v != "9" {
		t.Errorf("stale form lost the entry: red = %q", v)
	}

	// Undo takes the settling back, then game 1.
	if got := tbl.Text(`[data-testid="undo"]`); got != "Undo: game 1 counted as entered" {
		t.Errorf("undo button %q", got)
	}
	if p := ts.Post(table+"/undo", tbl.FormOf(t, table+"/undo")); p.Status != http.StatusSeeOther {
		t.Fatalf("undo the settling: %d\n%s", p.Status, p.Body)
	}
	tbl = ts.Get(table)
	if tbl.Doc.Find(`[data-testid="games"] [data-testid="disputed-badge"]`).Length() != 1 {
		t.Error("the undone settling leaves the game counted")
	}
	undo := tbl.FormOf(t, table+"/undo")
	p = ts.Post(table+"/undo", undo)
	if p.Status != http.StatusSeeOther {
		t.Fatalf("undo: %d\n%s", p.Status, p.Body)
	}
	after := ts.Get(p.Header.Get("Location"))
	if after.Doc.Find(`[data-testid="no-games"]`).Length() != 1 || !strings.Contains(after.Body, "Undone") {
		t.Errorf("after undo the table still shows games")
	}
	if p := ts.Post(table+"/undo", undo); p.Status != http.StatusSeeOther {
		t.Errorf("repeated undo form: %d, want the same redirect", p.Status)
	}
}
