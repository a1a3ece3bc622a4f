// Package rmtest drives The Rune Market through the real router
// (webtest) for the tests of other packages (web/server's link crawler).
package rmtest

import (
	"net/http"
	"testing"

	"tablemate/scoring/runemarket"
	"tablemate/web/webtest"
)

// CreateTable starts a Rune Market table and returns its path.
func CreateTable(ts *webtest.Server, players ...string) string {
	ts.T.Helper()
	f := ts.Get("/tables/new").FormOf(ts.T, "/tables")
	f.Set("game", runemarket.Slug)
	f.Set("name", "Runes")
	f["players"] = players
	p := ts.Post("/tables", f)
	if p.Status != http.StatusSeeOther {
		ts.T.Fatalf("create table: %d\n%s", p.Status, p.Body)
	}
	return p.Header.Get("Location")
}

// Start posts the set-up form: the market's piles and who starts.
func Start(t testing.TB, ts *webtest.Server, table string, red, blue, boats, bandits, first string) webtest.Page {
	t.Helper()
	f := ts.Get(table+"/play").FormOf(t, table+"/play/start")
	f.Set("red", red)
	f.Set("blue", blue)
	f.Set("boat_shelters", boats)
	f.Set("bandits", bandits)
	f.Set("first", first)
	return ts.Post(table+"/play/start", f)
}

// Move is one move as the turn page's forms post it.
type Move map[string]string

// Play posts a move built on a fresh form of the turn page.
func Play(t testing.TB, ts *webtest.Server, table string, m Move) webtest.Page {
	t.Helper()
	f := ts.Get(table+"/play").FormOf(t, table+"/play/step")
	for k, v := range m {
		f.Set(k, v)
	}
	return ts.Post(table+"/play/step", f)
}

// Script is scoring/runemarket's scripted game (guide_test.go) (2 players, market 3 red,
// 2 blue) as the forms post it. No turn of it has interest to take (no
// shelter holds a rune when its owner's turn begins), so each starts at
// the purchases, the interest taken by itself.
var Script = []Move{
	{"do": "shelter", "colour": "red"}, {"do": "draw"},
	{"do": "rune", "colour": "blue", "cards": "4 6"}, {"do": "rune", "colour": "red", "cards": "5"}, {"do": "draw"},
	{"do": "rune", "colour": "red", "cards": "2+3"}, {"do": "place", "what": "red|shelter", "count": "1"}, {"do": "draw"},
	{"do": "duel", "player": "Ana", "card": "9", "outcome": "won", "steal": "Ana|rune|red"}, {"do": "draw"},
	{"do": "rune", "colour": "blue", "cards": "8, 7"}, {"do": "draw"},
	{"do": "rune", "colour": "red", "cards": "1 4"},
}
