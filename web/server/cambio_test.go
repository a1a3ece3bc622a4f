package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring"
	"tablemate/scoring/cambio"
	"tablemate/sessions"
	"tablemate/web/webtest"
)

// startRoundTable starts a table of game for players and returns its path.
func (ts *testServer) startRoundTable(game string, players ...string) string {
	ts.T.Helper()
	f := ts.Get("/tables/new").FormOf(ts.T, "/tables")
	f.Set("game", game)
	f.Set("name", "Rounds night")
	f["players"] = players
	p := ts.Post("/tables", f)
	if p.Status != http.StatusSeeOther {
		ts.T.Fatalf("create %s table: %d\n%s", game, p.Status, p.Body)
	}
	return p.Header.Get("Location")
}

// cambioRounds are testdata/three-rounds-to-50.json's rounds as the form
// takes them: each seat's cards, and how the round ended (ruling CAM-3:
// "cambio:1" = seat 1 called, "out:2" = nobody called, seat 2 ran out).
var cambioRounds = []struct {
	cards [3]string
	ended string
}{
	{[3]string{"7 red-king swap", "3 4", "peek-mine blue-king"}, "cambio:1"},
	{[3]string{"blue-king energy", "5 6 peek-yours", "0"}, "cambio:2"},
	{[3]string{"13 sunlight", "8", "1"}, "cambio:1"},
}

// enterCambioRound opens the round kit.Editor, fills it and posts it.
func (ts *testServer) enterCambioRound(table string, cards [3]string, ended string) webtest.Page {
	ts.T.Helper()
	page := ts.Get(table + "/games/new")
	if page.Status != http.StatusOK {
		ts.T.Fatalf("round editor: %d\n%s", page.Status, page.Body)
	}
	f := page.FormOf(ts.T, table+"/games")
	for i, c := range cards {
		f.Set(pfield(i, "cards"), c)
	}
	f.Set("ended", ended)
	return ts.Post(table+"/games", f)
}

// replayed is the table as the store rebuilds it.
func (ts *testServer) replayed(path string) sessions.Table {
	ts.T.Helper()
	tb, err := ts.app.tables.Table(context.Background(), strings.TrimPrefix(path, "/tables/"))
	if err != nil {
		ts.T.Fatal(err)
	}
	return tb
}

func roundTotals(p webtest.Page) []string {
	var out []string
	p.Doc.Find(`[data-testid="round-total"]`).Each(func(_ int, s *goquery.Selection) { out = append(out, strings.TrimSpace(s.Text())) })
	return out
}

