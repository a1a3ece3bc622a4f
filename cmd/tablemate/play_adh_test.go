package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring/aufderhut"
	"tablemate/sessions"
)

// adhNames are the table's names for the 10 characters in these tests.
var adhNames = []string{"Wizard", "Chef", "King", "Queen", "Pirate", "Witch", "Knight", "Clown", "Fairy", "Cook"}

// adhTable loads a table straight from the store (with its guided game).
func adhTable(t *testing.T, ts *testServer, path string) sessions.Table {
	t.Helper()
	tb, err := ts.app.tables.Table(context.Background(), strings.TrimPrefix(path, "/tables/"))
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// adhSetupForm fills the set-up form: the variant, the names (nil: none)
// and the character on each spot.
func adhSetupForm(base url.Values, variant string, names []string, display ...int) url.Values {
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

// adhStep opens the turn page at query (how far the move is entered),
// fills the step form it shows with fields and posts it.
func (ts *testServer) adhStep(table, query string, fields map[string]string) fetched {
	ts.t.Helper()
	f := ts.get(table+"/play?"+query).formOf(ts.t, table+"/play/step")
	for k, v := range fields {
		f.Set(k, v)
	}
	return ts.post(table+"/play/step", f)
}

// startADHPlay creates a table for Ida and Jan and starts a guided game.
func startADHPlay(t *testing.T, ts *testServer, variant string, display ...int) string {
	t.Helper()
	table := ts.createGameTable("auf-der-hut", "Ida", "Jan")
	f := adhSetupForm(ts.get(table+"/play").formOf(t, table+"/play/start"), variant, nil, display...)
	if p := ts.post(table+"/play/start", f); p.status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.status, p.text(".field-error"))
	}
	return table
}

func TestPlayAlongADHSetup(t *testing.T) {
	ts := newTestServerWith(t, func(a *app) { a.writeRate = 0 })
	table := ts.createGameTable("auf-der-hut", "Ida", "Jan")
	if href, _ := ts.get(table).doc.Find(`[data-testid="play-along"]`).Attr("href"); href != table+"/play" {
		t.Fatalf("no play-along link on the table page: %q", href)
	}
	setup := ts.get(table + "/play")
	if n := setup.doc.Find(`select[name^="display["] option[value="10"]`).Length(); n != aufderhut.DisplaySize {
		t.Fatalf("%d spot pickers offer character 10, want 7", n)
	}
	if ph, _ := setup.doc.Find(`input[name="names[9]"]`).Attr("placeholder"); ph != "character 10" {
		t.Errorf("default name of character 10: %q", ph)
	}
	base := setup.formOf(t, table+"/play/start")
	for _, tt := range []struct {
		name  string
		form  url.Values
		field string
		says  string
	}{
		// ruling ADH-1: each character exists twice.
		{"third copy", adhSetupForm(base, "standard", adhNames, 4, 4, 1, 4, 2, 3, 5), "display[3]", "third Queen"},
		{"spot left out", adhSetupForm(base, "standard", nil, 1, 2, 3, 4, 5, 6), "display[6]", "spot 7"},
		{"character 11", adhSetupForm(base, "standard", nil, 1, 2, 3, 4, 5, 6, 11), "display[6]", "1 to 10"},
		{"same name twice", adhSetupForm(base, "standard", []string{"Wizard", "wizard"}, 1, 2, 3, 4, 5, 6, 7), "names[1]", "must differ"},
		{"variant", adhSetupForm(base, "long", nil, 1, 2, 3, 4, 5, 6, 7), "variant", "three_left"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := ts.post(table+"/play/start", tt.form)
			if p.status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d", p.status)
			}
			id := "err-" + strings.NewReplacer("[", "-", "]", "").Replace(tt.field)
			if got := p.text("#" + id); !strings.Contains(got, tt.says) {
				t.Errorf("error on %s = %q, want it to say %q", tt.field, got, tt.says)
			}
			// What was entered is shown again.
			if v, _ := p.doc.Find(`select[name="display[0]"] option[selected]`).Attr("value"); v != tt.form.Get("display[0]") {
				t.Errorf("spot 1 shows %q, sent %q", v, tt.form.Get("display[0]"))
			}
		})
	}
	if adhTable(t, ts, table).Play != nil {
		t.Fatal("a refused set-up started a game")
	}
	good := adhSetupForm(base, "standard", adhNames, 1, 2, 3, 4, 4, 5, 6)
	if p := ts.post(table+"/play/start", good); p.status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.status, p.text(".field-error"))
	}
	if p := ts.post(table+"/play/start", good); p.status != http.StatusSeeOther { // double tap
		t.Fatalf("repeated start: %d", p.status)
	}
	play := ts.get(table + "/play")
	if got := play.text(`[data-testid="to-move"]`); got != "Ida’s turn" {
		t.Errorf("to move: %q", got)
	}
	var faces []string
	play.doc.Find(`[data-testid="spot-name"]`).Each(func(_ int, s *goquery.Selection) { faces = append(faces, strings.TrimSpace(s.Text())) })
	if strings.Join(faces, ",") != "Wizard,Chef,King,Queen,Queen,Pirate,Witch" {
		t.Errorf("display shows %v", faces)
	}
	if play.text(`[data-testid="characters-left"]`) != "13" || play.text(`[data-testid="hats-left"]`) != "17" {
		t.Errorf("piles: %s", play.text(`[data-testid="piles"]`))
	}
}

