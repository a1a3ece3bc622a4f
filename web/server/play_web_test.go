package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"tablemate/web/webtest"
	"testing"
)

var playRow = []string{"red 10", "black 2", "red 1", "blue 4", "yellow 6", "red 5", "black 9"}

// playDeck is the rest of the deck in the order it is turned up.
func playDeck() []string {
	var deck []string
	for _, c := range []string{"red", "yellow", "black", "blue"} {
		for v := 1; v <= 10; v++ {
			card := fmt.Sprintf("%s %d", c, v)
			inRow := false
			for _, r := range playRow {
				inRow = inRow || r == card
			}
			if !inRow {
				deck = append(deck, card)
			}
		}
	}
	return deck
}

func TestPlayAlongKKS(t *testing.T) {
	ts := newTestServerWith(t, func(a *App) { a.writeRate = 0 })
	table := ts.CreateTable("Amelia", "Victor")
	if href, _ := ts.Get(table).Doc.Find(`[data-testid="play-along"]`).Attr("href"); href != table+"/play" {
		t.Fatalf("no play-along link on the table page: %q", href)
	}
	setup := ts.Get(table + "/play")
	f := setup.FormOf(t, table+"/play/start")
	for i, c := range playRow {
		f.Set(fmt.Sprintf("row[%d]", i), c)
	}
	bad := url.Values{}
	for k, v := range f {
		bad[k] = v
	}
	bad.Set("row[1]", "green 2")
	if p := ts.Post(table+"/play/start", bad); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".field-error"), "green") {
		t.Fatalf("bad row card: %d %q", p.Status, p.Text(".field-error"))
	}
	if p := ts.Post(table+"/play/start", f); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}

	play := ts.Get(table + "/play")
	if got := play.Text(`[data-testid="to-move"]`); !strings.HasPrefix(got, "Amelia") {
		t.Fatalf("to move: %q", got)
	}
	// The rule text's example: taking the third card costs two tokens,
	// one on each skipped card.
	if txt := play.Text(`[data-testid="take-3"]`); !strings.Contains(txt, "pay 2 tokens") {
		t.Errorf("take 3 says %q", txt)
	}
	pick := ts.Get(table + "/play?take=3")
	if pick.Doc.Find(`[data-testid="reveal-blue-7"]`).Length() != 1 || pick.Doc.Find(`[data-testid="reveal-red-1"]`).Length() != 0 {
		t.Fatal("the reveal picker must offer unseen cards only")
	}
	step := pick.FormOf(t, table+"/play/step")
	step.Set("reveal", "blue 7")
	if p := ts.Post(table+"/play/step", step); p.Status != http.StatusSeeOther {
		t.Fatalf("step: %d %s", p.Status, p.Body)
	}
	if p := ts.Post(table+"/play/step", step); p.Status != http.StatusSeeOther { // double tap
		t.Fatalf("repeated step: %d", p.Status)
	}
	play = ts.Get(table + "/play")
	if n := play.Doc.Find(`[data-testid="row-tokens"]`).Length(); n != 2 {
		t.Errorf("%d row cards carry tokens after the take, want 2", n)
	}
	if got := play.Text(`[data-player="Amelia"] [data-testid="seat-tokens"]`); got != "5 tokens" {
		t.Errorf("Amelia has %q", got)
	}
	if got := play.Text(`[data-testid="to-move"]`); !strings.HasPrefix(got, "Victor") {
		t.Errorf("after one turn %q is to move", got)
	}
	// A take the rules refuse names the rule and records nothing.
	refused := play.FormOf(t, table+"/undo")
	refused.Set("take", "9")
	refused.Set("reveal", "blue 8")
	if p := ts.Post(table+"/play/step", refused); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "rule KKS") {
		t.Errorf("take 9: %d", p.Status)
	}
	// Undo takes the move back and stays in the game.
	if p := ts.Post(table+"/undo", play.FormOf(t, table+"/undo")); p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/play" {
		t.Fatalf("undo: %d %q", p.Status, p.Header.Get("Location"))
	}

	last := playKKSToTheEnd(t, ts, table)
	if last.Header.Get("Location") != table+"/games/1" {
		t.Fatalf("after the last turn: %q, want the game's result", last.Header.Get("Location"))
	}
	res := ts.Get(table + "/games/1")
	if v, _ := res.Doc.Find(`[data-testid="verdict"]`).Attr("data-valid"); v != "true" {
		t.Errorf("the guided game's final state is not valid: %s", res.Text(`[data-testid="violations"]`))
	}
}

// playKKSToTheEnd plays the guided game started with playRow to its end:
// everyone takes the free card (34 turns, KKS-3). It returns the answer to
// the last turn.
func playKKSToTheEnd(t *testing.T, ts *testServer, table string) webtest.Page {
	t.Helper()
	deck := playDeck()
	var last webtest.Page
	for turn := range 34 {
		f := ts.Get(table+"/play?take=1").FormOf(t, table+"/play/step")
		f.Set("take", "1")
		if turn < len(deck) {
			f.Set("reveal", deck[turn])
		} else {
			f.Del("reveal")
		}
		last = ts.Post(table+"/play/step", f)
		if last.Status != http.StatusSeeOther {
			t.Fatalf("turn %d: %d %s", turn+1, last.Status, last.Body)
		}
	}
	return last
}

// startKKSPlay starts a guided game with playRow.
func startKKSPlay(t *testing.T, ts *testServer, table string) {
	t.Helper()
	f := ts.Get(table+"/play").FormOf(t, table+"/play/start")
	for i, c := range playRow {
		f.Set(fmt.Sprintf("row[%d]", i), c)
	}
	if p := ts.Post(table+"/play/start", f); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}
}
