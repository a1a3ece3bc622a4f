package kociaki_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"tablemate/scoring/kociaki"
	"tablemate/web/kociaki/koctest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

func TestPlayAlongKocSetupTurnsAndRefusals(t *testing.T) {
	t.Parallel()
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := ts.CreateGameTable(kociaki.Slug, "Ola", "Ben", "Cyd")
	if href, _ := ts.Get(table).Doc.Find(`[data-testid="play-along"]`).Attr("href"); href != table+"/play" {
		t.Fatalf("no play-along link on the table page: %q", href)
	}
	setup := ts.Get(table + "/play")
	if facts := setup.Text(`[data-testid="setup-facts"]`); !strings.Contains(facts, "3 players") || !strings.Contains(facts, "Remove 1 chip from each toy pile") {
		t.Errorf("set-up facts for 3 players: %q", facts)
	}
	// No start tile: the field is named, nothing is recorded.
	if p := koctest.Start(t, ts, table, url.Values{"variant": {"basic"}}); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".field-error"), "start tile") {
		t.Fatalf("setup without a start tile: %d %q", p.Status, p.Text(".field-error"))
	}
	if p := koctest.Start(t, ts, table, url.Values{"start_tile": {"yellow"}, "starter": {"Ben"}, "variant": {"experienced"}}); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Text(".field-error"))
	}
	play := ts.Get(table + "/play")
	if got := play.Text(`[data-testid="to-act"]`); got != "Ben plays a furniture tile" {
		t.Fatalf("to act: %q", got)
	}
	// The tile step's piles say what each gives (#38: "4 chips gives" had no value).
	play.Doc.Find(`[data-testid="piles"] li .small`).Each(func(i int, sel *goquery.Selection) {
		if txt := sel.Text(); !regexp.MustCompile(`^gives \d( or \d)*$`).MatchString(txt) {
			t.Errorf("pile %d in the tile step says %q", i+1, txt)
		}
	})
	if _, ok := play.Doc.Find(`[data-testid="tile-yellow"]`).Attr("disabled"); !ok {
		t.Error("yellow lies on top: its button must be disabled (KOC-3)")
	}
	// A refused tile names the rule and records nothing.
	if p := koctest.Move(t, ts, table, url.Values{"tile": {"yellow"}}); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "rule KOC-3") {
		t.Errorf("yellow on yellow: %d", p.Status)
	}
	// A double tap: the same form twice is recorded once.
	f := ts.Get(table+"/play").FormOf(t, table+"/play/step")
	f.Set("tile", "turquoise")
	f.Set("piece", "chair")
	for range 2 {
		if p := ts.Post(table+"/play/step", f); p.Status != http.StatusSeeOther {
			t.Fatalf("tile: %d %s", p.Status, p.Body)
		}
	}
	play = ts.Get(table + "/play")
	if got := play.Text(`[data-testid="to-act"]`); got != "Ben pulls the string" {
		t.Fatalf("after the tile (posted twice): %q", got)
	}
	if !strings.Contains(play.Body, "turquoise chair") {
		t.Error("the tile played is not shown")
	}
	// A stale form (another phone moved first) is a 409, not a move.
	stale := play.FormOf(t, table+"/play/step")
	if p := koctest.Move(t, ts, table, url.Values{"toy": {"4"}}); p.Status != http.StatusSeeOther {
		t.Fatalf("Ben crosses toy 4: %d %s", p.Status, p.Body)
	}
	stale.Set("toy", "5")
	if p := ts.Post(table+"/play/step", stale); p.Status != http.StatusConflict {
		t.Errorf("stale form: %d", p.Status)
	}
	// 3 players: the second chip of toy 4 may be a 2 or a 3 (KOC-1/2).
	play = ts.Get(table + "/play")
	if n := play.Doc.Find(`[data-testid^="chip-4-"]`).Length(); n != 2 {
		t.Errorf("toy 4 offers %d chip choices, want 2 (a 2 or a 3)", n)
	}
	if p := koctest.Move(t, ts, table, url.Values{"toy": {"4"}}); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "rule KOC-2") {
		t.Errorf("toy 4 without the chip: %d", p.Status)
	}
	// The refusal keeps what was ticked and opens the missing choice (#38).
	if p := koctest.Move(t, ts, table, url.Values{"toy": {"4", "9"}}); p.Status != http.StatusUnprocessableEntity {
		t.Errorf("toys 4 and 9 without the chip of toy 4: %d", p.Status)
	} else {
		for toy, want := range map[string]bool{"4": true, "9": true, "5": false} {
			if _, ok := p.Doc.Find(`[data-testid="toy-` + toy + `"]`).Attr("checked"); ok != want {
				t.Errorf("after the refusal toy %s ticked %v, want %v", toy, ok, want)
			}
		}
		if p.Doc.Find(`[data-testid="which-4"].koc-missing [data-testid="missing-4"]`).Length() != 1 {
			t.Errorf("the missing chip of toy 4 is not pointed out:\n%s", p.Text(`[data-testid="turn-form"]`))
		}
	}
	// A chosen chip is kept too when another field is refused.
	if p := koctest.Move(t, ts, table, url.Values{"toy": {"4"}, "chip.4": {"2"}, "none": {"1"}}); p.Status != http.StatusUnprocessableEntity {
		t.Errorf("a toy ticked with “no toy crossed”: %d", p.Status)
	} else if _, ok := p.Doc.Find(`[data-testid="chip-4-2"]`).Attr("checked"); !ok || p.Doc.Find(`.koc-missing`).Length() != 0 {
		t.Errorf("the chip chosen for toy 4 is lost on a refusal (kept %v)", ok)
	}
	if p := koctest.Move(t, ts, table, url.Values{"toy": {"4"}, "none": {"1"}}); p.Status != http.StatusUnprocessableEntity {
		t.Errorf("a toy ticked with “no toy crossed”: %d", p.Status)
	}
	if p := koctest.Move(t, ts, table, url.Values{"short": {"1"}}); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "rule KOC-5") {
		t.Errorf("short of string in round 1: %d", p.Status)
	}
	if p := koctest.Move(t, ts, table, url.Values{"toy": {"4", "9"}, "chip.4": {"3"}}); p.Status != http.StatusSeeOther {
		t.Fatalf("Cyd takes a 3 from toy 4 and a 2 from toy 9: %d %s", p.Status, p.Body)
	}
	// Hidden chips: a shared phone shows counts only; Cyd's phone his values.
	shared := ts.Get(table + "/play")
	if shared.Doc.Find(`[data-testid="own-chips"]`).Length() != 0 {
		t.Error("a shared phone shows chip values")
	}
	if got := shared.Text(`[data-player="Cyd"] [data-testid="chip-count"]`); got != "2 chips" {
		t.Errorf("Cyd's chips face down: %q", got)
	}
	mine := ts.Get(table + "/play?me=2")
	if got := mine.Text(`[data-player="Cyd"] [data-testid="own-total"]`); !strings.HasPrefix(got, "7 points") { // 3 + 2, and 2 toy types (experienced)
		t.Errorf("Cyd's own total: %q", got)
	}
	if mine.Doc.Find(`[data-player="Ben"] [data-testid="own-chips"]`).Length() != 0 {
		t.Error("Cyd's phone shows Ben's values")
	}
	if again := ts.Get(table + "/play"); again.Doc.Find(`[data-player="Cyd"] [data-testid="own-chips"]`).Length() != 1 {
		t.Error("the phone's player is not remembered")
	}
	// Undo takes the turn back and stays in the game.
	play = ts.Get(table + "/play")
	if label := play.Text(`[data-testid="undo-step"]`); !strings.Contains(label, "Cyd’s turn (toy 4, 9)") {
		t.Errorf("undo label %q", label)
	}
	if p := ts.Post(table+"/undo", play.FormOf(t, table+"/undo")); p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/play" {
		t.Fatalf("undo: %d %q", p.Status, p.Header.Get("Location"))
	}
	if got := ts.Get(table + "/play").Text(`[data-player="Cyd"] [data-testid="chip-count"]`); got != "0 chips" {
		t.Errorf("after undo Cyd holds %q", got)
	}
}

