// Package kkstest drives Koffer, Katze & Sombrero through the real router
// (webtest) for the tests of other packages: web/server's use it as the
// game a table plays, and its link crawler plays it along.
package kkstest

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"tablemate/views"
	"tablemate/web/webtest"
)

// Amelia is the rule text's example display (58 points).
var Amelia = map[string]string{"red": "1 5 7", "yellow": "6 10 x", "black": "4 6 x 5", "blue": "4 9"}

// Form fills the result editor's displays and tokens into base, the
// editor's hidden fields. The displays the tests enter are mostly the
// rule text's example in a two-player game, which breaks KKS-3
// (card_count) on purpose, so Form is the problems page's second choice,
// "Save as disputed" (issue #18): it records what it is given. Tests of
// the first step delete the field.
func Form(base url.Values, displays []map[string]string, tokens []string) url.Values {
	f := url.Values{"_disputed": {"1"}}
	for k, v := range base {
		f[k] = v
	}
	for i, d := range displays {
		for colour, s := range d {
			f.Set(views.PField(i, "display."+colour), s)
		}
		f.Set(views.PField(i, "tokens"), tokens[i])
	}
	return f
}

// PlayURL is the game's play API.
const PlayURL = "/api/v1/games/koffer-katze-sombrero/play"

// RowJSON is API.md's row as a play request writes it: position 1 is
// the free card.
const RowJSON = `"row": ["red 10", "black 2", "red 1", "blue 4", "yellow 6", "red 5", "black 9"]`

// Row is the row a guided game is started with (API.md's).
var Row = []string{"red 10", "black 2", "red 1", "blue 4", "yellow 6", "red 5", "black 9"}

// Deck is the rest of the deck in the order it is turned up.
func Deck() []string {
	var deck []string
	for _, c := range []string{"red", "yellow", "black", "blue"} {
		for v := 1; v <= 10; v++ {
			card := fmt.Sprintf("%s %d", c, v)
			inRow := false
			for _, r := range Row {
				inRow = inRow || r == card
			}
			if !inRow {
				deck = append(deck, card)
			}
		}
	}
	return deck
}

// PlayToTheEnd plays the guided game started with Row to its end:
// everyone takes the free card (34 turns, KKS-3). It returns the answer to
// the last turn.
func PlayToTheEnd(t testing.TB, ts *webtest.Server, table string) webtest.Page {
	t.Helper()
	deck := Deck()
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

// StartPlay starts a guided game with Row.
func StartPlay(t testing.TB, ts *webtest.Server, table string) {
	t.Helper()
	f := ts.Get(table+"/play").FormOf(t, table+"/play/start")
	for i, c := range Row {
		f.Set(fmt.Sprintf("row[%d]", i), c)
	}
	if p := ts.Post(table+"/play/start", f); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}
}
