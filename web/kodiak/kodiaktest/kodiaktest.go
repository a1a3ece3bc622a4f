// Package kodiaktest drives Kodiak through the real router (webtest) for
// the tests of other packages (web/server's link crawler).
package kodiaktest

import (
	"tablemate/views"
	"tablemate/web/webtest"
)

// Round is one round of docs/api-kodiak.md's example as the form
// takes it, per seat: cards, pounces, hairballs kept, discarded.
type Round struct {
	Kodiak string
	Seats  [3][4]string
}

// Doc is docs/api-kodiak.md's example, round by round.
var Doc = []Round{
	{"0", [3][4]string{{"red-king", "2", "0", "0"}, {"", "0", "0", "0"}, {"blue-king", "0", "0", "1"}}},
	{"1", [3][4]string{{"swap", "0", "1", "0"}, {"2", "1", "0", "0"}, {"", "0", "0", "0"}}},
	{"2", [3][4]string{{"1 1", "0", "0", "0"}, {"0", "0", "0", "0"}, {"", "3", "0", "0"}}},
}

// EnterRound opens the round editor, fills it with r and posts it;
// keepKodiak leaves the Kodiak the page preselected.
func EnterRound(ts *webtest.Server, table string, r Round, keepKodiak bool) webtest.Page {
	ts.T.Helper()
	page := ts.Get(table + "/games/new")
	f := page.FormOf(ts.T, table+"/games")
	for i, s := range r.Seats {
		f.Set(views.PField(i, "cards"), s[0])
		f.Set(views.PField(i, "pounces"), s[1])
		f.Set(views.PField(i, "hairballs_kept"), s[2])
		f.Set(views.PField(i, "hairballs_discarded"), s[3])
	}
	if keepKodiak { // as the page preselected it
		v, _ := page.Doc.Find(`input[name="kodiak"][checked]`).Attr("value")
		f.Set("kodiak", v)
	} else {
		f.Set("kodiak", r.Kodiak)
	}
	return ts.Post(table+"/games", f)
}
