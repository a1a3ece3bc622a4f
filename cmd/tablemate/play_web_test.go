package main

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
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
	ts := newTestServerWith(t, func(a *app) { a.writeRate = 0 })
	table := ts.createTable("Amelia", "Victor")
	if href, _ := ts.get(table).doc.Find(`[data-testid="play-along"]`).Attr("href"); href != table+"/play" {
		t.Fatalf("no play-along link on the table page: %q", href)
	}
	setup := ts.get(table + "/play")
	f := setup.formOf(t, table+"/play/start")
	for i, c := range playRow {
		f.Set(fmt.Sprintf("row[%d]", i), c)
	}
	bad := url.Values{}
	for k, v := range f {
		bad[k] = v
	}
	bad.Set("row[1]", "green 2")
	if p := ts.post(table+"/play/start", bad); p.status != http.StatusUnprocessableEntity || !strings.Contains(p.text(".field-error"), "green") {
		t.Fatalf("bad row card: %d %q", p.status, p.text(".field-error"))
	}
	if p := ts.post(table+"/play/start", f); p.status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.status, p.text(".field-error"))
	}

	play := ts.get(table + "/play")
	if got := play.text(`[data-testid="to-move"]`); !strings.HasPrefix(got, "Amelia") {
		t.Fatalf("to move: %q", got)
	}
	// The rule text's example: taking the third card costs two tokens,
	// one on each skipped card.
	if txt := play.text(`[data-testid="take-3"]`); !strings.Contains(txt, "pay 2 tokens") {
		t.Errorf("take 3 says %q", txt)
	}
	pick := ts.get(table + "/play?take=3")
	if pick.doc.Find(`[data-testid="reveal-blue-7"]`).Length() != 1 || pick.doc.Find(`[data-testid="reveal-red-1"]`).Length() != 0 {
		t.Fatal("the reveal picker must offer unseen cards only")
	}
	step := pick.formOf(t, table+"/play/step")
	step.Set("reveal", "blue 7")
	if p := ts.post(table+"/play/step", step); p.status != http.StatusSeeOther {
		t.Fatalf("step: %d %s", p.status, p.body)
	}
	if p := ts.post(table+"/play/step", step); p.status != http.StatusSeeOther { // double tap
		t.Fatalf("repeated step: %d", p.status)
	}
	play = ts.get(table + "/play")
	if n := play.doc.Find(`[data-testid="row-tokens"]`).Length(); n != 2 {
		t.Errorf("%d row cards carry tokens after the take, want 2", n)
	}
	if got := play.text(`[data-player="Amelia"] [data-testid="seat-tokens"]`); got != "5 tokens" {
		t.Errorf("Amelia has %q", got)
	}
	if got := play.text(`[data-testid="to-move"]`); !strings.HasPrefix(got, "Victor") {
		t.Errorf("after one turn %q is to move", got)
	}
	// A take the rules refuse names the rule and records nothing.
	refused := play.formOf(t, table+"/undo")
	refused.Set("take", "9")
	refused.Set("reveal", "blue 8")
	if p := ts.post(table+"/play/step", refused); p.status != http.StatusUnprocessableEntity || !strings.Contains(p.body, "rule KKS") {
		t.Errorf("take 9: %d", p.status)
	}
	// Undo takes the move back and stays in the game.
	if p := ts.post(table+"/undo", play.formOf(t, table+"/undo")); p.status != http.StatusSeeOther || p.header.Get("Location") != table+"/play" {
		t.Fatalf("undo: %d %q", p.status, p.header.Get("Location"))
	}

	last := playKKSToTheEnd(t, ts, table)
	if last.header.Get("Location") != table+"/games/1" {
		t.Fatalf("after the last turn: %q, want the game's result", last.header.Get("Location"))
	}
	res := ts.get(table + "/games/1")
	if v, _ := res.doc.Find(`[data-testid="verdict"]`).Attr("data-valid"); v != "true" {
		t.Errorf("the guided game's final state is not valid: %s", res.text(`[data-testid="violations"]`))
	}
}

// playKKSToTheEnd plays the guided game started with playRow to its end:
// everyone takes the free card (34 turns, KKS-3). It returns the answer to
// the last turn.
func playKKSToTheEnd(t *testing.T, ts *testServer, table string) fetched {
	t.Helper()
	deck := playDeck()
	var last fetched
	for turn := range 34 {
		f := ts.get(table+"/play?take=1").formOf(t, table+"/play/step")
		f.Set("take", "1")
		if turn < len(deck) {
			f.Set("reveal", deck[turn])
		} else {
			f.Del("reveal")
		}
		last = ts.post(table+"/play/step", f)
		if last.status != http.StatusSeeOther {
			t.Fatalf("turn %d: %d %s", turn+1, last.status, last.body)
		}
	}
	return last
}

// startKKSPlay starts a guided game with playRow.
func startKKSPlay(t *testing.T, ts *testServer, table string) {
	t.Helper()
	f := ts.get(table+"/play").formOf(t, table+"/play/start")
	for i, c := range playRow {
		f.Set(fmt.Sprintf("row[%d]", i), c)
	}
	if p := ts.post(table+"/play/start", f); p.status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.status, p.text(".field-error"))
	}
}
