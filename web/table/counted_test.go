package table_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"tablemate/web/cambio/cambiotest"
	"tablemate/web/kks/kkstest"
)

// kksShortForm is a KKS result of three short displays, saved as
// disputed (kkstest.Form chooses so): it breaks KKS-3.
func kksShortForm(ts *testServer, t *testing.T, table string, tokens []string) url.Values {
	t.Helper()
	return kkstest.Form(ts.Get(table+"/games/new").FormOf(t, table+"/games"),
		[]map[string]string{{"red": "1 2"}, {"blue": "3"}, {"black": "9"}}, tokens)
}

// After the evening moved on to another game's sheet, game 1 (KKS) and a
// round of game 2 (Cambio) are still corrected, each with the editor of
// its own kind (issue #32: the table's current game chose the editor,
// and both answered 404); the standing is worked out again.
func TestCorrectOldGamesAfterASheetStarted(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Ana", "Ben", "Cy")
	if p := ts.Post(table+"/games", kksShortForm(ts, t, table, []string{"7", "0", "0"})); p.Status != http.StatusSeeOther {
		t.Fatalf("KKS: %d", p.Status)
	}
	ts.Settle(t, table, 1)
	ts.Choose(t, table, "cambio", "")
	for _, r := range cambiotest.Rounds {
		if p := cambiotest.EnterRound(ts.Server, table, r.Cards, r.Ended); p.Status != http.StatusSeeOther {
			t.Fatalf("Cambio round: %d %s", p.Status, p.Text(".field-error"))
		}
	}
	ts.Choose(t, table, "another-game", "")
	if to := ts.SheetRound(t, table, map[string]string{"name": "Skat", "players[0].points": "3", "players[1].points": "1", "players[2].points": "2"}); to != table+"?done=round&at="+strconv.Itoa(ts.Table(table).Head) {
		t.Fatalf("the sheet's first round went to %q", to)
	}

	// Game 1 opens in KKS's editor, and its correction is saved.
	edit := ts.Get(table + "/games/1/edit")
	if edit.Status != http.StatusOK || edit.Doc.Find(`fieldset[data-player="Cy"] input[data-stack="black"]`).Length() != 1 {
		t.Fatalf("game 1's editor: %d\n%s", edit.Status, edit.Text("main"))
	}
	f := kkstest.Form(edit.FormOf(t, table+"/games/1"), []map[string]string{{"red": "1"}, {"blue": "3"}, {"black": "9"}}, []string{"0", "0", "7"})
	if p := ts.Post(table+"/games/1", f); p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/games/1" {
		t.Fatalf("game 1's correction: %d to %q", p.Status, p.Header.Get("Location"))
	}
	// Round 1 of game 2 opens in Cambio's editor: Ana had a 0, not a 7.
	round := ts.Get(table + "/games/2/rounds/1/edit")
	if round.Status != http.StatusOK || round.Doc.Find(`input[name="ended"]`).Length() == 0 {
		t.Fatalf("round 1 of game 2: %d\n%s", round.Status, round.Text("main"))
	}
	if v, _ := round.Doc.Find(`input[name="players[0].cards"]`).Attr("value"); v != "7 red-king swap" {
		t.Errorf("round 1 opens with Ana's cards %q", v)
	}
	rf := round.FormOf(t, table+"/games/2/rounds/1")
	for k, v := range cambiotest.Cards("0 red-king swap", "3 4", "peek-mine blue-king") {
		rf[k] = v
	}
	rf.Set("ended", "cambio:1")
	if p := ts.Post(table+"/games/2/rounds/1", rf); p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/games/2" {
		t.Fatalf("the round's correction: %d to %q\n%s", p.Status, p.Header.Get("Location"), p.Text(".field-error"))
	}

	tb := ts.Table(table)
	if tb.Info.Slug != "another-game" || !tb.Games.At(0).Corrected || !tb.Games.At(1).Corrected {
		t.Fatalf("the table plays %s; games corrected %v %v", tb.Info.Slug, tb.Games.At(0).Corrected, tb.Games.At(1).Corrected)
	}
	if ana, _ := tb.Games.At(1).Result().Total("Ana"); ana != 54 {
		t.Errorf("Ana's Cambio total %d, want 54 (61 less the 7)", ana)
	}
	// The corrected KKS game is disputed again (it still breaks KKS-3):
	// the standing is Cambio's alone, summed, the fewest leading.
	page := ts.Get(table)
	if why := page.Text(`[data-testid="standing-why"]`); !strings.Contains(why, "Cambio") || !strings.Contains(why, "fewest") {
		t.Errorf("the standing's line %q", why)
	}
	if got := page.Text(`tr[data-player="Ana"] [data-testid="total"]`); got != "54" {
		t.Errorf("Ana stands at %q, want 54", got)
	}
	if page.Doc.Find(`[data-testid="games"] tr[data-game="1"] [data-testid="disputed-badge"]`).Length() != 1 {
		t.Error("the corrected game 1 is not marked disputed")
	}
	if !strings.Contains(page.Text(`[data-testid="log"]`), "Round 1 of game 2 corrected") {
		t.Error("the round's correction is not in the history")
	}
}

