// Package alaskatest drives Alaska through the real router (webtest) for
// the tests of other packages (web/server's link crawler).
package alaskatest

import (
	"fmt"
	"testing"

	"tablemate/web/webtest"
)

// Move is one tap: the page it is made on (its query) and the button's
// value.
type Move struct{ Query, Move string }

// Script is scoring/alaska's scripted game (guide_test.go) as the turn
// page's buttons post it; the query is the section or border tapped.
var Script = []Move{
	{"?at=4", "salmon:4"}, {"", "flow"}, {"?sec=3", "cast:1+2"}, {"", "end"},
	{"?at=8", "salmon:8"}, {"?sec=6", "angler:local:6"}, {"?sec=8", "cast:3+5"}, {"", "bear_eat:Ana"}, {"", "end"},
	{"?at=5", "salmon:5"}, {"", "flow"}, {"?sec=9", "angler:tourist:9"}, {"", "end"},
	{"?at=5", "salmon:5"}, {"?sec=6", "eagle:section:6"}, {"?sec=9", "cast:9"},
	{"?sec=5", "cast:5"}, {"", "end"},
}

// Tap checks the page offers the move as a button and posts it.
func Tap(t testing.TB, ts *webtest.Server, table string, m Move) webtest.Page {
	t.Helper()
	p := ts.Get(table + "/play" + m.Query)
	if p.Doc.Find(fmt.Sprintf(`button[name="move"][value="%s"]`, m.Move)).Length() != 1 {
		t.Fatalf("%s%s offers no %q button:\n%s", table+"/play", m.Query, m.Move, p.Text("main"))
	}
	f := p.FormOf(t, table+"/play/step")
	f.Set("move", m.Move)
	return ts.Post(table+"/play/step", f)
}

// Start posts the set-up form: who plays first and the draw pile.
func Start(t testing.TB, ts *webtest.Server, table, first, pile string) webtest.Page {
	t.Helper()
	f := ts.Get(table+"/play").FormOf(t, table+"/play/start")
	f.Set("first", first)
	f.Set("draw_pile", pile)
	return ts.Post(table+"/play/start", f)
}