// TestPlayAlongKocWholeGameOverHTTP plays 12 rounds with 4 players (no
// chip removed, so the app knows every chip) and checks the game's
// result against the engine's score of the same log.
func TestPlayAlongKocWholeGameOverHTTP(t *testing.T) {
	t.Parallel()
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	names := []string{"Ola", "Ben", "Cyd", "Dora"}
	table := ts.CreateGameTable(kociaki.Slug, names...)
	if p := koctest.Start(t, ts, table, url.Values{"start_tile": {"yellow"}, "variant": {"basic"}}); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d %s", p.Status, p.Body)
	}
	last, steps := koctest.PlayToTheEnd(t, ts, table)
	// A tie asks for the string; otherwise the game is over.
	setup, _ := json.Marshal(kociaki.Setup{StartTile: "yellow", Options: json.RawMessage(`{"variant":"basic"}`)})
	over, final, err := kociaki.Engine{}.Guide(names, setup, steps)
	if err != nil {
		t.Fatal(err)
	}
	if !over {
		t.Fatalf("the scripted game ends in a tie; pick another script")
	}
	if last.Header.Get("Location") != table+"/games/1" {
		t.Fatalf("after the last turn: %q, want the game's result", last.Header.Get("Location"))
	}
	want, err := kociaki.Engine{}.Check(final)
	if err != nil {
		t.Fatal(err)
	}
	res := ts.Get(table + "/games/1")
	if v, _ := res.Doc.Find(`[data-testid="verdict"]`).Attr("data-valid"); v != "true" {
		t.Errorf("the guided game's final state is not valid: %s", res.Text(`[data-testid="violations"]`))
	}
	for _, p := range want.Players {
		if got := res.Text(fmt.Sprintf(`[data-player=%q] [data-testid="player-total"]`, p.Name)); got != strconv.Itoa(p.Total) {
			t.Errorf("%s: the result page shows %q, the engine %d", p.Name, got, p.Total)
		}
	}
}