// A disputed game is shown with its totals and violations, marked
// "disputed — not counted", and counts in no standing until the table
// counts it as entered; then every page says so beside it, the view-only
// one too (and holds no form to do it).
func TestSettleADisputedGame(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Ana", "Ben", "Cy")
	if p := ts.Post(table+"/games", kksShortForm(ts, t, table, []string{"7", "0", "0"})); p.Status != http.StatusSeeOther {
		t.Fatalf("KKS: %d", p.Status)
	}
	game := ts.Get(table + "/games/1")
	if game.Doc.Find(`[data-testid="verdict"] [data-testid="disputed-badge"]`).Length() != 1 || game.Doc.Find(`[data-testid="settle"]`).Length() != 1 {
		t.Fatalf("the disputed game's page offers no settling:\n%s", game.Text("main"))
	}
	if game.Doc.Find(`[data-testid="ranking"] img.trophy`).Length() != 0 {
		t.Error("a disputed game crowns a winner")
	}
	page := ts.Get(table)
	if page.Text(`[data-testid="leader"] strong`) != "No game counts yet" || page.Doc.Find(`[data-testid="standings"]`).Length() != 0 ||
		!strings.Contains(page.Text(`[data-testid="evening-status"]`), "1 disputed game not counted") {
		t.Errorf("a disputed game counts: %q / %q", page.Text(`[data-testid="leader"]`), page.Text(`[data-testid="evening-status"]`))
	}

	done := ts.Settle(t, table, 1)
	if done.Header.Get("Location") != table+"/games/1?done=settled&at="+strconv.Itoa(ts.Table(table).Head) {
		t.Errorf("settling answers %q", done.Header.Get("Location"))
	}
	game = ts.Get(done.Header.Get("Location"))
	if v := game.Doc.Find(`[data-testid="verdict"]`); v.AttrOr("data-settled", "") != "true" || !strings.Contains(v.Text(), "Counted as entered: Ana wins") {
		t.Errorf("the settled verdict: %q", v.Text())
	}
	if game.Doc.Find(`[data-code="card_count"]`).Length() == 0 {
		t.Error("the settled game no longer shows its violations")
	}
	page = ts.Get(table)
	if page.Text(`[data-testid="leader"] strong`) != "Ana leads" || page.Doc.Find(`[data-testid="games"] [data-testid="settled-badge"]`).Length() != 1 {
		t.Errorf("after settling: %q, settled badges %d", page.Text(`[data-testid="leader"]`), page.Doc.Find(`[data-testid="games"] [data-testid="settled-badge"]`).Length())
	}
	if !strings.Contains(page.Text(`[data-testid="log"]`), "Game 1 counted as entered") {
		t.Error("the history does not tell the settling")
	}
	view, _ := page.Doc.Find(`[data-testid="view-link"]`).Attr("value")
	u, _ := url.Parse(view)
	ro := ts.Get(u.Path + "/games/1")
	if ro.Doc.Find(`[data-testid="verdict"][data-settled="true"]`).Length() != 1 || ro.Doc.Find("form").Length() != 0 {
		t.Errorf("the view-only game page: settled %d, forms %d", ro.Doc.Find(`[data-testid="verdict"][data-settled="true"]`).Length(), ro.Doc.Find("form").Length())
	}
	// Settling twice is refused, plainly.
	if p := ts.Post(table+"/games/1/settle", page.FormOf(t, table+"/undo")); p.Status != http.StatusUnprocessableEntity {
		t.Errorf("settling a settled game: %d", p.Status)
	}
}

