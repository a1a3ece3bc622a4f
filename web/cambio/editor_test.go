package cambio_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/views"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

func TestCambioRoundsOverHTTP(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	table := cambiotest.StartRoundTable(ts, "cambio", "Ana", "Ben", "Cy")

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
	for j, r := range cambiotest.Rounds[:2] {
		p := cambiotest.EnterRound(ts, table, r.Cards, r.Ended)
		if p.Status != http.StatusSeeOther || !strings.Contains(p.Header.Get("Location"), "done=round") {
			t.Fatalf("round %d: %d %s\n%s", j+1, p.Status, p.Header.Get("Location"), p.Body)
		}
		tp := ts.Get(table)
		if got := cambiotest.RoundTotals(tp); strings.Join(got, " ") != strings.Join(wantTotals[j], " ") {
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
	p := cambiotest.EnterRound(ts, table, cambiotest.Rounds[2].Cards, cambiotest.Rounds[2].Ended)
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
	tb := ts.Table(table)
	for name, want := range map[string]int{"Ana": 61, "Ben": 36, "Cy": 19} {
		if got, _ := tb.Games.At(0).Result().Total(name); got != want {
			t.Errorf("%s: %d, want %d", name, got, want)
		}
	}

	// The next round starts game 2, with the deal back at seat 0.
	ed = ts.Get(table + "/games/new")
	if h := ed.Text(`[data-testid="round-heading"]`); h != "Game 2 · round 1" {
		t.Errorf("heading %q", h)
	}
	p = cambiotest.EnterRound(ts, table, [3]string{"1", "", "2"}, "out:1")
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
	if w := tp.Text(`[data-testid="game-winner"]`); w != "Cy" || ts.Table(table).Games.Len() != 1 {
		t.Errorf("after undo: winner %q", w)
	}
	// And undo of round 3 reopens game 1 at round 3.
	if p := ts.Post(table+"/undo", tp.FormOf(t, table+"/undo")); p.Status != http.StatusSeeOther {
		t.Fatalf("undo: %d", p.Status)
	}
	tp = ts.Get(table)
	if got := cambiotest.RoundTotals(tp); strings.Join(got, " ") != "38 23 18" {
		t.Errorf("after undoing round 3: %v", got)
	}
}

func TestCambioRoundBadEntries(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	table := cambiotest.StartRoundTable(ts, "cambio", "Ana", "Ben")
	ed := ts.Get(table + "/games/new")
	f := ed.FormOf(t, table+"/games")
	f.Set(views.PField(0, "cards"), "7")
	f.Set(views.PField(1, "cards"), "3 red-kong swap")
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
	if n := ts.Table(table).Games.Len(); n != 0 {
		t.Errorf("%d games after a refused round", n)
	}
	// A caller that is not a seat.
	f.Set(views.PField(1, "cards"), "3")
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
	tb := ts.Table(table)
	if tb.Games.Len() != 1 || len(tb.Games.At(0).Result().Players[0].Rounds) != 1 {
		t.Errorf("double submit recorded %d games, %v", tb.Games.Len(), tb.Games)
	}
}

func TestRoundGamesCheckWithJSON(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	for _, g := range []string{"cambio", "kodiak"} {
		p := ts.Get("/check/" + g)
		if p.Status != http.StatusOK || p.Doc.Find(`textarea[name="state"]`).Length() != 1 {
			t.Errorf("%s checker is not the JSON form: %d", g, p.Status)
		}
	}
}

// Ruling CAM-3 on the round editor: how the round ended is a required
// choice, and the cards must agree with it, so only rounds that can have
// happened are recorded; errors sit next to the field, in English and
// German, and what was typed stays.
func TestCambioRoundEndIsRequired(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	table := cambiotest.StartRoundTable(ts, "cambio", "Ana", "Ben")
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
				f.Set(views.PField(0, "cards"), c.a)
				f.Set(views.PField(1, "cards"), c.b)
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
	if n := ts.Table(table).Games.Len(); n != 0 {
		t.Errorf("%d games after refused rounds", n)
	}
	// The same round with a choice that agrees is recorded, and valid.
	f := ts.Get(table+"/games/new").FormOf(t, table+"/games")
	f.Set(views.PField(0, "cards"), "3")
	f.Set(views.PField(1, "cards"), "")
	f.Set("ended", "out:1")
	if p := ts.Post(table+"/games", f); p.Status != http.StatusSeeOther {
		t.Fatalf("a round that can have happened: %d\n%s", p.Status, p.Body)
	}
	tb := ts.Table(table)
	if tb.Games.Len() != 1 || !tb.Games.At(0).Result().Valid {
		t.Errorf("recorded: %+v", tb.Games)
	}
	// The German editor asks the question in German.
	de := ts.GetLang(table+"/games/new", "de")
	if got := de.Text(`[data-testid="round-end"] legend`); got != "Wie endete Runde 2?" {
		t.Errorf("German legend %q", got)
	}
}
