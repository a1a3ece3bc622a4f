package cambio_test

import (
	"net/http"
	"strings"
	"testing"

	"tablemate/scoring/cambio"
	"tablemate/views"
	"tablemate/web/cambio/cambiotest"
	"tablemate/web/server"
	"tablemate/web/webtest"
)

func TestPlayAlongCambio(t *testing.T) {
	ts := webtest.New(t, server.NewApp, func(a *server.App) { a.SetWriteRate(0) })
	table := cambiotest.StartRoundTable(ts, "cambio", "Ana", "Ben", "Cy")
	if href, _ := ts.Get(table).Doc.Find(`[data-testid="play-along"]`).Attr("href"); href != table+"/play" {
		t.Fatalf("no play-along link on a Cambio table: %q", href)
	}

	// Set-up: who deals first; a seat that is not at the table is a 422.
	setup := ts.Get(table + "/play")
	if setup.Doc.Find(`input[name="dealer"]`).Length() != 3 || !strings.Contains(setup.Body, "reaches 50 points") {
		t.Fatalf("set-up page:\n%s", setup.Body)
	}
	bad := setup.FormOf(t, table+"/play/start")
	bad.Set("dealer", "7")
	if p := ts.Post(table+"/play/start", bad); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(".field-error"), "deals first") {
		t.Fatalf("bad dealer: %d %q", p.Status, p.Text(".field-error"))
	}
	cambiotest.StartGuided(ts, table, "dealer", "1")

	// Round 1: Ben deals and starts; the first-look reminder is shown.
	play := ts.Get(table + "/play")
	if got := play.Text(`[data-testid="to-move"]`); got != "Ben" {
		t.Fatalf("to move: %q", got)
	}
	if play.Text(`[data-testid="dealer"]`) != "Dealer: Ben" || play.Doc.Find(`[data-testid="first-look"]`).Length() != 1 ||
		play.Doc.Find(`[data-testid="to-move"][aria-live]`).Length() != 1 {
		t.Errorf("round start: dealer %q, first look %d", play.Text(`[data-testid="dealer"]`), play.Doc.Find(`[data-testid="first-look"]`).Length())
	}
	if play.Doc.Find(`[data-testid="call-cambio"]`).Length() != 1 {
		t.Error("no Cambio button for the player to move")
	}

	// A double tap re-sends the same token: recorded once.
	f := play.FormOf(t, table+"/play/step")
	f.Set("do", "done:1")
	if p := ts.Post(table+"/play/step", f); p.Status != http.StatusSeeOther {
		t.Fatalf("turn done: %d %s", p.Status, p.Body)
	}
	if p := ts.Post(table+"/play/step", f); p.Status != http.StatusSeeOther {
		t.Fatalf("double tap: %d", p.Status)
	}
	if n := cambiotest.GuidedSteps(ts.Table(table)); n != 1 {
		t.Fatalf("%d steps after a double tap, want 1", n)
	}
	// A form made before that step is stale: 409 with the fresh turn.
	f.Set("_token", "a-new-token")
	f.Set("do", "done:2")
	if p := ts.Post(table+"/play/step", f); p.Status != http.StatusConflict || p.Text(`[data-testid="to-move"]`) != "Cy" {
		t.Fatalf("stale form: %d, to move %q", p.Status, p.Text(`[data-testid="to-move"]`))
	}
	play = ts.Get(table + "/play")
	if play.Doc.Find(`[data-testid="first-look"]`).Length() != 0 || play.Text(`[data-testid="to-move"]`) != "Cy" {
		t.Errorf("after Ben's turn: first look %d, to move %q", play.Doc.Find(`[data-testid="first-look"]`).Length(), play.Text(`[data-testid="to-move"]`))
	}

	// A turn out of order names the rule and records nothing.
	if p := cambiotest.PlayStep(ts, table, "done:0", nil); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "(rule CAM-2)") {
		t.Fatalf("Ana out of turn: %d", p.Status)
	}
	// Penalty cards: Ana draws two, one taken back.
	cambiotest.MustStep(ts, table, "penalty:0:1", nil)
	cambiotest.MustStep(ts, table, "penalty:0:1", nil)
	cambiotest.MustStep(ts, table, "penalty:0:-1", nil)
	play = ts.Get(table + "/play")
	if got := play.Text(`[data-player="Ana"] [data-testid="penalty-count"]`); got != "1" {
		t.Errorf("Ana's penalty cards: %q", got)
	}
	if p := cambiotest.PlayStep(ts, table, "penalty:1:-1", nil); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "no penalty card") {
		t.Errorf("taking back a penalty card Ben never drew: %d", p.Status)
	}

	// Cy calls Cambio: Ana and Ben get one more turn each, no second call.
	cambiotest.MustStep(ts, table, "cambio:2", nil)
	play = ts.Get(table + "/play")
	if play.Doc.Find(`[data-testid="call-cambio"]`).Length() != 0 || !strings.Contains(play.Text(`[data-testid="cambio-called"]`), "Last turns: Ana and Ben") {
		t.Fatalf("after the call: %q", play.Text(`[data-testid="cambio-called"]`))
	}
	if p := cambiotest.PlayStep(ts, table, "cambio:0", nil); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "only one player may call it per round (rule CAM-2)") {
		t.Fatalf("a second Cambio: %d", p.Status)
	}
	// Ruling CAM-3: Cy's cards are frozen now, so the page does not offer
	// Cy running out, and the engine refuses it if posted anyway.
	play = ts.Get(table + "/play")
	if play.Doc.Find(`[data-testid="out-2"]`).Length() != 0 || play.Doc.Find(`[data-testid="out-0"]`).Length() != 1 ||
		!strings.Contains(play.Text(`[data-testid="frozen"]`), "Cy's cards are frozen") {
		t.Errorf("no-cards panel after the call: %q", play.Text(`[data-testid="no-cards"]`))
	}
	if p := cambiotest.PlayStep(ts, table, "out:2", nil); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "(rule CAM-3)") || !strings.Contains(p.Body, "frozen") {
		t.Fatalf("the caller running out: %d", p.Status)
	}
	cambiotest.MustStep(ts, table, "done:0", nil)
	cambiotest.MustStep(ts, table, "done:1", nil)

	// The round is closed: a turn is refused, the scoring is asked for with
	// the cards to expect.
	if p := cambiotest.PlayStep(ts, table, "done:2", nil); p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Body, "(rule CAM-2)") {
		t.Fatalf("a turn after the round closed: %d", p.Status)
	}
	score := ts.Get(table + "/play")
	if score.Doc.Find(`[data-testid="round-form"]`).Length() != 1 || !strings.Contains(score.Text(`[data-player="Ana"] [data-testid="expected-cards"]`), "= 5 cards") {
		t.Fatalf("scoring step:\n%s", score.Body)
	}
	if v, _ := score.Doc.Find(`[data-testid="round-form"] input[name="ended"]`).Attr("value"); v != "cambio:2" {
		t.Errorf("how the round ended, sent with it, is %q, want Cy's call", v)
	}
	if !strings.Contains(score.Text(`[data-player="Cy"] [data-testid="expected-cards"]`), "at least one") {
		t.Errorf("the caller's hint: %q", score.Text(`[data-player="Cy"] [data-testid="expected-cards"]`))
	}
	// The caller holds at least one frozen card (ruling CAM-3).
	if p := cambiotest.PlayStep(ts, table, "score", cambiotest.Cards("7 blue-king swap", "3", "")); p.Status != http.StatusUnprocessableEntity ||
		!strings.Contains(p.Text(`fieldset[data-player="Cy"] .field-error`), "at least one (rule CAM-3)") {
		t.Fatalf("the caller with no cards: %d %q", p.Status, p.Text(`fieldset[data-player="Cy"] .field-error`))
	}
	// An unreadable card is a 422 on the field; what was typed stays.
	p := cambiotest.PlayStep(ts, table, "score", cambiotest.Cards("7 dragon", "3", "1 1"))
	if p.Status != http.StatusUnprocessableEntity || !strings.Contains(p.Text(`fieldset[data-player="Ana"] .field-error`), "dragon") ||
		p.Doc.Find(`#p0-cards`).AttrOr("value", "") != "7 dragon" {
		t.Fatalf("bad card: %d %q", p.Status, p.Text(`fieldset[data-player="Ana"] .field-error`))
	}
	// Round 1: Ana 7 + 13 + 10 = 30, Ben 3, Cy 2 − 5 (fewest).
	cambiotest.MustStep(ts, table, "score", cambiotest.Cards("7 blue-king swap", "3", "1 1"))
	play = ts.Get(table + "/play")
	if play.Text(`[data-testid="play-round"]`) != "Round 2" || play.Text(`[data-testid="dealer"]`) != "Dealer: Cy" || play.Text(`[data-testid="to-move"]`) != "Cy" {
		t.Fatalf("round 2: %q %q %q", play.Text(`[data-testid="play-round"]`), play.Text(`[data-testid="dealer"]`), play.Text(`[data-testid="to-move"]`))
	}
	if got := cambiotest.TotalsShown(play); strings.Join(got, " ") != "30 3 −3" {
		t.Errorf("totals after round 1: %v", got)
	}
	if !strings.Contains(play.Text(`[data-testid="play-progress"]`), "Ana is 20 points from 50") {
		t.Errorf("progress: %q", play.Text(`[data-testid="play-progress"]`))
	}
	// Undo takes the round's scoring back and stays in the game.
	undo := play.FormOf(t, table+"/undo")
	if p := ts.Post(table+"/undo", undo); p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/play" {
		t.Fatalf("undo: %d %q", p.Status, p.Header.Get("Location"))
	}
	if ts.Get(table+"/play").Doc.Find(`[data-testid="round-form"]`).Length() != 1 {
		t.Fatal("undo did not return to the round's scoring")
	}
	cambiotest.MustStep(ts, table, "score", cambiotest.Cards("7 blue-king swap", "3", "1 1"))

	// Round 2: Ben has no cards at once; Ana reaches 50 and the game ends.
	cambiotest.MustStep(ts, table, "done:2", nil)
	cambiotest.MustStep(ts, table, "out:1", nil)
	// Ben has nothing to enter: no card pad for him (#38), the others have theirs.
	if sc := ts.Get(table + "/play"); sc.Doc.Find(`fieldset[data-player="Ben"] .card-pad`).Length() != 0 || sc.Doc.Find(`fieldset[data-player="Ana"] .card-pad`).Length() != 1 {
		t.Errorf("card pads: Ben %d, Ana %d; want none for Ben, who ran out", sc.Doc.Find(`fieldset[data-player="Ben"] .card-pad`).Length(), sc.Doc.Find(`fieldset[data-player="Ana"] .card-pad`).Length())
	}
	if p := cambiotest.PlayStep(ts, table, "score", cambiotest.Cards("13 13", "4", "2")); p.Status != http.StatusUnprocessableEntity ||
		!strings.Contains(p.Text(`fieldset[data-player="Ben"] .field-error`), "(rule CAM-3)") {
		t.Fatalf("Ben had no cards but 4 entered: %d", p.Status)
	}
	last := cambiotest.MustStep(ts, table, "score", cambiotest.Cards("13 13", "", "2"))
	if last.Header.Get("Location") != table+"/games/1" {
		t.Fatalf("after the last round: %q, want the game's score", last.Header.Get("Location"))
	}
	tb := ts.Table(table)
	if tb.Play != nil || tb.Games.Len() != 1 {
		t.Fatalf("the guided game did not become game 1: %+v", tb.Games)
	}
	// The engine's own score of the same steps is what the pages show.
	setupJSON, steps := cambiotest.GuidedLog(t, tb)
	over, final, err := cambio.Engine{}.Guide(tb.Players, setupJSON, steps)
	if err != nil || !over {
		t.Fatalf("engine replay: over %v %v", over, err)
	}
	want, err := cambio.Engine{}.Check(final)
	if err != nil {
		t.Fatal(err)
	}
	if !want.Valid || !want.GameOver || strings.Join(want.Winners, ",") != "Cy" {
		t.Fatalf("game 1: %+v", want)
	}
	res := ts.Get(table + "/games/1")
	for _, pl := range want.Players {
		if got := res.Text(`[data-player="` + pl.Name + `"] [data-testid="player-total"]`); got != views.Score(pl.Total) {
			t.Errorf("%s's total shown %q, want %d", pl.Name, got, pl.Total)
		}
	}
	if got := res.Text(`[data-testid="winners"]`); !strings.Contains(got, "Cy") {
		t.Errorf("winners shown: %q", got)
	}
	if p := ts.Get(table + "/games/1/replay"); p.Status != http.StatusOK {
		t.Errorf("replay of the guided game: %d", p.Status)
	}
	// The table page shows the finished game and offers the next one.
	page := ts.Get(table)
	if page.Doc.Find(`[data-testid="game-over"]`).Length() != 1 || !strings.Contains(page.Text(`[data-testid="play-along"]`), "next game") {
		t.Errorf("table page after the guided game: %q", page.Text(`[data-testid="play-along"]`))
	}
}

