package server

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/kodiak"
	"tablemate/web/webtest"
)

// kodiakRound is one round of docs/api-kodiak.md's example as the form
// takes it, per seat: cards, pounces, hairballs kept, discarded.
type kodiakRound struct {
	kodiak string
	seats  [3][4]string
}

var kodiakDoc = []kodiakRound{
	{"0", [3][4]string{{"red-king", "2", "0", "0"}, {"", "0", "0", "0"}, {"blue-king", "0", "0", "1"}}},
	{"1", [3][4]string{{"swap", "0", "1", "0"}, {"2", "1", "0", "0"}, {"", "0", "0", "0"}}},
	{"2", [3][4]string{{"1 1", "0", "0", "0"}, {"0", "0", "0", "0"}, {"", "3", "0", "0"}}},
}

func (ts *testServer) enterKodiakRound(table string, r kodiakRound, keepKodiak bool) webtest.Page {
	ts.T.Helper()
	page := ts.Get(table + "/games/new")
	f := page.FormOf(ts.T, table+"/games")
	for i, s := range r.seats {
		f.Set(pfield(i, "cards"), s[0])
		f.Set(pfield(i, "pounces"), s[1])
		f.Set(pfield(i, "hairballs_kept"), s[2])
		f.Set(pfield(i, "hairballs_discarded"), s[3])
	}
	if keepKodiak { // as the page preselected it
		v, _ := page.Doc.Find(`input[name="kodiak"][checked]`).Attr("value")
		f.Set("kodiak", v)
	} else {
		f.Set("kodiak", r.kodiak)
	}
	return ts.Post(table+"/games", f)
}

func TestKodiakRoundsOverHTTP(t *testing.T) {
	ts := newTestServer(t)
	table := ts.startRoundTable("kodiak", "Ana", "Ben", "Cy")
	ed := ts.Get(table + "/games/new")
	if h := ed.Text(`[data-testid="round-heading"]`); h != "Game 1 · round 1 of 3" {
		t.Errorf("heading %q", h)
	}
	if ed.Doc.Find(`input[name="kodiak"][value="0"][checked]`).Length() != 1 || ed.Text(`[data-testid="dealer"]`) != "Kodiak by the rotation: Ana" {
		t.Errorf("round 1 Kodiak not preselected: %q", ed.Text(`[data-testid="dealer"]`))
	}
	if ed.Doc.Find(`input[name="players[2].hairballs_kept"]`).AttrOr("value", "") != "0" {
		t.Error("counters do not start at 0")
	}
	want := []string{"-12 0 18", "8 -3 18"}
	for j, r := range kodiakDoc[:2] {
		if p := ts.enterKodiakRound(table, r, true); p.Status != http.StatusSeeOther {
			t.Fatalf("round %d: %d\n%s", j+1, p.Status, p.Body)
		}
		tp := ts.Get(table)
		if got := strings.Join(roundTotals(tp), " "); got != want[j] {
			t.Errorf("after round %d: %s, want %s", j+1, got, want[j])
		}
	}
	tp := ts.Get(table)
	if pr := tp.Text(`[data-testid="progress"]`); !strings.HasPrefix(pr, "Next: round 3 of 3, Cy is Kodiak") {
		t.Errorf("progress %q", pr)
	}
	ed = ts.Get(table + "/games/new")
	if ed.Doc.Find(`input[name="kodiak"][value="2"][checked]`).Length() != 1 {
		t.Error("round 3: Cy is not preselected as Kodiak")
	}
	// A pounce that is not a number is a 422 on that field.
	bad := kodiakDoc[2]
	bad.seats[2][1] = "three"
	p := ts.enterKodiakRound(table, bad, true)
	if p.Status != http.StatusUnprocessableEntity || p.Text("#err-players-2-pounces") == "" {
		t.Errorf("bad pounces: %d %q", p.Status, p.Text("#err-players-2-pounces"))
	}
	if p := ts.enterKodiakRound(table, kodiakDoc[2], true); p.Status != http.StatusSeeOther {
		t.Fatalf("round 3: %d", p.Status)
	}
	tp = ts.Get(table)
	if w := tp.Text(`[data-testid="game-winner"]`); w != "Ben" {
		t.Errorf("winner %q", w)
	}
	tb := ts.replayed(table)
	if len(tb.Games) != 1 || !tb.Games[0].Result.Valid {
		t.Fatalf("games %+v", tb.Games)
	}
	for name, want := range map[string]int{"Ana": 10, "Ben": -3, "Cy": 3} {
		if got, _ := tb.Games[0].Result.Total(name); got != want {
			t.Errorf("%s: %d, want %d", name, got, want)
		}
	}
	if res := ts.Get(table + "/games/1"); !strings.Contains(res.Body, "round 3 (Kodiak): 3 pounces (−15)") {
		t.Error("the result page lacks Cy's pounces")
	}
}

func TestParseKodiakRound(t *testing.T) {
	v := url.Values{"kodiak": {"1"}, "players[0].cards": {"hairball 3"}, "players[0].hairballs_kept": {" 2 "},
		"players[1].pounces": {"1"}, "players[1].hairballs_discarded": {""}}
	body, _, err := parseKodiakRound(v, []string{"Ana", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	if string(body) != `{"players":[{"name":"Ana","cards":["hairball","3"],"hairballs_kept":2},{"name":"Ben","kodiak":true,"cards":[],"pounces":1}]}` {
		t.Errorf("body %s", body)
	}
	_, _, err = parseKodiakRound(url.Values{"players[0].cards": {"red-kong"}}, []string{"Ana", "Ben"})
	var in *scoring.InputError
	if !errors.As(err, &in) || in.Field != "players[0].cards" {
		t.Errorf("error %v", err)
	}
}

// FuzzParseKodiakForm: the parser answers a round the engine starts a game
// with, or an InputError on a form field.
func FuzzParseKodiakForm(f *testing.F) {
	f.Add("5 red-king", "2", "0", "1", "0")
	f.Add("hairball", "-1", "x", "", "none")
	f.Add("99", "4", "77", "9999999999999", "5")
	f.Fuzz(func(t *testing.T, cards, pounces, kept, discarded, k string) {
		v := url.Values{"players[0].cards": {cards}, "players[0].pounces": {pounces}, "players[0].hairballs_kept": {kept},
			"players[1].hairballs_discarded": {discarded}, "kodiak": {k}}
		body, _, err := parseKodiakRound(v, []string{"Ana", "Ben"})
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) || (in.Field != "kodiak" && !strings.HasPrefix(in.Field, "players[")) {
				t.Fatalf("error %v", err)
			}
			return
		}
		state, err := kodiak.Engine{}.AppendRound(nil, body)
		if err != nil {
			t.Fatalf("%s: engine refused the parsed round: %v", body, err)
		}
		if _, err := (kodiak.Engine{}).Check(state); err != nil {
			t.Fatal(err)
		}
	})
}