// TestPlayAlongKocStringSettlesATie: nobody crosses a toy in 12 rounds,
// so everyone ties on 0 and the string left decides (KOC-5).
func TestPlayAlongKocStringSettlesATie(t *testing.T) {
	t.Parallel()
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := ts.CreateGameTable(kociaki.Slug, "Ola", "Ben")
	if p := koctest.Start(t, ts, table, url.Values{"start_tile": {"green"}}); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d", p.Status)
	}
	for r, col := range []string{"yellow", "turquoise", "pink", "green", "turquoise", "yellow", "green", "pink", "yellow", "turquoise", "pink", "green"} {
		if p := koctest.Move(t, ts, table, url.Values{"tile": {col}}); p.Status != http.StatusSeeOther {
			t.Fatalf("round %d: %d %s", r+1, p.Status, p.Text(".banner"))
		}
		for range 2 {
			if p := koctest.Move(t, ts, table, url.Values{"none": {"1"}}); p.Status != http.StatusSeeOther {
				t.Fatalf("round %d: %d", r+1, p.Status)
			}
		}
	}
	play := ts.Get(table + "/play")
	if got := play.Text(`[data-testid="to-act"]`); !strings.Contains(got, "string left") {
		t.Fatalf("after round 12 on a 0–0 tie: %q", got)
	}
	if p := koctest.Move(t, ts, table, url.Values{"string.0": {"12,5"}}); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "for Ben") {
		t.Errorf("Ben's string missing: %d", p.Status)
	}
	if p := koctest.Move(t, ts, table, url.Values{"string.0": {"12,5"}, "string.1": {"a lot"}}); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "a lot") {
		t.Errorf("unreadable string: %d", p.Status)
	}
	p := koctest.Move(t, ts, table, url.Values{"string.0": {"12,5"}, "string.1": {"30"}})
	if p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/games/1" {
		t.Fatalf("string left: %d %q", p.Status, p.Header.Get("Location"))
	}
	if got := ts.Get(table + "/games/1").Text(`[data-testid="winners"]`); !strings.Contains(got, "Ben") || strings.Contains(got, "Ola") {
		t.Errorf("winners %q, want Ben (more string)", got)
	}
}