// The guided steps are reachable as JSON too (docs/api-cambio-play.md).
func TestPlayAlongAPICambioAndKodiak(t *testing.T) {
	ts := webtest.New(t, server.NewApp)
	status, ans := ts.PostJSON("/api/v1/games/cambio/play", `{"players":["Ana","Ben"],"steps":[{"done":0},{"cambio":1},{"cambio":0}]}`)
	errs, _ := ans["errors"].([]any)
	if status != http.StatusOK || ans["valid"] != false || len(errs) != 1 || errs[0].(map[string]any)["code"] != "cambio_twice" {
		t.Fatalf("cambio: %d %v", status, ans)
	}
	if state := ans["state"].(map[string]any); state["caller"] != "Ben" || state["player"] != "Ana" {
		t.Errorf("cambio state %v", state)
	}
	status, ans = ts.PostJSON("/api/v1/games/kodiak/play", `{"players":["Ana","Ben"],"steps":[{"pounce":1},{"pounce":1},{"pounce":1},{"pounce":1}]}`)
	errs, _ = ans["errors"].([]any)
	if status != http.StatusOK || len(errs) != 1 || errs[0].(map[string]any)["code"] != "too_many_pounces" || errs[0].(map[string]any)["rule"] != "KOD-1" {
		t.Fatalf("kodiak: %d %v", status, ans)
	}
	status, ans = ts.PostJSON("/api/v1/games/kodiak/play", `{"players":["Ana","Ben"],"steps":[{"hairball":1}]}`)
	if e, _ := ans["error"].(map[string]any); status != http.StatusBadRequest || e["field"] != "steps[0].delta" {
		t.Fatalf("bad step: %d %v", status, ans)
	}
}
