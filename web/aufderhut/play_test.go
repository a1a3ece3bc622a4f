package aufderhut_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring/aufderhut"
	"tablemate/web/aufderhut/adhtest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

// adhNames are the table's names for the 10 characters in these tests.
var adhNames = []string{"Wizard", "Chef", "King", "Queen", "Pirate", "Witch", "Knight", "Clown", "Fairy", "Cook"}

func TestPlayAlongADHSetup(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := ts.CreateGameTable("auf-der-hut", "Ida", "Jan")
	if href, _ := ts.Get(table).Doc.Find(`[data-testid="play-along"]`).Attr("href"); href != table+"/play" {
		t.Fatalf("no play-along link on the table page: %q", href)
	}
	setup := ts.Get(table + "/play")
	if n := setup.Doc.Find(`select[name^="display["] option[value="10"]`).Length(); n != aufderhut.DisplaySize {
		t.Fatalf("%d spot pickers offer character 10, want 7", n)
	}
	if ph, _ := setup.Doc.Find(`input[name="names[9]"]`).Attr("placeholder"); ph != "character 10" {
		t.Errorf("default name of character 10: %q", ph)
	}
	base := setup.FormOf(t, table+"/play/start")
	for _, tt := range []struct {
		name  string
		form  url.Values
		field string
		says  string
	}{
		// ruling ADH-1: each character exists twice.
		{"third copy", adhtest.SetupForm(base, "standard", adhNames, 4, 4, 1, 4, 2, 3, 5), "display[3]", "third Queen"},
		{"spot left out", adhtest.SetupForm(base, "standard", nil, 1, 2, 3, 4, 5, 6), "display[6]", "spot 7"},
		{"character 11", adhtest.SetupForm(base, "standard", nil, 1, 2, 3, 4, 5, 6, 11), "display[6]", "1 to 10"},
		{"same name twice", adhtest.SetupForm(base, "standard", []string{"Wizard", "wizard"}, 1, 2, 3, 4, 5, 6, 7), "names[1]", "must differ"},
		{"variant", adhtest.SetupForm(base, "long", nil, 1, 2, 3, 4, 5, 6, 7), "variant", "three_left"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := ts.Post(table+"/play/start", tt.form)
			if p.Status != http.StatusUnprocessableEntity {
				t.Fatalf("status %d", p.Status)
			}
			id := "err-" + strings.NewReplacer("[", "-", "]", "").Replace(tt.field)
			if got := p.Text("#" + id); !strings.Contains(got, tt.says) {
				t.Errorf("error on %s = %q, want it to say %q", tt.field, got, tt.says)
			}
			// What was entered is shown again.
			if v, _ := p.Doc.Find(`select[name="display[0]"] option[selected]`).Attr("value"); v != tt.form.Get("display[0]") {
				t.Errorf("spot 1 shows %q, sent %q", v, tt.form.Get("display[0]"))
			}
		})
	}
	if ts.Table(table).Play != nil {
		t.Fatal("a refused set-up started a game")
	}
	good := adhtest.SetupForm(base, "standard", adhNames, 1, 2, 3, 4, 4, 5, 6)
	if p := ts.Post(table+"/play/start", good); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}
	if p := ts.Post(table+"/play/start", good); p.Status != http.StatusSeeOther { // double tap
		t.Fatalf("repeated start: %d", p.Status)
	}
	play := ts.Get(table + "/play")
	if got := play.Text(`[data-testid="to-move"]`); got != "Ida’s turn" {
		t.Errorf("to move: %q", got)
	}
	var faces []string
	play.Doc.Find(`[data-testid="spot-name"]`).Each(func(_ int, s *goquery.Selection) { faces = append(faces, strings.TrimSpace(s.Text())) })
	if strings.Join(faces, ",") != "Wizard,Chef,King,Queen,Queen,Pirate,Witch" {
		t.Errorf("display shows %v", faces)
	}
	if play.Text(`[data-testid="characters-left"]`) != "13" || play.Text(`[data-testid="hats-left"]`) != "17" {
		t.Errorf("piles: %s", play.Text(`[data-testid="piles"]`))
	}
}