func TestPlayAlongADHTurns(t *testing.T) {
	ts := newTestServerWith(t, func(a *app) { a.writeRate = 0 })
	table := startADHPlay(t, ts, "standard", 1, 2, 3, 4, 4, 5, 6)
	steps := func() int { return len(adhTable(t, ts, table).Play.Steps) }

	// Look: two taps; a double-posted form is recorded once.
	look := ts.get(table + "/play?do=look")
	if look.doc.Find(`button[name="look"]`).Length() != 7 {
		t.Fatalf("every hat can be looked at:\n%s", look.text(`[data-testid="display"]`))
	}
	f := look.formOf(t, table+"/play/step")
	f.Set("look", "3")
	for range 2 {
		if p := ts.post(table+"/play/step", f); p.status != http.StatusSeeOther || p.header.Get("Location") != table+"/play" {
			t.Fatalf("look: %d %q", p.status, p.header.Get("Location"))
		}
	}
	if n := steps(); n != 1 {
		t.Fatalf("a double tap recorded %d steps", n)
	}
	play := ts.get(table + "/play")
	if got := play.text(`[data-testid="to-move"]`); got != "Jan’s turn" {
		t.Errorf("after a look: %q", got)
	}
	if got := play.text(`[data-testid="last-move"]`); got != "Last move: Ida looks at the hat on spot 3." {
		t.Errorf("last move: %q", got)
	}

	// Swap, then the swap back: warned before (ADH-5) and after, allowed.
	if p := ts.adhStep(table, "do=swap&a=1", map[string]string{"swap_b": "5"}); p.status != http.StatusSeeOther {
		t.Fatalf("swap: %d %s", p.status, p.body)
	}
	back := ts.get(table + "/play?do=swap&a=5")
	if !strings.Contains(back.text(`[data-testid="swap-back-hint"]`), "rule ADH-5") || back.doc.Find(`button.swap-back[value="1"]`).Length() != 1 {
		t.Errorf("the swap back is not flagged before it is made: %q", back.text(`[data-testid="action"]`))
	}
	if p := ts.adhStep(table, "do=swap&a=5", map[string]string{"swap_b": "1"}); p.status != http.StatusSeeOther {
		t.Fatalf("swap back: %d", p.status)
	}
	if got := ts.get(table + "/play").text(`[data-testid="swap-back-warning"]`); !strings.Contains(got, "Ida swaps back the hats on spots 1 and 5 that Jan swapped") {
		t.Errorf("warning after the swap back: %q", got)
	}

	// Reveal a match: the outcome, then the character laid, from those
	// the pile can still hold (Queen lies twice already).
	outcome := ts.get(table + "/play?do=reveal&spot=2")
	if !strings.Contains(outcome.text(`[data-testid="action"] h2`), "character 2") {
		t.Errorf("outcome page: %q", outcome.text(`[data-testid="action"] h2`))
	}
	if href, _ := outcome.doc.Find(`[data-testid="outcome-match"]`).Attr("href"); !strings.Contains(href, "outcome=match") {
		t.Fatalf("a refilled match asks for the character laid: %q", href)
	}
	lay := ts.get(table + "/play?do=reveal&spot=2&outcome=match")
	if lay.doc.Find(`[data-testid="laid-4"]`).Length() != 0 || lay.doc.Find(`[data-testid="laid-2"]`).Length() != 1 {
		t.Errorf("characters offered: %s", lay.text(`[data-testid="action"]`))
	}
	// A third Queen is refused by the rules, with the rule, and not recorded.
	f = lay.formOf(t, table+"/play/step")
	f.Set("laid", "4")
	if p := ts.post(table+"/play/step", f); p.status != http.StatusUnprocessableEntity || !strings.Contains(p.body, "(rule ADH-1)") || !strings.Contains(p.body, "both character 4") {
		t.Errorf("third copy: %d %s", p.status, p.text(`[role="status"]`))
	}
	if n := steps(); n != 3 {
		t.Fatalf("a refused step was recorded: %d steps", n)
	}
	if p := ts.adhStep(table, "do=reveal&spot=2&outcome=match", map[string]string{"laid": "7"}); p.status != http.StatusSeeOther {
		t.Fatalf("match: %d %s", p.status, p.text(`[role="status"]`))
	}
	play = ts.get(table + "/play")
	if got := play.text(`[data-player="Jan"] [data-testid="seat-counts"]`); got != "1 character · 0 wonderhats · 0 bald heads" {
		t.Errorf("Jan: %q", got)
	}
	if got := play.text(`[data-spot="2"] [data-testid="spot-name"]`); got != "character 7" {
		t.Errorf("spot 2 after the refill: %q", got)
	}
	if play.text(`[data-testid="characters-left"]`) != "12" || play.text(`[data-testid="hats-left"]`) != "16" {
		t.Errorf("piles: %s", play.text(`[data-testid="piles"]`))
	}

	// A stale form (another phone moved first) is a 409 and records nothing.
	first := ts.get(table+"/play?do=reveal&spot=6").formOf(t, table+"/play/step")
	if p := ts.adhStep(table, "do=reveal&spot=3", map[string]string{"outcome": "miss"}); p.status != http.StatusSeeOther {
		t.Fatalf("miss: %d", p.status)
	}
	first.Set("outcome", "wonderhat")
	if p := ts.post(table+"/play/step", first); p.status != http.StatusConflict {
		t.Errorf("stale form: %d", p.status)
	}
	if n := steps(); n != 5 {
		t.Fatalf("%d steps after the stale form, want 5", n)
	}
	// A standard game is not ended by the table (ADH-3).
	if p := ts.adhStep(table, "do=look", map[string]string{"look": "", "end": "1"}); p.status != http.StatusUnprocessableEntity || !strings.Contains(p.body, "(rule ADH-3)") {
		t.Errorf("end of a standard game: %d", p.status)
	}
	if ts.get(table+"/play?do=end").doc.Find(`[data-testid="confirm-end"]`).Length() != 0 {
		t.Error("a standard game offers to end it")
	}
	// Undo takes the miss back and stays in the game.
	undo := ts.get(table + "/play")
	if got := undo.text(`[data-testid="undo-step"]`); !strings.Contains(got, "move 5") {
		t.Errorf("undo button: %q", got)
	}
	if p := ts.post(table+"/undo", undo.formOf(t, table+"/undo")); p.status != http.StatusSeeOther || p.header.Get("Location") != table+"/play" {
		t.Fatalf("undo: %d %q", p.status, p.header.Get("Location"))
	}
	if n := steps(); n != 4 {
		t.Fatalf("%d steps after undo, want 4", n)
	}
}