func TestCambioRoundsOverHTTP(t *testing.T) {
	ts := newTestServer(t)
	table := ts.startRoundTable("cambio", "Ana", "Ben", "Cy")

	// The editor shows the round, the dealer, every card chip with its value.
	ed := ts.Get(table + "/games/new")
	if h := ed.Text(`[data-testid="round-heading"]`); h != "Game 1 · round 1" {
		t.Errorf("heading %q", h)
	}
	if d := ed.Text(`[data-testid="dealer"]`); d != "Dealer: Ana" {
		t.Errorf("dealer %q", d)
	}
	pad := ed.Doc.Find(`fieldset[data-player="Ben"] .card-pad`)
	if pad.Find(`button[data-card]`).Length() != 14+7 || pad.Find(`button[data-card="red-king"]`).AttrOr("data-points", "") != "−2" ||
		!strings.Contains(pad.Find(`button[data-card="blue-king"]`).Text(), "13") || pad.Find(`button[data-action="back"]`).Length() != 1 {
		t.Errorf("card pad: %s", goquery.NewDocumentFromNode(pad.Nodes[0]).Text())
	}
	// How the round ended is a visible, required choice (ruling CAM-3):
	// a caller or a player with no cards left, nothing chosen beforehand.
	end := ed.Doc.Find(`[data-testid="round-end"]`)
	if end.Find(`input[name="ended"][required]`).Length() != 6 || end.Find(`input[name="ended"][checked]`).Length() != 0 ||
		end.Find(`input[value="cambio:2"][data-player="Cy"]`).Length() != 1 || end.Find(`input[value="out:0"][data-player="Ana"]`).Length() != 1 {
		t.Errorf("round end choice: %s", end.Text())
	}
	if ed.Doc.Find(`input[name="cambio"]`).Length() != 0 {
		t.Error("the old caller radio is still there")
	}
	if !strings.Contains(ed.Body, "js/cards.js") {
		t.Error("the round editor does not load cards.js")
	}

	wantTotals := [][]string{{"15", "2", "23"}, {"38", "23", "18"}}
	for j, r := range cambioRounds[:2] {
		p := ts.enterCambioRound(table, r.cards, r.ended)
		if p.Status != http.StatusSeeOther || !strings.Contains(p.Header.Get("Location"), "done=round") {
			t.Fatalf("round %d: %d %s\n%s", j+1, p.Status, p.Header.Get("Location"), p.Body)
		}
		tp := ts.Get(table)
		if got := roundTotals(tp); strings.Join(got, " ") != strings.Join(wantTotals[j], " ") {
			t.Errorf("after round %d: totals %v, want %v", j+1, got, wantTotals[j])
		}
		if enter := tp.Text(`[data-testid="enter-game"]`); enter != "Enter round "+strconv.Itoa(j+2) {
			t.Errorf("button %q", enter)
		}
	}
	tp := ts.Get(table)
	if pr := tp.Text(`[data-testid="progress"]`); !strings.HasPrefix(pr, "Ana is 12 points from 50") {
		t.Errorf("progress %q", pr)
	}
	// Round 3's editor: Cy deals.
	if d := ts.Get(table + "/games/new").Text(`[data-testid="dealer"]`); d != "Dealer: Cy" {
		t.Errorf("round 3 dealer %q", d)
	}

	// Round 3: Ana reaches 61, the game is over, Cy wins.
	p := ts.enterCambioRound(table, cambioRounds[2].cards, cambioRounds[2].ended)
	if p.Status != http.StatusSeeOther {
		t.Fatalf("round 3: %d\n%s", p.Status, p.Body)
	}
	tp = ts.Get(table)
	if w := tp.Text(`[data-testid="game-winner"]`); w != "Cy" {
		t.Errorf("winner %q\n%s", w, tp.Text(`[data-testid="game-over"]`))
	}
	if over := tp.Text(`[data-testid="game-over"]`); !strings.Contains(over, "Game 1 is over after 3 rounds") || !strings.Contains(over, "with 19") {
		t.Errorf("game over %q", over)
	}
	if tp.Doc.Find(`[data-testid="current-game"]`).Length() != 0 {
		t.Error("a finished game is still shown in progress")
	}
	if enter := tp.Text(`[data-testid="enter-game"]`); enter != "Enter game 2" {
		t.Errorf("button %q", enter)
	}
	res := ts.Get(table + "/games/1")
	for _, want := range []string{"round 1: Cambio called, fewest (−5)", "round 3: Cambio called, not fewest (+5)", "round 2: Cambio called, fewest (−5)"} {
		if !strings.Contains(res.Body, want) {
			t.Errorf("result page lacks %q", want)
		}
	}
	tb := ts.replayed(table)
	for name, want := range map[string]int{"Ana": 61, "Ben": 36, "Cy": 19} {
		if got, _ := tb.Games[0].Result.Total(name); got != want {
			t.Errorf("%s: %d, want %d", name, got, want)
		}
	}

	// The next round starts game 2, with the deal back at seat 0.
	ed = ts.Get(table + "/games/new")
	if h := ed.Text(`[data-testid="round-heading"]`); h != "Game 2 · round 1" {
		t.Errorf("heading %q", h)
	}
	p = ts.enterCambioRound(table, [3]string{"1", "", "2"}, "out:1")
	if p.Status != http.StatusSeeOther {
		t.Fatalf("game 2: %d", p.Status)
	}
	tp = ts.Get(table)
	if h := tp.Text(`#current-game-title`); !strings.HasPrefix(h, "Game 2 in progress") {
		t.Errorf("current %q", h)
	}

	// Undo takes back the round that started game 2: game 1's winner again.
	undo := tp.FormOf(t, table+"/undo")
	if p := ts.Post(table+"/undo", undo); p.Status != http.StatusSeeOther {
		t.Fatalf("undo: %d", p.Status)
	}
	tp = ts.Get(table)
	if w := tp.Text(`[data-testid="game-winner"]`); w != "Cy" || len(ts.replayed(table).Games) != 1 {
		t.Errorf("after undo: winner %q", w)
	}
	// And undo of round 3 reopens game 1 at round 3.
	if p := ts.Post(table+"/undo", tp.FormOf(t, table+"/undo")); p.Status != http.StatusSeeOther {
		t.Fatalf("undo: %d", p.Status)
	}
	tp = ts.Get(table)
	if got := roundTotals(tp); strings.Join(got, " ") != "38 23 18" {
		t.Errorf("after undoing round 3: %v", got)
	}
}