// "Stop playing along" ends a game played along: kept as an unfinished
// game (listed, counted nowhere) or discarded; one confirming tap on
// either, and Undo brings the game played along back. Every guided page
// leads back to the table, and "Next game" stays offered.
func TestStopPlayingAlongBothWays(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Ana", "Ben")
	kkstest.StartPlay(t, ts.Server, table)
	for turn, card := range kkstest.Deck()[:2] {
		f := ts.Get(table+"/play?take=1").FormOf(t, table+"/play/step")
		f.Set("take", "1")
		f.Set("reveal", card)
		if p := ts.Post(table+"/play/step", f); p.Status != http.StatusSeeOther {
			t.Fatalf("turn %d: %d", turn+1, p.Status)
		}
	}
	play := ts.Get(table + "/play")
	if href, _ := play.Doc.Find(`[data-testid="back-to-table"]`).Attr("href"); href != table {
		t.Errorf("the guided page leads back to %q", href)
	}
	if play.Doc.Find(`[data-testid="stop-play"] [data-testid="stop-keep"]`).Length() != 1 || play.Doc.Find(`[data-testid="stop-discard"]`).Length() != 1 {
		t.Fatal("the guided page offers no way to stop")
	}
	if ts.Get(table).Doc.Find(`[data-testid="choose-next"]`).Length() != 1 {
		t.Error("Next game is not offered while a game is played along")
	}
	next := ts.Get(table + "/next")
	if next.Doc.Find(`[data-testid="stop-play"]`).Length() != 1 || next.Doc.Find(`[data-testid="choose-game"][disabled]`).Length() != 1 {
		t.Error("the next-game page does not offer to stop the game played along first")
	}

	// Kept: an unfinished game, counted nowhere.
	keep := play.FormOf(t, table+"/play/stop")
	keep.Set("keep", "1")
	p := ts.Post(table+"/play/stop", keep)
	if p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"?done=kept&at="+strconv.Itoa(ts.Table(table).Head) {
		t.Fatalf("keep: %d to %q", p.Status, p.Header.Get("Location"))
	}
	page := ts.Get(p.Header.Get("Location"))
	if page.Doc.Find(`[data-testid="games"] [data-testid="unfinished-badge"]`).Length() != 1 || page.Doc.Find(`[data-testid="standings"]`).Length() != 0 {
		t.Errorf("the kept game: %q", page.Text(`[data-testid="games"]`))
	}
	if got := page.Text(`[data-testid="undo"]`); got != "Undo: stopping the game played along" {
		t.Errorf("undo button %q", got)
	}
	if g := ts.Get(table + "/games/1"); g.Doc.Find(`[data-testid="verdict"][data-unfinished="true"]`).Length() != 1 || g.Doc.Find(`a[href$="/games/1/edit"]`).Length() != 1 {
		t.Error("the unfinished game's page does not say so or offers no correction")
	}
	if p := ts.Post(table+"/undo", page.FormOf(t, table+"/undo")); p.Status != http.StatusSeeOther {
		t.Fatalf("undo: %d", p.Status)
	}
	if tb := ts.Table(table); tb.Play == nil || len(tb.Play.Steps) != 2 || tb.Games.Len() != 0 {
		t.Fatalf("after the undo: play %v, %d games", tb.Play != nil, tb.Games.Len())
	}

	// Discarded, from the next-game page: back to choosing the game.
	discard := ts.Get(table+"/next").FormOf(t, table+"/play/stop?back=next")
	discard.Set("keep", "0")
	if p := ts.Post(table+"/play/stop?back=next", discard); p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/next" {
		t.Fatalf("discard: %d to %q", p.Status, p.Header.Get("Location"))
	}
	if tb := ts.Table(table); tb.Play != nil || tb.Games.Len() != 0 {
		t.Errorf("after discarding: play %v, %d games", tb.Play != nil, tb.Games.Len())
	}
	if ts.Get(table+"/next").Doc.Find(`[data-testid="choose-game"][disabled]`).Length() != 0 {
		t.Error("the next game cannot be chosen after the game played along was discarded")
	}
	// A stop with nothing played along is refused plainly.
	discard.Set("_token", "another-tap")
	discard.Set("_seen", "0")
	if p := ts.Post(table+"/play/stop", discard); p.Status != http.StatusUnprocessableEntity && p.Status != http.StatusConflict {
		t.Errorf("stop without a game played along: %d", p.Status)
	}
}