func TestPlayAlongKocAPI(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	status, ans := ts.PostJSON("/api/v1/games/kociaki-lobuziaki/play",
		`{"players":["Ola","Ben","Cyd"],"start_tile":"yellow","steps":[{"tile":"turquoise"},{"crossed":[{"toy":1}]},{"crossed":[{"toy":1}]}]}`)
	if status != http.StatusOK || ans["valid"] != false {
		t.Fatalf("%d %v", status, ans)
	}
	errs, _ := ans["errors"].([]any)
	if len(errs) != 1 || errs[0].(map[string]any)["code"] != "chip_unknown" || errs[0].(map[string]any)["rule"] != "KOC-2" {
		t.Errorf("errors %v", errs)
	}
	status, ans = ts.PostJSON("/api/v1/games/kociaki-lobuziaki/play", `{"players":["Ola","Ben"],"start_tile":"purple"}`)
	if e, _ := ans["error"].(map[string]any); status != http.StatusBadRequest || e["field"] != "start_tile" {
		t.Errorf("purple start tile: %d %v", status, ans)
	}
}

func TestPlayAlongKocPagesStayLight(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	table := ts.CreateGameTable(kociaki.Slug, "Ola", "Ben", "Cyd", "Dora")
	weigh := func(name, path string) {
		total, doc := ts.CompressedSize(t, path)
		doc.Find(`link[rel="stylesheet"], script[src]`).Each(func(_ int, s *goquery.Selection) {
			a, ok := s.Attr("href")
			if !ok {
				a, _ = s.Attr("src")
			}
			n, _ := ts.CompressedSize(t, a)
			total += n
		})
		t.Logf("%s: %d bytes compressed with its CSS and JS", name, total)
		if total > webtest.PageBudget {
			t.Errorf("%s page weighs %d bytes, over %d", name, total, webtest.PageBudget)
		}
	}
	weigh("setup", table+"/play")
	if p := koctest.Start(t, ts, table, url.Values{"start_tile": {"yellow"}}); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d", p.Status)
	}
	weigh("tile", table+"/play")
	koctest.Move(t, ts, table, url.Values{"tile": {"pink"}})
	koctest.Move(t, ts, table, url.Values{"toy": {"1", "2"}})
	weigh("turn", table+"/play?me=0")
}

// Someone joining the table mid-game does not change the guided game:
// its seats were recorded at the start (hands, chip removal and turns
// depend on them, KOC-1/KOC-3).
func TestPlayAlongKocKeepsItsSeatsWhenAPlayerJoins(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := ts.CreateGameTable(kociaki.Slug, "Ola", "Ben", "Cyd")
	if p := koctest.Start(t, ts, table, url.Values{"start_tile": {"yellow"}}); p.Status != http.StatusSeeOther {
		t.Fatalf("start: %d", p.Status)
	}
	koctest.Move(t, ts, table, url.Values{"tile": {"pink"}})
	koctest.Move(t, ts, table, url.Values{"toy": {"1"}})
	koctest.Move(t, ts, table, url.Values{"toy": {"1"}, "chip.1": {"3"}}) // possible only with 3 players
	f := ts.Get(table).FormOf(t, table+"/players")
	f.Set("name", "Dora")
	if p := ts.Post(table+"/players", f); p.Status != http.StatusSeeOther {
		t.Fatalf("join: %d", p.Status)
	}
	play := ts.Get(table + "/play")
	if play.Status != http.StatusOK || play.Text(`[data-testid="to-act"]`) != "Cyd pulls the string" {
		t.Fatalf("after Dora joined: %d %q", play.Status, play.Text(`[data-testid="to-act"]`))
	}
	if play.Doc.Find(`[data-player="Dora"]`).Length() != 0 {
		t.Error("Dora shows up in a game she did not start in")
	}
}