func TestCambioRoundBadEntries(t *testing.T) {
	ts := newTestServer(t)
	table := ts.startRoundTable("cambio", "Ana", "Ben")
	ed := ts.Get(table + "/games/new")
	f := ed.FormOf(t, table+"/games")
	f.Set(pfield(0, "cards"), "7")
	f.Set(pfield(1, "cards"), "3 red-kong swap")
	f.Set("ended", "cambio:1")
	p := ts.Post(table+"/games", f)
	if p.Status != http.StatusUnprocessableEntity {
		t.Fatalf("malformed card: %d", p.Status)
	}
	msg := p.Text(`#` + "err-players-1-cards")
	if !strings.Contains(msg, "card 2") || !strings.Contains(msg, "red-kong") {
		t.Errorf("error %q", msg)
	}
	if v, _ := p.Doc.Find(`input[name="players[1].cards"]`).Attr("value"); v != "3 red-kong swap" {
		t.Errorf("typed cards lost: %q", v)
	}
	if p.Doc.Find(`input[name="ended"][value="cambio:1"][checked]`).Length() != 1 {
		t.Error("the caller was not kept")
	}
	if p.Doc.Find(`fieldset[data-player="Ben"] .card-chip.bad`).Length() != 1 {
		t.Error("the unreadable card is not marked")
	}
	if n := len(ts.replayed(table).Games); n != 0 {
		t.Errorf("%d games after a refused round", n)
	}
	// A caller that is not a seat.
	f.Set(pfield(1, "cards"), "3")
	f.Set("ended", "cambio:7")
	if p := ts.Post(table+"/games", f); p.Status != http.StatusUnprocessableEntity || p.Text("#err-ended") == "" {
		t.Errorf("bad caller: %d %q", p.Status, p.Text("#err-ended"))
	}

	// A double tap sends the same token twice: one round is recorded.
	f.Set("ended", "cambio:0")
	first := ts.Post(table+"/games", f)
	second := ts.Post(table+"/games", f)
	if first.Status != http.StatusSeeOther || second.Status != http.StatusSeeOther {
		t.Fatalf("double submit: %d then %d\n%s", first.Status, second.Status, second.Body)
	}
	tb := ts.replayed(table)
	if len(tb.Games) != 1 || len(tb.Games[0].Result.Players[0].Rounds) != 1 {
		t.Errorf("double submit recorded %d games, %v", len(tb.Games), tb.Games)
	}
}

func TestRoundGamesCheckWithJSON(t *testing.T) {
	ts := newTestServer(t)
	for _, g := range []string{"cambio", "kodiak"} {
		p := ts.Get("/check/" + g)
		if p.Status != http.StatusOK || p.Doc.Find(`textarea[name="state"]`).Length() != 1 {
			t.Errorf("%s checker is not the JSON form: %d", g, p.Status)
		}
	}
}

func TestParseCambioRound(t *testing.T) {
	v := url.Values{"players[0].cards": {" 7,Red_King  swap "}, "players[1].cards": {""}, "ended": {"cambio:0"},
		"options": {`{"target":20}`}, "players[0].name": {"Mallory"}}
	body, slots, err := parseCambioRound(v, []string{"Ana", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	if string(body) != `{"players":[{"name":"Ana","cards":["7","red-king","swap"],"cambio":true},{"name":"Ben","cards":[]}],"options":{"target":20}}` || len(slots) != 2 {
		t.Errorf("body %s slots %v", body, slots)
	}
	state, err := cambio.Engine{}.AppendRound(nil, body)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := cambio.Decode(state); s.Options.Limit() != 20 {
		t.Errorf("table options lost: %+v", s.Options)
	}
	_, _, err = parseCambioRound(url.Values{"players[1].cards": {"1 2 3 14"}, "ended": {"out:0"}}, []string{"Ana", "Ben"})
	var in *scoring.InputError
	if !errors.As(err, &in) || in.Field != "players[1].cards" || !strings.Contains(in.Message, "card 4") {
		t.Errorf("error %v", err)
	}
}

// FuzzParseCambioForm: whatever the form holds, the parser answers a round
// the engine starts a game with, or an InputError on a form field.
func FuzzParseCambioForm(f *testing.F) {
	f.Add("7 red-king swap", "", "cambio:0", "")
	f.Add("v:-2,13", "peek yours", "out:1", `{"target":3}`)
	f.Add("", "1", "cambio:0", "")
	f.Add("x", "14", "9", "{")
	f.Fuzz(func(t *testing.T, a, b, ended, opts string) {
		v := url.Values{"players[0].cards": {a}, "players[1].cards": {b}, "ended": {ended}, "options": {opts}}
		body, _, err := parseCambioRound(v, []string{"Ana", "Ben"})
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) || (in.Field != "ended" && !strings.HasPrefix(in.Field, "players[")) {
				t.Fatalf("error %v", err)
			}
			return
		}
		// Ruling CAM-3: a round the form takes can have happened.
		if res, err := (cambio.Engine{}).Check(mustAppend(t, body)); err == nil {
			for _, v := range res.Violations {
				if v.Code == "round_not_ended" || v.Code == "caller_out" {
					t.Fatalf("%s: the form took a round that cannot have happened: %v", body, v)
				}
			}
		}
		if !json.Valid(body) {
			t.Fatalf("invalid JSON %s", body)
		}
		_, err = cambio.Engine{}.AppendRound(nil, body)
		var in *scoring.InputError
		if err != nil && (!errors.As(err, &in) || !strings.HasPrefix(in.Field, "round.options")) {
			t.Fatalf("%s: engine refused the parsed round: %v", body, err)
		}
	})
}