// A spectator's view-only page follows a game played along: its moves
// and everyone's points in the position now, read only, with no edit id.
func TestSpectatorSeesThePlayAlong(t *testing.T) {
	ts := newTestServer(t)
	table := ts.CreateTable("Ana", "Ben")
	view, _ := ts.Get(table).Doc.Find(`[data-testid="view-link"]`).Attr("value")
	u, _ := url.Parse(view)
	kkstest.StartPlay(t, ts.Server, table)
	f := ts.Get(table+"/play?take=1").FormOf(t, table+"/play/step")
	f.Set("take", "1")
	f.Set("reveal", kkstest.Deck()[0])
	if p := ts.Post(table+"/play/step", f); p.Status != http.StatusSeeOther {
		t.Fatalf("turn: %d", p.Status)
	}
	ro := ts.Get(u.Path)
	playing := ro.Doc.Find(`[data-testid="playing-along"]`)
	if playing.Length() != 1 || playing.Find(`[data-testid="playing-moves"]`).Text() != "1 move so far" || playing.Find("li").Length() != 2 {
		t.Fatalf("the view-only page shows no game played along:\n%s", ro.Text("main"))
	}
	// Ana took the red 10 face up for free: 10 points and her 7 tokens.
	if got := playing.Find(`li[data-player="Ana"] strong`).Text(); got != "17" {
		t.Errorf("Ana's points so far %q, want 17", got)
	}
	if id := strings.TrimPrefix(table, "/tables/"); strings.Contains(ro.Body, id) || ro.Doc.Find("form").Length() != 0 || playing.Find("a").Length() != 0 {
		t.Error("the view-only page names the edit link, holds a form or links into the game")
	}
	if ts.Get(table).Doc.Find(`[data-testid="playing-along"] a[data-testid="continue-play"]`).Length() != 1 {
		t.Error("the edit page does not lead back into the game played along")
	}
}

