package check_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/views"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/kodiak/kodiaktest"
	"tablemate/web/webtest"
)

// totalsOf are the totals a result page shows, by player.
func totalsOf(p webtest.Page, names ...string) string {
	var out []string
	for _, n := range names {
		out = append(out, p.Text(`[data-player="`+n+`"] [data-testid="player-total"]`))
	}
	return strings.Join(out, " ")
}

// checkRounds opens the dispute check of a round game for names, as the
// page's own form sends them.
func checkRounds(t *testing.T, ts *testServer, game string, names ...string) webtest.Page {
	t.Helper()
	q := url.Values{}
	for i, n := range names {
		q.Set(views.PField(i, "name"), n)
	}
	return ts.Get("/check/" + game + "?" + q.Encode())
}

// TestCheckCambioRoundByRound: the dispute check of Cambio is its round
// editor, as a table uses it: who plays first, then each round through
// the form, the game checked after each with its totals so far and the
// next round one tap away, the game travelling with the form (nothing is
// saved); a round the form cannot read comes back with its message and
// the game kept; the JSON box is still there, behind "Paste a state".
func TestCheckCambioRoundByRound(t *testing.T) {
	ts := newTestServer(t)
	before := ts.rows()
	start := ts.Get("/check/cambio")
	if start.Status != http.StatusOK || start.Doc.Find(`form[data-testid="check-players"] input[name="players[0].name"]`).Length() != 1 {
		t.Fatalf("the Cambio check does not ask who plays: %d\n%s", start.Status, start.Text("main"))
	}
	if start.Doc.Find(`details[data-testid="paste-state"] textarea[name="state"]`).Length() != 1 || start.Doc.Find(`details[open] textarea`).Length() != 0 {
		t.Error("the JSON box is not behind a closed \"Paste a state\"")
	}
	if p := checkRounds(t, ts, "cambio", "Ana"); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(`#err-players`), "2 to 8 players") {
		t.Errorf("one player: %d %q", p.Status, p.Text(".field-error"))
	}
	if p := checkRounds(t, ts, "cambio", "Ana", "ana"); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".field-error"), "names must differ") {
		t.Errorf("the same name twice: %d %q", p.Status, p.Text(".field-error"))
	}

	editor := checkRounds(t, ts, "cambio", "Ana", "Ben", "Cy")
	if editor.Status != http.StatusOK || editor.Text(`[data-testid="submit-round"]`) != "Check round 1" || editor.Doc.Find(`.card-pad`).Length() != 3 {
		t.Fatalf("round 1's editor: %d %q\n%s", editor.Status, editor.Text(`[data-testid="submit-round"]`), editor.Text("main"))
	}
	post := func(page webtest.Page, r int) webtest.Page {
		t.Helper()
		f := page.FormOf(t, "/check/cambio")
		for i, c := range cambiotest.Rounds[r].Cards {
			f.Set(views.PField(i, "cards"), c)
		}
		f.Set("ended", cambiotest.Rounds[r].Ended)
		return ts.Post("/check/cambio", f)
	}
	// Round 1: Ana 7 − 2 + 10, Ben called with the fewest (7 − 5), Cy 23.
	res := post(editor, 0)
	if res.Status != http.StatusOK || totalsOf(res, "Ana", "Ben", "Cy") != "15 2 23" {
		t.Fatalf("round 1 checked: %d %q\n%s", res.Status, totalsOf(res, "Ana", "Ben", "Cy"), res.Text("main"))
	}
	next := res.Doc.Find(`[data-testid="next-round"]`)
	if next.Text() != "Enter round 2" {
		t.Fatalf("no way on to round 2: %q", next.Text())
	}
	// Round 2 through the form the result page opens.
	second := ts.Post("/check/cambio", res.FormOf(t, "/check/cambio"))
	if second.Text(`[data-testid="submit-round"]`) != "Check round 2" || second.Text(`[data-testid="dealer"]`) != "Dealer: Ben" {
		t.Fatalf("round 2's editor: %q %q", second.Text(`[data-testid="submit-round"]`), second.Text(`[data-testid="dealer"]`))
	}
	// A card the form cannot read: the round comes back, the game kept.
	f := second.FormOf(t, "/check/cambio")
	f.Set(views.PField(0, "cards"), "dragon")
	f.Set("ended", "cambio:2")
	bad := ts.Post("/check/cambio", f)
	if bad.Status != http.StatusUnprocessableEntity || !strings.Contains(bad.Text(".field-error"), `"dragon" is not a card`) || bad.Text(`[data-testid="submit-round"]`) != "Check round 2" {
		t.Fatalf("a bad card: %d %q", bad.Status, bad.Text(".field-error"))
	}
	res = post(bad, 1)
	if res.Status != http.StatusOK || totalsOf(res, "Ana", "Ben", "Cy") != "38 23 18" {
		t.Fatalf("round 2 checked: %d %q", res.Status, totalsOf(res, "Ana", "Ben", "Cy"))
	}
	// "Change these entries" opens round 2 again, as it was typed.
	reopen := res.Doc.Find(`form:has([data-testid="reopen"])`)
	again := url.Values{}
	reopen.Find(`input[type="hidden"]`).Each(func(_ int, s *goquery.Selection) { again.Set(s.AttrOr("name", ""), s.AttrOr("value", "")) })
	if p := ts.Post("/check/cambio", again); p.Text(`[data-testid="submit-round"]`) != "Check round 2" ||
		p.Doc.Find(`input[name="players[1].cards"]`).AttrOr("value", "") != "5 6 peek-yours" {
		t.Errorf("round 2 reopened: %q %q", p.Text(`[data-testid="submit-round"]`), p.Doc.Find(`input[name="players[1].cards"]`).AttrOr("value", ""))
	}
	// Round 3 ends the game: Ana passes 50 (38 + 13 + 10).
	res = post(ts.Post("/check/cambio", res.FormOf(t, "/check/cambio")), 2)
	if res.Status != http.StatusOK || res.Doc.Find(`[data-testid="next-round"]`).Length() != 0 || !strings.Contains(res.Text(`[data-testid="verdict"]`), "wins") {
		t.Errorf("round 3 ends the game: %d next %d, %q", res.Status, res.Doc.Find(`[data-testid="next-round"]`).Length(), res.Text(`[data-testid="verdict"]`))
	}

	// The JSON box still checks a pasted state.
	paste := url.Values{"_csrf": {start.FormOf(t, "/check/cambio").Get("_csrf")},
		"state": {`{"players":[{"name":"A","rounds":[{"cards":["7"],"cambio":true}]},{"name":"B","rounds":[{"cards":["9"]}]}]}`}}
	if p := ts.Post("/check/cambio", paste); p.Status != http.StatusOK || totalsOf(p, "A", "B") != "2 9" {
		t.Errorf("a pasted state: %d %q\n%s", p.Status, totalsOf(p, "A", "B"), p.Text("main"))
	}
	if ts.rows() != before {
		t.Error("the check saved something")
	}
}