// mustAppend starts a game with round (or returns nil when the engine
// does not take the round's options).
func mustAppend(t *testing.T, round []byte) []byte {
	t.Helper()
	state, err := cambio.Engine{}.AppendRound(nil, round)
	if err != nil {
		return nil
	}
	return state
}

// Ruling CAM-3 on the round editor: how the round ended is a required
// choice, and the cards must agree with it, so only rounds that can have
// happened are recorded; errors sit next to the field, in English and
// German, and what was typed stays.
func TestCambioRoundEndIsRequired(t *testing.T) {
	ts := newTestServer(t)
	table := ts.startRoundTable("cambio", "Ana", "Ben")
	for _, c := range []struct {
		name, a, b, ended string
		field, en, de     string
	}{
		{"no choice", "3 4", "5", "", "ended",
			"Choose how the round ended: who called Cambio, or who had no cards left (rule CAM-3).",
			"Wähle, wie die Runde endete: wer Cambio gerufen hat oder wer keine Karten mehr hatte (Regel CAM-3)."},
		{"the caller with no cards", "", "5", "cambio:0", "players[0].cards",
			"Ana called Cambio, so these cards were frozen: enter the cards Ana turned over, at least one (rule CAM-3).",
			"Ana hat Cambio gerufen, also waren diese Karten eingefroren: Gib die Karten ein, die Ana aufgedeckt hat, mindestens eine (Regel CAM-3)."},
		{"the player out with cards", "3", "5", "out:1", "players[1].cards",
			"Ben had no cards left, which ended the round: leave these cards empty, or choose how the round really ended (rule CAM-3).",
			"Ben hatte keine Karten mehr, und das hat die Runde beendet: Lass diese Karten leer oder wähle, wie die Runde wirklich endete (Regel CAM-3)."},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, lang := range []string{"en", "de"} {
				f := ts.Get(table+"/games/new").FormOf(t, table+"/games")
				f.Set(pfield(0, "cards"), c.a)
				f.Set(pfield(1, "cards"), c.b)
				if c.ended != "" {
					f.Set("ended", c.ended)
				}
				p := ts.PostLang(table+"/games", f, lang)
				want := c.en
				if lang == "de" {
					want = c.de
				}
				id := "#err-" + strings.NewReplacer("[", "-", "].", "-", ".", "-").Replace(c.field)
				if p.Status != http.StatusUnprocessableEntity || p.Text(id) != want {
					t.Fatalf("%s: %d %q, want %q", lang, p.Status, p.Text(id), want)
				}
				if v, _ := p.Doc.Find(`input[name="players[1].cards"]`).Attr("value"); v != c.b {
					t.Errorf("%s: typed cards lost: %q", lang, v)
				}
				if c.ended != "" && p.Doc.Find(`input[name="ended"][value="`+c.ended+`"][checked]`).Length() != 1 {
					t.Errorf("%s: the choice %s was not kept", lang, c.ended)
				}
			}
		})
	}
	if n := len(ts.replayed(table).Games); n != 0 {
		t.Errorf("%d games after refused rounds", n)
	}
	// The same round with a choice that agrees is recorded, and valid.
	f := ts.Get(table+"/games/new").FormOf(t, table+"/games")
	f.Set(pfield(0, "cards"), "3")
	f.Set(pfield(1, "cards"), "")
	f.Set("ended", "out:1")
	if p := ts.Post(table+"/games", f); p.Status != http.StatusSeeOther {
		t.Fatalf("a round that can have happened: %d\n%s", p.Status, p.Body)
	}
	tb := ts.replayed(table)
	if len(tb.Games) != 1 || !tb.Games[0].Result.Valid {
		t.Errorf("recorded: %+v", tb.Games)
	}
	// The German editor asks the question in German.
	de := ts.GetLang(table+"/games/new", "de")
	if got := de.Text(`[data-testid="round-end"] legend`); got != "Wie endete Runde 2?" {
		t.Errorf("German legend %q", got)
	}
}
