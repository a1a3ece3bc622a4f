// Package adhtest drives Auf der Hut through the real router (webtest)
// for the tests of other packages (web/server's link crawler).
package adhtest

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"tablemate/scoring/aufderhut"
	"tablemate/views"
	"tablemate/web/webtest"
)

// Form fills the editor's counters: per player {characters, wonderhats,
// bald heads}.
func Form(base url.Values, variant string, counts ...[3]int) url.Values {
	f := url.Values{}
	for k, v := range base {
		f[k] = v
	}
	for i, c := range counts {
		f.Set(views.PField(i, "characters"), strconv.Itoa(c[0]))
		f.Set(views.PField(i, "wonderhats"), strconv.Itoa(c[1]))
		f.Set(views.PField(i, "bald_heads"), strconv.Itoa(c[2]))
	}
	if variant != "" {
		f.Set("options.variant", variant)
	}
	return f
}

// SetupForm fills the set-up form: the variant, the names (nil: none)
// and the character on each spot.
func SetupForm(base url.Values, variant string, names []string, display ...int) url.Values {
	f := url.Values{}
	for k, v := range base {
		f[k] = v
	}
	f.Set("variant", variant)
	for i, n := range names {
		f.Set(fmt.Sprintf("names[%d]", i), n)
	}
	for i, c := range display {
		f.Set(fmt.Sprintf("display[%d]", i), strconv.Itoa(c))
	}
	return f
}

// Step opens the turn page at query (how far the move is entered),
// fills the step form it shows with fields and posts it.
func Step(ts *webtest.Server, table, query string, fields map[string]string) webtest.Page {
	ts.T.Helper()
	f := ts.Get(table+"/play?"+query).FormOf(ts.T, table+"/play/step")
	for k, v := range fields {
		f.Set(k, v)
	}
	return ts.Post(table+"/play/step", f)
}

// StartPlay creates a table for Ida and Jan and starts a guided game.
func StartPlay(t testing.TB, ts *webtest.Server, variant string, display ...int) string {
	t.Helper()
	table := ts.CreateGameTable(aufderhut.Slug, "Ida", "Jan")
	f := SetupForm(ts.Get(table+"/play").FormOf(t, table+"/play/start"), variant, nil, display...)
	if p := ts.Post(table+"/play/start", f); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}
	return table
}

// PlayToTheEnd plays a guided game started on the display 1 … 7 to its
// end: a wonderhat, two misses, then matches on spot 1 until the pile is
// empty. It returns the answer to the last step and the steps as the
// engine reads them.
func PlayToTheEnd(t testing.TB, ts *webtest.Server, table string) (webtest.Page, [][]byte) {
	t.Helper()
	var steps [][]byte
	post := func(query string, fields map[string]string, s aufderhut.Step) webtest.Page {
		t.Helper()
		p := Step(ts, table, query, fields)
		if p.Status != http.StatusSeeOther {
			t.Fatalf("step %d (%+v): %d %s", len(steps)+1, s, p.Status, p.Text(`[role="status"]`))
		}
		steps = append(steps, aufderhut.StepJSON(s))
		return p
	}
	post("do=reveal&spot=7", map[string]string{"outcome": "wonderhat"}, aufderhut.Step{Reveal: 7, Outcome: aufderhut.Wonderhat})
	post("do=reveal&spot=4", map[string]string{"outcome": "miss"}, aufderhut.Step{Reveal: 4, Outcome: aufderhut.Miss})
	post("do=reveal&spot=4", map[string]string{"outcome": "miss"}, aufderhut.Step{Reveal: 4, Outcome: aufderhut.Miss})
	var last webtest.Page
	for i := 0; ; i++ {
		if i > 20 {
			t.Fatal("the game never ends")
		}
		lay := ts.Get(table + "/play?do=reveal&spot=1&outcome=match")
		first := lay.Doc.Find(`button[name="laid"]`).First()
		if first.Length() == 0 { // the pile is empty: the match is entered at once
			if lay.Text(`[data-testid="end-note"]`) == "" {
				t.Error("the last match is not announced")
			}
			last = post("do=reveal&spot=1", map[string]string{"outcome": "match"}, aufderhut.Step{Reveal: 1, Outcome: aufderhut.Match})
			break
		}
		c, _ := first.Attr("value")
		n, _ := strconv.Atoi(c)
		post("do=reveal&spot=1&outcome=match", map[string]string{"laid": c}, aufderhut.Step{Reveal: 1, Outcome: aufderhut.Match, Laid: n})
	}
	return last, steps
}