// TestPlayAlongADHWholeGame plays a standard game to its end through the
// forms; the game's page must show the engine's score of the same game.
func TestPlayAlongADHWholeGame(t *testing.T) {
	ts := newTestServerWith(t, func(a *app) { a.writeRate = 0 })
	table := startADHPlay(t, ts, "standard", 1, 2, 3, 4, 5, 6, 7)
	last, steps := playADHToTheEnd(t, ts, table)
	if loc := last.header.Get("Location"); loc != table+"/games/1" {
		t.Fatalf("after the last match: %q, want the game's score", loc)
	}
	setup := aufderhut.SetupJSON(aufderhut.Setup{Variant: aufderhut.Standard, Display: []int{1, 2, 3, 4, 5, 6, 7}})
	over, final, err := aufderhut.Engine{}.Guide([]string{"Ida", "Jan"}, setup, steps)
	if err != nil || !over {
		t.Fatalf("engine replay: %v %v", over, err)
	}
	var st aufderhut.State
	json.Unmarshal(final, &st)
	want := aufderhut.Score(st)
	res := ts.get(table + "/games/1")
	if v, _ := res.doc.Find(`[data-testid="verdict"]`).Attr("data-valid"); v != "true" {
		t.Errorf("the guided game's final state is not valid: %s", res.text(`[data-testid="violations"]`))
	}
	for _, p := range want.Players {
		if got := res.text(fmt.Sprintf(`[data-player=%q] [data-testid="player-total"]`, p.Name)); got != strconv.Itoa(p.Total) {
			t.Errorf("%s: page shows %q, engine %d", p.Name, got, p.Total)
		}
	}
	if st.Players[0].Characters+st.Players[1].Characters != aufderhut.MaxMatches || st.Players[0].Wonderhats != 1 {
		t.Errorf("final state %s", final)
	}
	// The next game at this table starts with the same variant.
	if p := ts.get(table + "/play"); p.doc.Find(`input[name="variant"][value="standard"][checked]`).Length() != 1 {
		t.Error("the set-up does not offer the last variant")
	}
}

