// Package cambiotest drives the Cambio deck's round games (Cambio and
// Kodiak) through the real router (webtest) for the tests of other
// packages: web/kodiak's, web/table's tables and history, and
// web/server's link crawler; and writes a long Cambio table's export
// (Export).
package cambiotest

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/webtest"
)

// StartRoundTable starts a table of game for players and returns its path.
func StartRoundTable(ts *webtest.Server, game string, players ...string) string {
	ts.T.Helper()
	return ts.NewTable(game, "Rounds night", players...)
}

// Rounds are scoring/cambio/testdata/three-rounds-to-50.json's rounds as
// the form takes them: each seat's cards, and how the round ended
// (ruling CAM-3: "cambio:1" = seat 1 called, "out:2" = nobody called,
// seat 2 ran out).
var Rounds = []struct {
	Cards [3]string
	Ended string
}{
	{[3]string{"7 red-king swap", "3 4", "peek-mine blue-king"}, "cambio:1"},
	{[3]string{"blue-king energy", "5 6 peek-yours", "0"}, "cambio:2"},
	{[3]string{"13 sunlight", "8", "1"}, "cambio:1"},
}

// EnterRound opens the round editor, fills it and posts it.
func EnterRound(ts *webtest.Server, table string, cards [3]string, ended string) webtest.Page {
	ts.T.Helper()
	page := ts.Get(table + "/games/new")
	if page.Status != http.StatusOK {
		ts.T.Fatalf("round editor: %d\n%s", page.Status, page.Body)
	}
	f := page.FormOf(ts.T, table+"/games")
	for i, c := range cards {
		f.Set(views.PField(i, "cards"), c)
	}
	f.Set("ended", ended)
	return ts.Post(table+"/games", f)
}

// RoundTotals are the running totals of the game in progress as the table
// page shows them.
func RoundTotals(p webtest.Page) []string {
	var out []string
	p.Doc.Find(`[data-testid="round-total"]`).Each(func(_ int, s *goquery.Selection) { out = append(out, strings.TrimSpace(s.Text())) })
	return out
}

// PlayStep opens the play page, takes its step form's hidden fields and
// posts the move do (the value of a button), with extra fields.
func PlayStep(ts *webtest.Server, table, do string, extra url.Values) webtest.Page {
	ts.T.Helper()
	return PlayStepIn(ts, table, do, extra, "")
}

// PlayStepIn is PlayStep from a phone asking for acceptLanguage.
func PlayStepIn(ts *webtest.Server, table, do string, extra url.Values, acceptLanguage string) webtest.Page {
	ts.T.Helper()
	f := ts.GetLang(table+"/play", acceptLanguage).FormOf(ts.T, table+"/play/step")
	f.Set("do", do)
	for k, v := range extra {
		f[k] = v
	}
	return ts.PostLang(table+"/play/step", f, acceptLanguage)
}

// MustStep posts a move that the rules accept.
func MustStep(ts *webtest.Server, table, do string, extra url.Values) webtest.Page {
	ts.T.Helper()
	p := PlayStep(ts, table, do, extra)
	if p.Status != http.StatusSeeOther {
		ts.T.Fatalf("%s: %d %s\n%s", do, p.Status, p.Text(".flash, [role=alert]"), p.Body)
	}
	return p
}

// StartGuided starts the guided game of a round-game table with the given
// first seat (the dealer or the first Kodiak).
func StartGuided(ts *webtest.Server, table, field, seat string) {
	ts.T.Helper()
	f := ts.Get(table+"/play").FormOf(ts.T, table+"/play/start")
	f.Set(field, seat)
	if p := ts.Post(table+"/play/start", f); p.Status != http.StatusSeeOther {
		ts.T.Fatalf("start: %d\n%s", p.Status, p.Body)
	}
}

// Cards fills each seat's cards field: v[i] is seat i's.
func Cards(v ...string) url.Values {
	out := url.Values{}
	for i, c := range v {
		out.Set(views.PField(i, "cards"), c)
	}
	return out
}

// GuidedSteps is how many steps the guided game in progress has (−1: none).
func GuidedSteps(t sessions.Table) int {
	if t.Play == nil {
		return -1
	}
	return len(t.Play.Steps)
}

// TotalsShown are the running totals a play-along page shows.
func TotalsShown(p webtest.Page) []string {
	var out []string
	p.Doc.Find(`[data-testid="play-total"]`).Each(func(_ int, s *goquery.Selection) { out = append(out, strings.TrimSpace(s.Text())) })
	return out
}

// GuidedLog is the setup and the steps in effect of a table's last guided
// game, read from its log.
func GuidedLog(t testing.TB, tb sessions.Table) (setup []byte, steps [][]byte) {
	t.Helper()
	for _, e := range tb.Log.All() {
		if tb.UndoneBy(e.Seq) != 0 {
			continue
		}
		switch e.Kind {
		case sessions.KindPlayStarted:
			var p sessions.PlayStarted
			if err := json.Unmarshal(e.Payload, &p); err != nil {
				t.Fatal(err)
			}
			setup, steps = p.Setup, nil
		case sessions.KindPlayStep:
			var p sessions.PlayStep
			if err := json.Unmarshal(e.Payload, &p); err != nil {
				t.Fatal(err)
			}
			steps = append(steps, p.Step)
		}
	}
	return setup, steps
}