func TestPlayAlongADHTurns(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := adhtest.StartPlay(t, ts, "standard", 1, 2, 3, 4, 4, 5, 6)
	steps := func() int { return len(ts.Table(table).Play.Steps) }

	// Look: two taps; a double-posted form is recorded once.
	look := ts.Get(table + "/play?do=look")
	if look.Doc.Find(`button[name="look"]`).Length() != 7 {
		t.Fatalf("every hat can be looked at:\n%s", look.Text(`[data-testid="display"]`))
	}
	f := look.FormOf(t, table+"/play/step")
	f.Set("look", "3")
	for range 2 {
		if p := ts.Post(table+"/play/step", f); p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/play" {
			t.Fatalf("look: %d %q", p.Status, p.Header.Get("Location"))
		}
	}
	if n := steps(); n != 1 {
		t.Fatalf("a double tap recorded %d steps", n)
	}
	play := ts.Get(table + "/play")
	if got := play.Text(`[data-testid="to-move"]`); got != "Jan’s turn" {
		t.Errorf("after a look: %q", got)
	}
	if got := play.Text(`[data-testid="last-move"]`); got != "Last move: Ida looks at the hat on spot 3." {
		t.Errorf("last move: %q", got)
	}

	// Swap, then the swap back: warned before (ADH-5) and after, allowed.
	// The swap starts by asking for its first hat.
	if mode, _ := ts.Get(table + "/play?do=swap").Doc.Find(`[data-testid="action"]`).Attr("data-mode"); mode != "swap" {
		t.Errorf("a swap starts in mode %q, not swap", mode)
	}
	if p := adhtest.Step(ts, table, "do=swap&a=1", map[string]string{"swap_b": "5"}); p.Status != http.StatusSeeOther {
		t.Fatalf("swap: %d %s", p.Status, p.Body)
	}
	back := ts.Get(table + "/play?do=swap&a=5")
	if !strings.Contains(back.Text(`[data-testid="swap-back-hint"]`), "rule ADH-5") || back.Doc.Find(`button.swap-back[value="1"]`).Length() != 1 {
		t.Errorf("the swap back is not flagged before it is made: %q", back.Text(`[data-testid="action"]`))
	}
	if p := adhtest.Step(ts, table, "do=swap&a=5", map[string]string{"swap_b": "1"}); p.Status != http.StatusSeeOther {
		t.Fatalf("swap back: %d", p.Status)
	}
	if got := ts.Get(table + "/play").Text(`[data-testid="swap-back-warning"]`); !strings.Contains(got, "Ida swaps back the hats on spots 1 and 5 that Jan swapped") {
		t.Errorf("warning after the swap back: %q", got)
	}

	// Reveal a match: the outcome, then the character laid, from those
	// the pile can still hold (Queen lies twice already).
	outcome := ts.Get(table + "/play?do=reveal&spot=2")
	if !strings.Contains(outcome.Text(`[data-testid="action"] h2`), "character 2") {
		t.Errorf("outcome page: %q", outcome.Text(`[data-testid="action"] h2`))
	}
	if href, _ := outcome.Doc.Find(`[data-testid="outcome-match"]`).Attr("href"); !strings.Contains(href, "outcome=match") {
		t.Fatalf("a refilled match asks for the character laid: %q", href)
	}
	lay := ts.Get(table + "/play?do=reveal&spot=2&outcome=match")
	if lay.Doc.Find(`[data-testid="laid-4"]`).Length() != 0 || lay.Doc.Find(`[data-testid="laid-2"]`).Length() != 1 {
		t.Errorf("characters offered: %s", lay.Text(`[data-testid="action"]`))
	}
	// A third Queen is refused by the rules, with the rule, and not recorded.
	f = lay.FormOf(t, table+"/play/step")
	f.Set("laid", "4")
	if p := ts.Post(table+"/play/step", f); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "(rule ADH-1)") || !strings.Contains(p.Body, "both character 4") {
		t.Errorf("third copy: %d %s", p.Status, p.Text(`[role="status"]`))
	}
	if n := steps(); n != 3 {
		t.Fatalf("a refused step was recorded: %d steps", n)
	}
	if p := adhtest.Step(ts, table, "do=reveal&spot=2&outcome=match", map[string]string{"laid": "7"}); p.Status != http.StatusSeeOther {
		t.Fatalf("match: %d %s", p.Status, p.Text(`[role="status"]`))
	}
	play = ts.Get(table + "/play")
	if got := play.Text(`[data-player="Jan"] [data-testid="seat-counts"]`); got != "1 character · 0 wonderhats · 0 bald heads" {
		t.Errorf("Jan: %q", got)
	}
	if got := play.Text(`[data-spot="2"] [data-testid="spot-name"]`); got != "character 7" {
		t.Errorf("spot 2 after the refill: %q", got)
	}
	if play.Text(`[data-testid="characters-left"]`) != "12" || play.Text(`[data-testid="hats-left"]`) != "16" {
		t.Errorf("piles: %s", play.Text(`[data-testid="piles"]`))
	}

	// A stale form (another phone moved first) is a 409 and records nothing.
	first := ts.Get(table+"/play?do=reveal&spot=6").FormOf(t, table+"/play/step")
	if p := adhtest.Step(ts, table, "do=reveal&spot=3", map[string]string{"outcome": "miss"}); p.Status != http.StatusSeeOther {
		t.Fatalf("miss: %d", p.Status)
	}
	first.Set("outcome", "wonderhat")
	if p := ts.Post(table+"/play/step", first); p.Status != http.StatusConflict {
		t.Errorf("stale form: %d", p.Status)
	}
	if n := steps(); n != 5 {
		t.Fatalf("%d steps after the stale form, want 5", n)
	}
	// A standard game is not ended by the table (ADH-3).
	if p := adhtest.Step(ts, table, "do=look", map[string]string{"look": "", "end": "1"}); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "(rule ADH-3)") {
		t.Errorf("end of a standard game: %d", p.Status)
	}
	if ts.Get(table+"/play?do=end").Doc.Find(`[data-testid="confirm-end"]`).Length() != 0 {
		t.Error("a standard game offers to end it")
	}
	// Undo takes the miss back and stays in the game.
	undo := ts.Get(table + "/play")
	// It names the move it takes back, as the last-move line does (#38).
	if got := undo.Text(`[data-testid="undo-step"]`); got != "Undo: Ida reveals spot 3 (character 3): no match, a bald head" ||
		undo.Text(`[data-testid="last-move"]`) != "Last move: Ida reveals spot 3 (character 3): no match, a bald head." {
		t.Errorf("undo button: %q", got)
	}
	if p := ts.Post(table+"/undo", undo.FormOf(t, table+"/undo")); p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/play" {
		t.Fatalf("undo: %d %q", p.Status, p.Header.Get("Location"))
	}
	if n := steps(); n != 4 {
		t.Fatalf("%d steps after undo, want 4", n)
	}
}