func TestPlayAlongADHThreeLeftEndedByTheTable(t *testing.T) {
	ts := newTestServerWith(t, func(a *app) { a.writeRate = 0 })
	table := ts.createGameTable("auf-der-hut", "Ida", "Jan")
	f := adhSetupForm(ts.get(table+"/play").formOf(t, table+"/play/start"), "three_left", []string{"Wizard", "", "King"}, 1, 2, 3, 4, 5, 6, 7)
	for i := 3; i < 10; i++ {
		f.Set(fmt.Sprintf("names[%d]", i), "")
	}
	if p := ts.post(table+"/play/start", f); p.status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.status, p.text(".field-error"))
	}
	play := ts.get(table + "/play")
	if !strings.Contains(play.text(`[data-testid="end-note"]`), "7 characters with hats") {
		t.Errorf("three_left note: %q", play.text(`[data-testid="end-note"]`))
	}
	if p := ts.adhStep(table, "do=reveal&spot=1&outcome=match", map[string]string{"laid": "8"}); p.status != http.StatusSeeOther {
		t.Fatalf("match: %d", p.status)
	}
	if got := ts.get(table + "/play").text(`[data-testid="last-move"]`); got != "Last move: Ida reveals spot 1 (Wizard): a match, taken with its hat; character 8 is laid." {
		t.Errorf("last move: %q", got)
	}
	end := ts.adhStep(table, "do=end", map[string]string{"end": "1"})
	if end.status != http.StatusSeeOther || end.header.Get("Location") != table+"/games/1" {
		t.Fatalf("end: %d %q", end.status, end.header.Get("Location"))
	}
	tab := adhTable(t, ts, table)
	if tab.Play != nil || len(tab.Games) != 1 || !tab.Games[0].Result.Valid || !strings.Contains(string(tab.Games[0].State), `"three_left"`) {
		t.Fatalf("game: %+v", tab.Games)
	}
	// The names stay with the table for its next guided game.
	next := ts.get(table + "/play")
	if v, _ := next.doc.Find(`input[name="names[2]"]`).Attr("value"); v != "King" {
		t.Errorf("name of character 3 for the next game: %q", v)
	}
	if v, _ := next.doc.Find(`input[name="names[1]"]`).Attr("value"); v != "" {
		t.Errorf("character 2 keeps its default: %q", v)
	}
}