// A round game going on is stopped from the next-game page, kept as an
// unfinished game, so the table switches game without an Undo tap per
// round: one tap opens the choice, one keeps it; the game is listed
// unfinished and counts nowhere, Undo lets it go on, and the German page
// says it all in German.
func TestStopARoundGameToSwitchGame(t *testing.T) {
	ts := newTestServer(t)
	table := cambiotest.StartRoundTable(ts.Server, "cambio", "Ana", "Ben", "Cy")
	for _, r := range cambiotest.Rounds[:2] {
		if p := cambiotest.EnterRound(ts.Server, table, r.Cards, r.Ended); p.Status != http.StatusSeeOther {
			t.Fatalf("Cambio round: %d", p.Status)
		}
	}
	if ts.Get(table).Doc.Find(`[data-testid="choose-next"]`).Length() != 1 {
		t.Error("Next game is not offered while a round game goes on")
	}
	next := ts.Get(table + "/next")
	stop := next.Doc.Find(`[data-testid="stop-game"]`)
	if next.Doc.Find(`[data-testid="next-blocked"]`).Length() != 1 || stop.Length() != 1 || next.Doc.Find(`[data-testid="choose-game"][disabled]`).Length() != 1 {
		t.Fatalf("the next-game page offers no way to stop game 1:\n%s", next.Text("main"))
	}
	if got := stop.Find("p").First().Text(); got != "Cambio, game 1: 2 rounds so far." {
		t.Errorf("the stop says %q", got)
	}
	de := ts.GetLang(table+"/next", "de")
	if got := de.Text(`[data-testid="stop-game-open"]`); got != "Diese Partie beenden" {
		t.Errorf("the German stop reads %q", got)
	}
	if got := de.Text(`[data-testid="stop-game"] p`); got != "Cambio, Partie 1: bisher 2 Runden." {
		t.Errorf("the German stop says %q", got)
	}

	p := ts.Post(table+"/games/1/stop", next.FormOf(t, table+"/games/1/stop"))
	if p.Status != http.StatusSeeOther || p.Header.Get("Location") != table+"/next?done=stopped&at="+strconv.Itoa(ts.Table(table).Head) {
		t.Fatalf("stop: %d to %q\n%s", p.Status, p.Header.Get("Location"), p.Text(`[role="alert"], .banner-bad`))
	}
	after := ts.Get(p.Header.Get("Location"))
	if after.Doc.Find(`[data-testid="choose-game"][disabled]`).Length() != 0 || after.Doc.Find(`[data-testid="stop-game"]`).Length() != 0 {
		t.Error("the next game cannot be chosen after the stop")
	}
	if !strings.Contains(after.Text(".banner-good, .flash"), "kept as an unfinished game") {
		t.Errorf("the stop is not confirmed: %q", after.Text("main"))
	}
	page := ts.Get(table)
	if page.Doc.Find(`[data-testid="games"] tr[data-game="1"] [data-testid="unfinished-badge"]`).Length() != 1 || page.Doc.Find(`[data-testid="standings"]`).Length() != 0 {
		t.Errorf("the stopped game: %q", page.Text(`[data-testid="games"]`))
	}
	if got := page.Text(`[data-testid="undo"]`); got != "Undo: stopping game 1" {
		t.Errorf("undo button %q", got)
	}
	if !strings.Contains(page.Text(`[data-testid="log"]`), "Game 1 stopped before its end: kept as an unfinished game") {
		t.Error("the history does not tell the stop")
	}
	// Undo: the game goes on, its next round taken.
	if p := ts.Post(table+"/undo", page.FormOf(t, table+"/undo")); p.Status != http.StatusSeeOther {
		t.Fatalf("undo: %d", p.Status)
	}
	if p := cambiotest.EnterRound(ts.Server, table, cambiotest.Rounds[2].Cards, cambiotest.Rounds[2].Ended); p.Status != http.StatusSeeOther {
		t.Fatalf("the third round after the undo: %d", p.Status)
	}
	if tb := ts.Table(table); tb.Games.Len() != 1 || !tb.Games.At(0).Record.Over || tb.Games.At(0).Unfinished {
		t.Errorf("after the undo and the last round: %+v", tb.Games.At(0).Record)
	}
	// A stop of a game that is not going on is refused plainly.
	f := ts.Get(table).FormOf(t, table+"/undo")
	if p := ts.Post(table+"/games/1/stop", f); p.Status != http.StatusUnprocessableEntity {
		t.Errorf("stopping a finished game: %d", p.Status)
	}
}
