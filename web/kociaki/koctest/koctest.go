// Package koctest drives Kociaki Łobuziaki through the real router
// (webtest) for the tests of other packages (web/server's link crawler).
package koctest

import (
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"tablemate/scoring/kociaki"
	"tablemate/views"
	"tablemate/web/webtest"
)

// Form fills the editor: per player toy → chips as typed.
func Form(base url.Values, variant string, chips ...map[int]string) url.Values {
	f := url.Values{}
	for k, v := range base {
		f[k] = v
	}
	for i, toys := range chips {
		for toy, s := range toys {
			f.Set(views.PField(i, "chips."+strconv.Itoa(toy)), s)
		}
	}
	if variant != "" {
		f.Set("options.variant", variant)
	}
	return f
}

// Move fetches the play page and posts its step form with extra values.
func Move(t testing.TB, ts *webtest.Server, table string, extra url.Values) webtest.Page {
	t.Helper()
	f := ts.Get(table+"/play").FormOf(t, table+"/play/step")
	for k, v := range extra {
		f[k] = v
	}
	return ts.Post(table+"/play/step", f)
}

// Start posts the set-up form with values.
func Start(t testing.TB, ts *webtest.Server, table string, values url.Values) webtest.Page {
	t.Helper()
	f := ts.Get(table+"/play").FormOf(t, table+"/play/start")
	for k, v := range values {
		f[k] = v
	}
	return ts.Post(table+"/play/start", f)
}

// PlayToTheEnd plays a basic guided game of four players, started
// with the yellow tile, through its 12 rounds: tiles in a fixed order, each
// turn crossing a toy or none. It returns the answer to the last turn and
// the steps as the engine reads them.
func PlayToTheEnd(t testing.TB, ts *webtest.Server, table string) (webtest.Page, [][]byte) {
	t.Helper()
	tiles := []string{"turquoise", "pink", "green", "yellow", "pink", "green", "yellow", "turquoise", "green", "yellow", "turquoise", "pink"}
	var steps [][]byte
	var last webtest.Page
	for r, col := range tiles {
		last = Move(t, ts, table, url.Values{"tile": {col}})
		if last.Status != http.StatusSeeOther {
			t.Fatalf("round %d tile: %d %s", r+1, last.Status, last.Text(".banner"))
		}
		c, _ := kociaki.ParseColour(col)
		steps = append(steps, kociaki.StepJSON(kociaki.Step{Kind: kociaki.PlayTile, Tile: kociaki.Tile{Colour: c}}))
		for seat := range 4 {
			form := url.Values{"toy": {strconv.Itoa((r*3+seat*7)%10 + 1)}}
			st := kociaki.Step{Kind: kociaki.PullString, Crossed: []kociaki.Take{{Toy: (r*3+seat*7)%10 + 1}}}
			if (r+seat)%4 == 0 {
				form = url.Values{"none": {"1"}}
				st.Crossed = nil
			}
			last = Move(t, ts, table, form)
			if last.Status != http.StatusSeeOther {
				t.Fatalf("round %d turn %d: %d %s", r+1, seat+1, last.Status, last.Text(".banner"))
			}
			steps = append(steps, kociaki.StepJSON(st))
		}
	}
	return last, steps
}