func TestPlayAlongADHPagesWeight(t *testing.T) {
	ts := newTestServer(t)
	table := ts.createGameTable("auf-der-hut", "Amelia", "Victor", "Enrique", "Zofia", "Ida", "Jan")
	for _, path := range []string{table + "/play", "start", table + "/play", table + "/play?do=swap&a=2", table + "/play?do=reveal&spot=1&outcome=match"} {
		if path == "start" {
			f := adhSetupForm(ts.get(table+"/play").formOf(t, table+"/play/start"), "standard", adhNames, 1, 2, 3, 4, 5, 6, 7)
			if p := ts.post(table+"/play/start", f); p.status != http.StatusSeeOther {
				t.Fatalf("start: %d", p.status)
			}
			continue
		}
		total, doc := ts.compressedSize(t, path)
		doc.Find(`link[rel="stylesheet"], script[src]`).Each(func(_ int, s *goquery.Selection) {
			a, ok := s.Attr("href")
			if !ok {
				a, _ = s.Attr("src")
			}
			n, _ := ts.compressedSize(t, a)
			total += n
		})
		t.Logf("%s: %d bytes compressed with its CSS and JS", path, total)
		if total > pageBudget {
			t.Errorf("%s weighs %d bytes compressed, over the %d budget", path, total, pageBudget)
		}
	}
}

// playADHToTheEnd plays a guided game started on the display 1 … 7 to its
// end: a wonderhat, two misses, then matches on spot 1 until the pile is
// empty. It returns the answer to the last step and the steps as the
// engine reads them.
func playADHToTheEnd(t *testing.T, ts *testServer, table string) (fetched, [][]byte) {
	t.Helper()
	var steps [][]byte
	post := func(query string, fields map[string]string, s aufderhut.Step) fetched {
		t.Helper()
		p := ts.adhStep(table, query, fields)
		if p.status != http.StatusSeeOther {
			t.Fatalf("step %d (%+v): %d %s", len(steps)+1, s, p.status, p.text(`[role="status"]`))
		}
		steps = append(steps, aufderhut.StepJSON(s))
		return p
	}
	post("do=reveal&spot=7", map[string]string{"outcome": "wonderhat"}, aufderhut.Step{Reveal: 7, Outcome: aufderhut.Wonderhat})
	post("do=reveal&spot=4", map[string]string{"outcome": "miss"}, aufderhut.Step{Reveal: 4, Outcome: aufderhut.Miss})
	post("do=reveal&spot=4", map[string]string{"outcome": "miss"}, aufderhut.Step{Reveal: 4, Outcome: aufderhut.Miss})
	var last fetched
	for i := 0; ; i++ {
		if i > 20 {
			t.Fatal("the game never ends")
		}
		lay := ts.get(table + "/play?do=reveal&spot=1&outcome=match")
		first := lay.doc.Find(`button[name="laid"]`).First()
		if first.Length() == 0 { // the pile is empty: the match is entered at once
			if lay.text(`[data-testid="end-note"]`) == "" {
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
