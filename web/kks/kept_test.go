package kks_test

import (
	"net/http"
	"net/url"
	"testing"

	"tablemate/web/kks/kkstest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// Issue #38: a refused take keeps the card taken and opens the card to
// turn up again; the last move is named on the turn page and in Undo, in
// English and German.
func TestKKSRefusalKeepsTheTakeAndTheLastMoveIsNamed(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := ts.CreateTable("Amelia", "Victor")
	view, _ := ts.Get(table).Doc.Find(`[data-testid="view-link"]`).Attr("value")
	kkstest.StartPlay(t, ts, table)
	f := ts.Get(table+"/play?take=3").FormOf(t, table+"/play/step")
	f.Set("reveal", "red 1") // in the row, so not in the deck
	p := ts.Post(table+"/play/step", f)
	if p.Status != http.StatusUnprocessableEntity || p.Text(".banner-bad") == "" {
		t.Fatalf("a card turned up that lies in the row: %d %q", p.Status, p.Text(".banner-bad"))
	}
	if p.Doc.Find(`[data-testid="reveal"]`).Length() != 1 || p.Doc.Find(`[data-testid="reveal-blue-7"]`).Length() != 1 {
		t.Error("the refusal does not open the card to turn up for the take chosen")
	}
	if v, _ := p.Doc.Find(`[data-testid="reveal"] input[name="take"]`).Attr("value"); v != "3" {
		t.Errorf("the take kept is %q, want 3", v)
	}
	if ts.Get(table+"/play").Doc.Find(`[data-testid="reveal"]`).Length() != 0 {
		t.Error("a fresh page opens a take")
	}
	if p := ts.Get(table + "/play"); p.Doc.Find(`[data-testid="last-move"]`).Length() != 0 {
		t.Errorf("a last move before the first: %q", p.Text(`[data-testid="last-move"]`))
	}
	f.Set("reveal", "blue 7")
	if p := ts.Post(table+"/play/step", ts.Get(table+"/play?take=3").FormOf(t, table+"/play/step")); p.Status == http.StatusSeeOther {
		t.Fatal("a take with no card turned up was recorded")
	}
	step := ts.Get(table+"/play?take=3").FormOf(t, table+"/play/step")
	step.Set("reveal", "blue 7")
	if p := ts.Post(table+"/play/step", step); p.Status != http.StatusSeeOther {
		t.Fatalf("take 3: %d %s", p.Status, p.Text(".banner-bad"))
	}
	en := ts.Get(table + "/play")
	line, undo := en.Text(`[data-testid="last-move"]`), en.Text(`[data-testid="undo-step"]`)
	if line == "" || line[:len("Last move: Amelia took the")] != "Last move: Amelia took the" || undo != "Undo: "+line[len("Last move: "):len(line)-1] {
		t.Errorf("last move %q, undo %q", line, undo)
	}
	de := ts.GetLang(table+"/play", "de")
	if got := de.Text(`[data-testid="last-move"]`); len(got) < 20 || got[:len("Letzter Zug: Amelia hat")] != "Letzter Zug: Amelia hat" {
		t.Errorf("German last move %q", got)
	}
	// The view-only page says it too.
	u, _ := url.Parse(view)
	if got := ts.Get(u.Path).Text(`[data-testid="playing-along"] [data-testid="last-move"]`); got != line {
		t.Errorf("view-only page: last move %q, want %q", got, line)
	}
	t.Logf("%s / %s", line, de.Text(`[data-testid="last-move"]`))
}