// TestCheckKodiakRoundByRound: Kodiak's dispute check is its round
// editor too, Kodiak by the rotation preselected; in German the check
// speaks German.
func TestCheckKodiakRoundByRound(t *testing.T) {
	ts := newTestServer(t)
	editor := checkRounds(t, ts, "kodiak", "Ana", "Ben", "Cy")
	if editor.Status != http.StatusOK || editor.Doc.Find(`input[name="kodiak"][value="0"][checked]`).Length() != 1 {
		t.Fatalf("Kodiak's round 1: %d\n%s", editor.Status, editor.Text("main"))
	}
	f := editor.FormOf(t, "/check/kodiak")
	r := kodiaktest.Doc[0]
	for i, s := range r.Seats {
		f.Set(views.PField(i, "cards"), s[0])
		f.Set(views.PField(i, "pounces"), s[1])
		f.Set(views.PField(i, "hairballs_kept"), s[2])
		f.Set(views.PField(i, "hairballs_discarded"), s[3])
	}
	f.Set("kodiak", r.Kodiak)
	res := ts.Post("/check/kodiak", f)
	if res.Status != http.StatusOK || res.Text(`[data-testid="next-round"]`) != "Enter round 2" {
		t.Fatalf("Kodiak round 1 checked: %d %q\n%s", res.Status, totalsOf(res, "Ana", "Ben", "Cy"), res.Text("main"))
	}
	if got := totalsOf(res, "Ana", "Ben", "Cy"); got != "−12 0 18" {
		t.Errorf("Kodiak totals %q", got)
	}

	de := ts.GetLang("/check/kodiak?"+url.Values{"players[0].name": {"Ana"}, "players[1].name": {"Ben"}}.Encode(), "de")
	if got := de.Text(`[data-testid="submit-round"]`); got != "Runde 1 prüfen" {
		t.Errorf("German submit %q", got)
	}
}