// TestPlayAlongADHWholeGame plays a standard game to its end through the
// forms; the game's page must show the engine's score of the same game.
func TestPlayAlongADHWholeGame(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := adhtest.StartPlay(t, ts, "standard", 1, 2, 3, 4, 5, 6, 7)
	last, steps := adhtest.PlayToTheEnd(t, ts, table)
	if loc := last.Header.Get("Location"); loc != table+"/games/1" {
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
	res := ts.Get(table + "/games/1")
	if v, _ := res.Doc.Find(`[data-testid="verdict"]`).Attr("data-valid"); v != "true" {
		t.Errorf("the guided game's final state is not valid: %s", res.Text(`[data-testid="violations"]`))
	}
	for _, p := range want.Players {
		if got := res.Text(fmt.Sprintf(`[data-player=%q] [data-testid="player-total"]`, p.Name)); got != strconv.Itoa(p.Total) {
			t.Errorf("%s: page shows %q, engine %d", p.Name, got, p.Total)
		}
	}
	if st.Players[0].Characters+st.Players[1].Characters != aufderhut.MaxMatches || st.Players[0].Wonderhats != 1 {
		t.Errorf("final state %s", final)
	}
	// The next game at this table starts with the same variant.
	if p := ts.Get(table + "/play"); p.Doc.Find(`input[name="variant"][value="standard"][checked]`).Length() != 1 {
		t.Error("the set-up does not offer the last variant")
	}
}

func TestPlayAlongADHThreeLeftEndedByTheTable(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := ts.CreateGameTable("auf-der-hut", "Ida", "Jan")
	f := adhtest.SetupForm(ts.Get(table+"/play").FormOf(t, table+"/play/start"), "three_left", []string{"Wizard", "", "King"}, 1, 2, 3, 4, 5, 6, 7)
	for i := 3; i < 10; i++ {
		f.Set(fmt.Sprintf("names[%d]", i), "")
	}
	if p := ts.Post(table+"/play/start", f); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}
	play := ts.Get(table + "/play")
	if !strings.Contains(play.Text(`[data-testid="end-note"]`), "7 characters with hats") {
		t.Errorf("three_left note: %q", play.Text(`[data-testid="end-note"]`))
	}
	if p := adhtest.Step(ts, table, "do=reveal&spot=1&outcome=match", map[string]string{"laid": "8"}); p.Status != http.StatusSeeOther {
		t.Fatalf("match: %d", p.Status)
	}
	if got := ts.Get(table + "/play").Text(`[data-testid="last-move"]`); got != "Last move: Ida reveals spot 1 (Wizard): a match, taken with its hat; character 8 is laid." {
		t.Errorf("last move: %q", got)
	}
	end := adhtest.Step(ts, table, "do=end", map[string]string{"end": "1"})
	if end.Status != http.StatusSeeOther || end.Header.Get("Location") != table+"/games/1" {
		t.Fatalf("end: %d %q", end.Status, end.Header.Get("Location"))
	}
	tab := ts.Table(table)
	if tab.Play != nil || tab.Games.Len() != 1 || !tab.Games.At(0).Result().Valid || !strings.Contains(string(tab.Games.At(0).State), `"three_left"`) {
		t.Fatalf("game: %+v", tab.Games)
	}
	// The names stay with the table for its next guided game.
	next := ts.Get(table + "/play")
	if v, _ := next.Doc.Find(`input[name="names[2]"]`).Attr("value"); v != "King" {
		t.Errorf("name of character 3 for the next game: %q", v)
	}
	if v, _ := next.Doc.Find(`input[name="names[1]"]`).Attr("value"); v != "" {
		t.Errorf("character 2 keeps its default: %q", v)
	}
}

func TestPlayAlongADHPagesWeight(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	table := ts.CreateGameTable("auf-der-hut", "Amelia", "Victor", "Enrique", "Zofia", "Ida", "Jan")
	for _, path := range []string{table + "/play", "start", table + "/play", table + "/play?do=swap&a=2", table + "/play?do=reveal&spot=1&outcome=match"} {
		if path == "start" {
			f := adhtest.SetupForm(ts.Get(table+"/play").FormOf(t, table+"/play/start"), "standard", adhNames, 1, 2, 3, 4, 5, 6, 7)
			if p := ts.Post(table+"/play/start", f); p.Status != http.StatusSeeOther {
				t.Fatalf("start: %d", p.Status)
			}
			continue
		}
		total, doc := ts.CompressedSize(t, path)
		doc.Find(`link[rel="stylesheet"], script[src]`).Each(func(_ int, s *goquery.Selection) {
			a, ok := s.Attr("href")
			if !ok {
				a, _ = s.Attr("src")
			}
			n, _ := ts.CompressedSize(t, a)
			total += n
		})
		t.Logf("%s: %d bytes compressed with its CSS and JS", path, total)
		if total > webtest.PageBudget {
			t.Errorf("%s weighs %d bytes compressed, over the %d budget", path, total, webtest.PageBudget)
		}
	}
}
